// Punch rows through the outbox: sent with the grid's own logic (create.ts: batches, TempItemIds), without its
// waits — a lost connection leaves the rows not yet created in the entry, to be sent again with the same
// TempItemIds (the service returns rows it already created instead of creating them twice).
import { call } from '../../api/client';
import { matchPath } from 'react-router-dom';
import { update, type NewOutboxEntry, type OutboxKindHandler } from '../../api/outbox';
import { sessionStore } from '../../api/session';
import type { PunchList } from '../../contract/dtos';
import { routes } from '../../routes/routes';
import { createItems } from './create';
import { createdFromItems, recordCreated } from './createdHere';
import { COLUMNS } from './model';

export const punchRecord = (containerId: number) => `punch:${containerId}`;

const columnLabel = (key: string) => COLUMNS.find((c) => c.key === key)?.label ?? key;

export const punchOutbox: OutboxKindHandler = {
  send: async (entry, signal) => {
    const items = (entry.request as { punchlistList: PunchList[] }).punchlistList;
    const outcome = await createItems(items, {
      send: async (list) =>
        (await call('PunchListCreateManyRequest', { punchlistList: list }, { signal })).returnedIdList ?? [],
      delays: [],
    });
    // What was created joins "Created from this browser" (the phone form shows the numbers from there).
    const projectId = Number(matchPath(routes.punchList.pattern, entry.href)?.params.projectId);
    if (projectId) {
      recordCreated(
        sessionStore.get()?.userName,
        projectId,
        createdFromItems(items, outcome.created, Date.now()),
      );
    }
    const left = items.filter((i) => !outcome.created.has(i.tempItemId ?? ''));
    if (outcome.error) {
      if (left.length !== items.length) await update(entry.id, { request: { punchlistList: left } });
      throw outcome.error;
    }
    if (!outcome.refused.size) return;
    const reasons = [...outcome.refused].map(([tempId, why]) => {
      const item = items.find((i) => i.tempItemId === tempId);
      const text = Object.entries(why)
        .map(([k, v]) => (k === '_row' ? v : `${columnLabel(k)}: ${v}`))
        .join(' ');
      return `“${item?.summary ?? tempId}”: ${text}`;
    });
    return {
      keep: {
        state: 'refused',
        request: { punchlistList: left },
        message: `${outcome.refused.size} of ${items.length} rows were refused (${outcome.created.size} created). ${reasons.join(' ')}`,
      },
    };
  },
};

/** One Send of the grid (or one phone item) as an outbox entry; rows keep their TempItemIds. */
export function punchOutboxEntry(a: {
  projectId: number;
  containerId: number;
  listName: string;
  items: PunchList[];
}): NewOutboxEntry {
  const n = a.items.length;
  return {
    kind: 'punch-create',
    operation: 'PunchListCreateManyRequest',
    request: { punchlistList: a.items },
    label: `${a.listName} · ${n === 1 ? `1 new item: ${a.items[0].summary ?? ''}` : `${n} new items`}`,
    href: routes.punchList.href(a.projectId, a.containerId),
    record: punchRecord(a.containerId),
  };
}
