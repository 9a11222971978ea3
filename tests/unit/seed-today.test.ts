// The seed's "today" (issue 34): the demo data is relative to the day the data folder is seeded, or to SEED_TODAY
// when it is pinned (the tests pin 2026-11-01), and the day used is stored in the database.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coreSchema } from '../../server/db/core-schema';
import { domainSchema } from '../../server/db/domain-schema';
import { findScaleFolder, seed, seedScale, seedTodayOf } from '../../server/db/seed';
import { dayMs, formatTextDate, textDateMs } from '../../server/db/text-dates';

const DAY = 86_400_000;

function seeded(options: Parameters<typeof seed>[1] = {}) {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(coreSchema);
  db.exec(domainSchema);
  seed(db, options);
  return db;
}

/** Whole days from `today` to a stored text date. */
const daysFrom = (today: number, text: string | null) => (textDateMs(text)! - today) / DAY;

interface Rfi {
  project_id: number;
  number: string;
  status_id: number;
  due_date: string;
}

/** What a newcomer sees of project `p` on `today`. */
function glance(db: Database.Database, p: number, today: number) {
  const rfis = db
    .prepare('SELECT project_id, number, status_id, due_date FROM open_issues WHERE project_id = ?')
    .all(p) as Rfi[];
  // Drafts (1) and open RFIs (2) are waiting for someone; only open ones are overdue (src/api/rules/rfis.ts).
  const dueThisWeek = rfis.filter(
    (r) => r.status_id <= 2 && daysFrom(today, r.due_date) > 0 && daysFrom(today, r.due_date) <= 7,
  );
  const fewDaysOverdue = rfis.filter(
    (r) => r.status_id === 2 && daysFrom(today, r.due_date) < 0 && daysFrom(today, r.due_date) >= -7,
  );
  const meetings = (
    db
      .prepare(
        'SELECT m.meeting_date AS date FROM meetings m JOIN folders f ON f.id = m.folder_id WHERE f.project_id = ?',
      )
      .all(p) as { date: string }[]
  ).map((m) => daysFrom(today, m.date));
  const reportDays = (
    db
      .prepare(
        'SELECT d.dated_ms AS at FROM daily_reports d JOIN folders f ON f.id = d.folder_id WHERE f.project_id = ?',
      )
      .all(p) as { at: number }[]
  ).map((r) => (r.at - today) / DAY);
  return { dueThisWeek, fewDaysOverdue, meetings, reportDays };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('seed: "today"', () => {
  it('SEED_TODAY=2026-12-10 (a Thursday): RFIs due this week and a few days overdue, a meeting ahead, yesterday’s daily report and not today’s', () => {
    const db = seeded({ today: '2026-12-10' });
    const today = dayMs(2026, 12, 10);
    expect(seedTodayOf(db)).toBe('2026-12-10');
    const projects = [1, 2, 3].map((p) => glance(db, p, today));
    for (const [i, g] of projects.entries()) {
      expect(g.dueThisWeek.length, `project ${i + 1}: RFIs due in the next 7 days`).toBeGreaterThan(0);
      expect(g.fewDaysOverdue.length, `project ${i + 1}: open RFIs 1-7 days overdue`).toBeGreaterThan(0);
      expect(g.reportDays, `project ${i + 1}: yesterday's daily report`).toContain(-1);
      expect(g.reportDays, `project ${i + 1}: no daily report today or later`).not.toContain(0);
      expect(Math.max(...g.reportDays)).toBe(-1);
      // The last meeting held: the day before (Wednesday).
      expect(Math.max(...g.meetings.filter((d) => d < 0))).toBe(-1);
    }
    // The next meeting (project 3's OAC Meeting #11, minutes not taken yet): next Wednesday.
    expect(projects.flatMap((g) => g.meetings.filter((d) => d > 0))).toEqual([6]);
    const next = db.prepare("SELECT meeting_date FROM meetings WHERE subject = 'OAC Meeting #11'").get() as {
      meeting_date: string;
    };
    expect(next.meeting_date).toBe('12/16/2026');
  });

  it('every day of a week: the next meeting is from today on and within a week, the last one within the week before, no daily report today', () => {
    for (let d = 7; d <= 13; d++) {
      const day = `2026-12-${String(d).padStart(2, '0')}`;
      const today = dayMs(2026, 12, d);
      const db = seeded({ today: day });
      const all = [1, 2, 3].map((p) => glance(db, p, today));
      const ahead = all.flatMap((g) => g.meetings.filter((m) => m >= 0));
      expect(ahead, day).toHaveLength(1);
      expect(ahead[0], day).toBeLessThanOrEqual(7);
      for (const g of all) {
        expect(Math.max(...g.meetings.filter((m) => m < 0)), day).toBeGreaterThanOrEqual(-7);
        expect(Math.max(...g.reportDays), day).toBeLessThan(0);
        // The last working day's report is there (yesterday's, or Friday's on a weekend and a Monday).
        const weekday = new Date(today).getUTCDay();
        expect(g.reportDays, day).toContain(weekday === 0 ? -2 : weekday === 1 ? -3 : -1);
      }
      // Project 1's RFIs (whose draws do not depend on the day): one due this week, one a few days overdue.
      expect(all[0].dueThisWeek.length, day).toBeGreaterThan(0);
      expect(all[0].fewDaysOverdue.length, day).toBeGreaterThan(0);
      db.close();
    }
  });

  it('without SEED_TODAY, "today" is the UTC day of seeding, and the same day gives the same data', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T23:30:00Z'));
    const unpinned = seeded();
    expect(seedTodayOf(unpinned)).toBe('2026-12-10');
    const pinned = seeded({ today: '2026-12-10' });
    for (const table of [
      'open_issues',
      'meetings',
      'meeting_minutes',
      'daily_reports',
      'punch_list',
      'projects',
    ]) {
      expect(unpinned.prepare(`SELECT * FROM ${table} ORDER BY 1`).all(), table).toEqual(
        pinned.prepare(`SELECT * FROM ${table} ORDER BY 1`).all(),
      );
    }
  });

  it('a week later, every date moves by the week and nothing else changes', () => {
    const dump = (db: Database.Database, today: number) => {
      const tables = (
        db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
          )
          .all() as { name: string }[]
      ).map((t) => t.name);
      const relative = (value: unknown, column: string): unknown => {
        if (typeof value === 'number' && /_ms$/.test(column)) return `${(value - today) / DAY}d`;
        if (typeof value === 'string')
          return value.replace(/\b\d{2}\/\d{2}\/\d{4}\b/g, (t) => `${daysFrom(today, t)}d`);
        return value;
      };
      return Object.fromEntries(
        tables
          .filter((t) => t !== 'settings')
          .map((t) => [
            t,
            db
              .prepare(`SELECT * FROM ${t} ORDER BY 1, 2`)
              .all()
              .map((row) =>
                Object.fromEntries(
                  Object.entries(row as object)
                    .filter(([k]) => k !== 'api_key')
                    .map(([k, v]) => [k, relative(v, k)]),
                ),
              ),
          ]),
      );
    };
    const a = dump(seeded({ today: '2026-11-01' }), dayMs(2026, 11, 1));
    const b = dump(seeded({ today: '2026-11-08' }), dayMs(2026, 11, 8));
    expect(b).toEqual(a);
    expect(JSON.stringify(a)).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  it('the projects’ calendar moves with "today" (by whole days)', () => {
    const project = (day: string) =>
      seeded({ today: day }).prepare('SELECT start_ms, end_ms FROM projects WHERE id = 1').get() as {
        start_ms: number;
        end_ms: number;
      };
    expect(formatTextDate(project('2026-11-01').start_ms)).toBe('09/15/2025');
    expect(formatTextDate(project('2026-12-10').start_ms)).toBe('10/24/2025');
    expect(formatTextDate(project('2026-12-10').end_ms)).toBe('08/08/2027');
  });

  it('the scale data added later keeps the stored day', () => {
    const db = seeded({ today: '2026-12-10' });
    seedScale(db, { documents: 100, logRows: 10 });
    const folder = db.prepare('SELECT created_ms FROM folders WHERE id = ?').get(findScaleFolder(db)) as {
      created_ms: number;
    };
    expect(folder.created_ms).toBe(dayMs(2026, 12, 10));
  });

  it('refuses a day that is not YYYY-MM-DD', () => {
    expect(() => seeded({ today: '2026-02-30' })).toThrow(/YYYY-MM-DD/);
  });
});
