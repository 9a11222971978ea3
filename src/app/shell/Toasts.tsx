// The toasts' container (Mantine Notifications: its transitions and styles, ~9 KB gzip), in its own chunk that
// the shell loads as soon as it has rendered (ToastsHost). `notifications.show()` works before that: the store
// is in the entry, and the container shows what is already in it when it mounts. Toasts sit top right below
// the header (AppShell's header height), never over its buttons.
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import './Toasts.css';

export function Toasts() {
  return <Notifications position="top-right" classNames={{ root: 'pm-toasts' }} />;
}

export default Toasts;
