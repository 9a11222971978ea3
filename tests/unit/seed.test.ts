import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { folderTypes, rfiStatuses } from '../../src/contract/codes';
import { coreSchema } from '../../server/db/core-schema';
import { domainSchema } from '../../server/db/domain-schema';
import {
  findScaleFolder,
  PINNED_SEED_TODAY,
  REFERENCE_DATE,
  seed,
  seedFacts,
  seedIds,
  seedScale,
} from '../../server/db/seed';
import { textDateMs } from '../../server/db/text-dates';
import { verifyPassword } from '../../server/passwords';

function openSeeded() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(coreSchema);
  db.exec(domainSchema);
  seed(db, { today: PINNED_SEED_TODAY }); // the day the tests pin (SEED_TODAY=2026-11-01)
  return db;
}

const db = openSeeded();
const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];
const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;
const code = folderTypes;

describe('seed', () => {
  it('is deterministic: two seeds produce identical rows in every table, API keys aside', () => {
    const other = openSeeded();
    const tables = all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    ).map((t) => t.name);
    expect(tables.length).toBeGreaterThan(15);
    const withoutKey = (rows: unknown[]) => rows.map((r) => ({ ...(r as object), api_key: undefined }));
    for (const t of tables) {
      const a = db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all();
      const b = other.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all();
      if (t === 'users') expect(withoutKey(b), t).toEqual(withoutKey(a));
      else expect(b, t).toEqual(a);
    }
  });

  it('gives every user a random API key per seed (two data folders never share a key)', () => {
    const other = openSeeded();
    const keys = (d: Database.Database) =>
      (d.prepare('SELECT api_key FROM users ORDER BY id').all() as { api_key: string }[]).map(
        (u) => u.api_key,
      );
    const mine = keys(db);
    const theirs = new Set(keys(other));
    expect(mine.length).toBeGreaterThanOrEqual(22);
    expect(mine.filter((k) => theirs.has(k))).toEqual([]);
  });

  it('names no outside host for project logos (an offline network would log an error on every dashboard)', () => {
    expect(all('SELECT id, logo_url FROM projects WHERE logo_url IS NOT NULL')).toEqual([]);
  });

  it('has the fixed ids that seedIds exports', () => {
    expect(seedFacts(db)).toEqual(seedIds);
  });

  it('has admin and pm who can sign in, and project members who cannot', () => {
    const users = all<{
      id: number;
      user_name: string;
      password_hash: string;
      is_admin: number;
      api_key: string;
    }>('SELECT * FROM users ORDER BY id');
    expect(users.length).toBeGreaterThanOrEqual(22);
    const admin = users.find((u) => u.user_name === 'admin')!;
    const pm = users.find((u) => u.user_name === 'pm')!;
    expect(admin.is_admin).toBe(1);
    expect(pm.is_admin).toBe(0);
    expect(verifyPassword('admin', admin.password_hash)).toBe(true);
    expect(verifyPassword('pm', pm.password_hash)).toBe(true);
    expect(verifyPassword('wrong', pm.password_hash)).toBe(false);
    const others = users.filter((u) => u.id > 2);
    expect(others.every((u) => u.password_hash === 'disabled')).toBe(true);
    expect(new Set(users.map((u) => u.api_key)).size).toBe(users.length);
    expect(users.every((u) => /^[A-Za-z0-9_-]{32}$/.test(u.api_key))).toBe(true);
    const incomplete = all(
      'SELECT id FROM users WHERE company IS NULL OR email IS NULL OR phone IS NULL OR cell_phone IS NULL OR role IS NULL',
    );
    expect(incomplete).toEqual([]);
  });

  it('has three projects with a root folder and one container of each kind', () => {
    const projects = all<{ id: number; root_folder_id: number; name: string; city: string; budget: number }>(
      'SELECT * FROM projects ORDER BY id',
    );
    expect(projects.map((p) => p.id)).toEqual([1, 2, 3]);
    for (const p of projects) {
      expect(p.name && p.city && p.budget > 0).toBeTruthy();
      const root = db.prepare('SELECT * FROM folders WHERE id = ?').get(p.root_folder_id) as {
        folder_type: number;
        parent_id: number | null;
      };
      expect(root).toMatchObject({ folder_type: code.project.code, parent_id: null });
      const kinds = all<{ folder_type: number }>(
        'SELECT folder_type FROM folders WHERE parent_id = ? ORDER BY sorting',
        p.root_folder_id,
      );
      expect(kinds.map((k) => k.folder_type)).toEqual(
        [
          code.documents,
          code.drawings,
          code.rfis,
          code.punchList,
          code.submittals,
          code.dailyReports,
          code.meetings,
        ].map((t) => t.code),
      );
      for (const u of [1, 2]) {
        expect(
          count('SELECT count(*) AS n FROM project_members WHERE project_id = ? AND user_id = ?', p.id, u),
        ).toBe(1);
      }
    }
  });

  it('keeps the folder tree consistent: parents in the same project, typed folders point at their record', () => {
    expect(
      count(
        'SELECT count(*) AS n FROM folders f JOIN folders p ON p.id = f.parent_id WHERE p.project_id <> f.project_id',
      ),
    ).toBe(0);
    const typed: [number, string][] = [
      [code.rfi.code, 'open_issues'],
      [code.submittalPackage.code, 'submittal_packages'],
      [code.submittalItem.code, 'submittal_items'],
      [code.dailyReport.code, 'daily_reports'],
      [code.meeting.code, 'meetings'],
      [code.meetingMinute.code, 'meeting_minutes'],
    ];
    for (const [type, table] of typed) {
      const bad = count(
        `SELECT count(*) AS n FROM folders f LEFT JOIN ${table} r ON r.id = f.reference_id AND r.folder_id = f.id
         WHERE f.folder_type = ? AND r.id IS NULL`,
        type,
      );
      expect(bad, table).toBe(0);
    }
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('has the promised amounts per project', () => {
    for (const [i, p] of [1, 2, 3].entries()) {
      const c = seedIds.containers[i];
      expect(count('SELECT count(*) AS n FROM open_issues WHERE project_id = ?', p)).toBeGreaterThanOrEqual(
        30,
      );
      expect(count('SELECT count(*) AS n FROM punch_list WHERE project_id = ?', p)).toBeGreaterThanOrEqual(
        50,
      );
      expect(
        count(
          'SELECT count(*) AS n FROM folders WHERE parent_id = ? AND folder_type = ?',
          c.submittals,
          code.submittalPackage.code,
        ),
      ).toBe(10);
      expect(
        count(
          'SELECT count(*) AS n FROM folders WHERE parent_id = ? AND folder_type = ?',
          c.dailyReports,
          code.dailyReport.code,
        ),
      ).toBe(p === 3 ? 31 : 30); // project 3 has one more: the Saturday report without weather
      expect(
        count(
          'SELECT count(*) AS n FROM folders WHERE parent_id = ? AND folder_type = ?',
          c.meetings,
          code.meeting.code,
        ),
      ).toBe(p === 3 ? 11 : 10); // project 3 has next week's meeting, without minutes
      expect(
        count('SELECT count(*) AS n FROM documents WHERE folder_id = ?', c.documents),
      ).toBeGreaterThanOrEqual(200);
      expect(
        count(
          'SELECT count(*) AS n FROM documents d JOIN folders f ON f.id = d.folder_id WHERE f.parent_id = ?',
          c.documents,
        ),
      ).toBeGreaterThan(0);
      expect(count('SELECT count(*) AS n FROM documents WHERE folder_id = ?', c.drawings)).toBeGreaterThan(0);
      const numbers = all<{ number: number }>(
        'SELECT number FROM punch_list WHERE project_id = ? ORDER BY number',
        p,
      ).map((r) => r.number);
      expect(numbers).toEqual(numbers.map((_, k) => k + 1));
    }
    const per = (sql: string) => all<{ n: number }>(sql).map((r) => r.n);
    const within = (values: number[], min: number, max: number) => values.every((v) => v >= min && v <= max);
    expect(within(per('SELECT count(*) AS n FROM submittal_items GROUP BY package_id'), 1, 5)).toBe(true);
    expect(within(per('SELECT count(*) AS n FROM attachment_files GROUP BY item_folder_id'), 1, 3)).toBe(
      true,
    );
    expect(
      count(
        'SELECT count(*) AS n FROM submittal_items i WHERE NOT EXISTS (SELECT 1 FROM attachment_files a WHERE a.item_folder_id = i.folder_id)',
      ),
    ).toBe(0);
    expect(count("SELECT count(*) AS n FROM attachment_files WHERE path LIKE 'https://%'")).toBeGreaterThan(
      0,
    );
    expect(
      within(
        per(
          'SELECT count(*) AS n FROM daily_report_activities a JOIN daily_reports r ON r.id = a.daily_report_id WHERE r.sky IS NOT NULL GROUP BY a.daily_report_id',
        ),
        3,
        10,
      ),
    ).toBe(true);
    expect(within(per('SELECT count(*) AS n FROM meeting_minutes GROUP BY meeting_id'), 5, 20)).toBe(true);
    expect(within(per('SELECT count(*) AS n FROM open_issue_documents GROUP BY open_issue_id'), 1, 3)).toBe(
      true,
    );
    expect(count('SELECT count(*) AS n FROM open_issues')).toBe(
      count('SELECT count(DISTINCT open_issue_id) AS n FROM open_issue_documents'),
    );
  });

  it('has RFIs of every status, some closed and some overdue on the reference date', () => {
    const issues = all<{
      status_id: number;
      due_date: string;
      closed_date: string | null;
      created_date: string;
    }>('SELECT * FROM open_issues');
    expect(new Set(issues.map((i) => i.status_id))).toEqual(new Set(rfiStatuses.map((s) => s.code)));
    const ref = REFERENCE_DATE.getTime();
    const overdue = issues.filter((i) => i.status_id !== 4 && textDateMs(i.due_date)! < ref);
    expect(overdue.length).toBeGreaterThan(3);
    const closed = issues.filter((i) => i.status_id === 4);
    expect(closed.length).toBeGreaterThan(3);
    expect(closed.every((i) => i.closed_date && textDateMs(i.closed_date)! < ref)).toBe(true);
    const textDate = /^\d{2}\/\d{2}\/\d{4}$/;
    expect(issues.every((i) => textDate.test(i.created_date) && textDate.test(i.due_date))).toBe(true);
    expect(
      count('SELECT count(*) AS n FROM open_issues WHERE cost_impact = 1 AND change_order_amount > 0'),
    ).toBeGreaterThan(0);
  });

  it('has meeting minutes that are complete, hidden, overdue and linked to RFIs', () => {
    const minutes = all<{
      is_complete: number;
      is_hidden: number;
      date_due: string | null;
      linked_issue_folder_id: number | null;
      item_number: string;
    }>('SELECT * FROM meeting_minutes');
    expect(minutes.some((m) => m.is_complete)).toBe(true);
    expect(minutes.some((m) => m.is_hidden)).toBe(true);
    expect(
      minutes.some((m) => !m.is_complete && m.date_due && textDateMs(m.date_due)! < REFERENCE_DATE.getTime()),
    ).toBe(true);
    expect(minutes.every((m) => /^\d+\.\d{2}$/.test(m.item_number))).toBe(true);
    expect(
      count(
        `SELECT count(*) AS n FROM meeting_minutes m JOIN folders f ON f.id = m.linked_issue_folder_id WHERE f.folder_type = ${code.rfi.code}`,
      ),
    ).toBeGreaterThan(0);
  });

  it('has the read-only folders for pm and an empty folder', () => {
    const rows = all<{ folder_id: number; user_id: number; can_modify: number }>(
      'SELECT * FROM folder_permissions ORDER BY folder_id',
    );
    expect(rows.map((r) => r.folder_id).sort((a, b) => a - b)).toEqual(
      [...seedIds.readOnlyRfiFolders, seedIds.ownerContractsFolder].sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.user_id === seedIds.users.pm && r.can_modify === 0)).toBe(true);
    expect(count('SELECT count(*) AS n FROM folders WHERE parent_id = ?', seedIds.emptyFolder)).toBe(0);
    expect(count('SELECT count(*) AS n FROM documents WHERE folder_id = ?', seedIds.emptyFolder)).toBe(0);
  });

  it('adds the scale folder and request-log rows (small counts here)', () => {
    const scaled = openSeeded();
    seedScale(scaled, { documents: 1200, logRows: 3000 });
    const folder = findScaleFolder(scaled)!;
    expect(folder).toBeGreaterThan(0);
    const n = (sql: string, ...a: unknown[]) => (scaled.prepare(sql).get(...a) as { n: number }).n;
    expect(n('SELECT count(*) AS n FROM documents WHERE folder_id = ?', folder)).toBe(1200);
    seedScale(scaled, { documents: 1200, logRows: 3000 }); // a second run adds nothing
    expect(n('SELECT count(*) AS n FROM request_log')).toBe(3000);
    const errors = n(
      'SELECT count(*) AS n FROM request_log WHERE has_error = 1 AND error_response IS NOT NULL',
    );
    expect(errors).toBeGreaterThan(60);
    expect(errors).toBeLessThan(300);
    expect(n('SELECT count(*) AS n FROM request_log WHERE duration_ms < 1 OR duration_ms > 500')).toBe(0);
    const span = scaled.prepare('SELECT min(date_ms) AS lo, max(date_ms) AS hi FROM request_log').get() as {
      lo: number;
      hi: number;
    };
    expect(span.hi).toBeLessThanOrEqual(Date.now());
    expect(span.lo).toBeGreaterThan(Date.now() - 31 * 86_400_000);
    expect(
      n('SELECT count(*) AS n FROM request_log WHERE request_body LIKE \'%authSessionKey":"***"%\''),
    ).toBeGreaterThan(0);
    expect(
      n(
        "SELECT count(*) AS n FROM request_log WHERE path_info = '/api/internal/authenticateuser' AND request_body IS NOT NULL",
      ),
    ).toBe(0);
  });
});
