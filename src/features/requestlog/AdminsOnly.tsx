// What staff see instead of the request log.
import { AdminsOnly as AdminsOnlyScreen } from '../../ui/AdminsOnly';

export function AdminsOnly() {
  return (
    <AdminsOnlyScreen
      title="Request log"
      shows="The request log shows every call made to the service, by every user."
    />
  );
}
