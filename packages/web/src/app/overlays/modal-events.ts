/*
 * `modals.open(...)` (messageBox, confirmBox) only dispatches a window event that the
 * ModalsProvider listens for. The provider and the Modal code behind it are a chunk the login page
 * rarely needs, so until that chunk has loaded these listeners keep every modal event and hand
 * them over, in order, once the provider listens.
 */
const PREFIX = 'mantine-modals:';
const EVENTS = ['openModal', 'openConfirmModal', 'openContextModal', 'closeModal', 'closeAllModals', 'updateModal', 'updateContextModal'];

let held: CustomEvent[] = [];
let holding = false;
let released = false;
const watchers = new Set<() => void>();

function hold(event: Event): void {
  held.push(event as CustomEvent);
  watchers.forEach((w) => w());
}

/** Starts holding modal events; main.tsx calls it before anything can open a message box. */
export function holdModalEvents(): void {
  if (holding || released) return;
  holding = true;
  EVENTS.forEach((name) => window.addEventListener(PREFIX + name, hold));
}

/** True once a modal event arrived: the provider is needed from then on. */
export function modalsWanted(): boolean {
  return released || held.length > 0;
}

export function watchModalEvents(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** The provider listens now: stop holding and replay what was held. Safe to call again. */
export function releaseModalEvents(): void {
  const events = held;
  held = [];
  released = true;
  holding = false;
  EVENTS.forEach((name) => window.removeEventListener(PREFIX + name, hold));
  events.forEach((e) => window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail as unknown })));
}
