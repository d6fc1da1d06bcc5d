import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toasts' container; its own chunk, loaded by `DeferredNotifications` on the first toast. */
export default function NotificationsHost() {
  return <Notifications position="top-center" zIndex={2000} />;
}
