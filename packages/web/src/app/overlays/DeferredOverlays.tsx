import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { modalsWanted, releaseModalEvents, watchModalEvents } from './modal-events';

/*
 * Message boxes and toasts look and behave as before, but their code (Mantine's modals manager,
 * the Modal, the notifications container and its transitions) loads on first use, so the login
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

/** Toasts wait in Mantine's notifications store until the container mounts and shows them. */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
