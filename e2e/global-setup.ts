import { ensureWebBuilt } from './build-web';

/** Builds the web app once before any end-to-end file starts. */
export default function setup(): void {
  ensureWebBuilt();
}
