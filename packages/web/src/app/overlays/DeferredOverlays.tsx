import { lazy, Suspense, useSyncExternalStore } from 'react';
import { modalsWanted, releaseModalEvents, watchModalEvents } from './modal-events';
import { toastsWanted, watchToasts } from './toasts';

/*
 * Message boxes and toasts look and behave as before, but their code (Mantine's modals manager,
 * the Modal, the notifications store, container and transitions) loads on first use, so the login
 * page does not download it up front.
 */
const ModalsHost = lazy(() => import('./ModalsHost'));
const NotificationsHost = lazy(() => import('./NotificationsHost'));

export function DeferredModals() {
  const wanted = useSyncExternalStore(watchModalEvents, modalsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost onListening={releaseModalEvents} />
    </Suspense>
  );
}

/** Toasts wait for the store and the container (`toasts.ts`), which load with the first toast. */
export function DeferredNotifications() {
  const wanted = useSyncExternalStore(watchToasts, toastsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
