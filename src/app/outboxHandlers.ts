// What the outbox's sender needs of each feature (its re-read and send), loaded when an entry of that kind is
// sent: the composition root wires them, as features may not import each other and src/api not them.
import type { OutboxHandlers } from '../api/outbox';

export const outboxHandlers: OutboxHandlers = {
  'punch-create': () => import('../features/punchlist/outbox').then((m) => m.punchOutbox),
  'rfi-update': () => import('../features/rfis/outbox').then((m) => m.rfiOutbox),
  'submittal-update': () => import('../features/submittals/outbox').then((m) => m.submittalOutbox),
  'folder-update': () => import('../features/folders/outbox').then((m) => m.folderOutbox),
};
