// The toasts' container (Mantine Notifications: its transitions and styles, ~9 KB gzip), in its own chunk that
// the shell loads as soon as it has rendered (ToastsHost). `notifications.show()` works before that: the store
// is in the entry, and the container shows what is already in it when it mounts.
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  return <Notifications position="top-right" />;
}

export default Toasts;
