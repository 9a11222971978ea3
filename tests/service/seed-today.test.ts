// The seed's "today" through the service (issue 34): SEED_TODAY (ServiceOptions.seedToday) dates the demo data of
// a new data folder, the day is stored (settings `seed_today`) and kept by later starts whatever SEED_TODAY says;
// the harness pins 2026-11-01 unless told otherwise.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedIds } from '../../server/db/seed';
import { startService } from '../../server/service';
import { expectStatus, Harness } from './harness';

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function harness(options: Parameters<typeof Harness.start>[0] = {}) {
  const h = await Harness.start(options);
  harnesses.push(h);
  return h;
}

/** The stored seed day and the next meeting's date, read from the data folder. */
function stored(dataDir: string) {
  const db = new Database(join(dataDir, 'pm.sqlite'), { readonly: true });
  try {
    const day = db.prepare("SELECT value FROM settings WHERE name = 'seed_today'").get() as { value: string };
    const next = db.prepare("SELECT meeting_date FROM meetings WHERE subject = 'OAC Meeting #11'").get() as {
      meeting_date: string;
    };
    return { day: day.value, nextMeeting: next.meeting_date };
  } finally {
    db.close();
  }
}

describe('SEED_TODAY', () => {
  it('the harness pins 2026-11-01: the data the tests rely on', async () => {
    const h = await harness();
    expect(h.service.seedToday).toBe('2026-11-01');
    expect(stored(h.dataDir)).toEqual({ day: '2026-11-01', nextMeeting: '11/04/2026' });
  });

  it('dates a new data folder from the day given: RFI-035 of project 1 is due the next day', async () => {
    const h = await harness({ seedToday: '2026-12-10' });
    expect(h.service.seedToday).toBe('2026-12-10');
    expect(stored(h.dataDir)).toEqual({ day: '2026-12-10', nextMeeting: '12/16/2026' });
    const res = await h.as('pm', 'OpenIssueReadRequest', { folderId: seedIds.rfiFolder + 34 });
    expectStatus(res, 200);
    expect(res.json.openIssue.number).toBe('RFI-035');
    expect(res.json.openIssue.dueDate).toBe('12/11/2026');
  });

  it('a seeded data folder keeps its day on the next start, whatever SEED_TODAY says', async () => {
    const h = await harness({ seedToday: '2026-12-10' });
    await h.service.close();
    h.service = await startService({ dataDir: h.dataDir, port: 0, seedToday: '2027-03-01' });
    expect(h.service.seedToday).toBe('2026-12-10');
    await h.service.close();
    h.service = await startService({ dataDir: h.dataDir, port: 0 });
    expect(h.service.seedToday).toBe('2026-12-10');
    expect(stored(h.dataDir)).toEqual({ day: '2026-12-10', nextMeeting: '12/16/2026' });
  });
});
