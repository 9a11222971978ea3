// When two writes of a record's History share a minute, a time to the minute cannot tell them apart (nor say
// which came first): those entries show seconds.

/** Ids of the entries whose time falls in the same minute as another entry's. */
export function sharedMinutes(entries: ReadonlyArray<{ id: number; date?: Date }>): Set<number> {
  const byMinute = new Map<number, number[]>();
  for (const e of entries) {
    const t = e.date?.getTime();
    if (t === undefined || Number.isNaN(t)) continue;
    const minute = Math.floor(t / 60_000);
    const ids = byMinute.get(minute);
    if (ids) ids.push(e.id);
    else byMinute.set(minute, [e.id]);
  }
  const out = new Set<number>();
  for (const ids of byMinute.values()) if (ids.length > 1) for (const id of ids) out.add(id);
  return out;
}
