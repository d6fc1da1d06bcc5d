import type { NotificationData } from '@mantine/notifications';

/*
 * Toasts (`toast()` in components/message.tsx) look and behave as before, but Mantine's
 * notifications store and its container load with the first toast (the login page shows none):
 * each toast goes to the store once its code has arrived, in the order they were asked for.
 */
let wanted = false;
const watchers = new Set<() => void>();

/** True once a toast was asked for: the container is needed from then on. */
export function toastsWanted(): boolean {
  return wanted;
}

export function watchToasts(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export function showToast(toast: NotificationData): void {
  if (!wanted) {
    wanted = true;
    watchers.forEach((w) => w());
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(toast));
}
