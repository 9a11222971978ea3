// What the outbox's sender needs of each feature (its re-read and send), loaded when an entry of that kind is
// sent: the composition root wires them, as features may not import each other and src/api not them. A chunk
// that failed to download once is asked for again on the next try (retryableImport): Chromium keeps a failed
// dynamic import, so a plain `import()` would fail every later try of that page without a request, and its
// outbox would never go (docs/offline.md, "How it is sent").
import type { OutboxHandlers } from '../api/outbox';
import { retryableImport } from '../ui/retryableImport';

const punch = retryableImport(() => import('../features/punchlist/outbox'));
const rfi = retryableImport(() => import('../features/rfis/outbox'));
const submittal = retryableImport(() => import('../features/submittals/outbox'));
const folder = retryableImport(() => import('../features/folders/outbox'));

export const outboxHandlers: OutboxHandlers = {
  'punch-create': () => punch().then((m) => m.punchOutbox),
  'rfi-update': () => rfi().then((m) => m.rfiOutbox),
  'submittal-update': () => submittal().then((m) => m.submittalOutbox),
  'folder-update': () => folder().then((m) => m.folderOutbox),
};
