import { useIsMutating } from '@tanstack/react-query';
import { LoadingOverlay } from './LoadingOverlay';

/** The app's overlay while any write (a mutation of the query client: api/write.ts, useKeyedCall) is in flight. */
export function WritesOverlay() {
  return <LoadingOverlay visible={useIsMutating() > 0} />;
}
