// The XSS variant of the seed (SEED_VARIANT=xss): a script-injection string in every text column.
import type { Database } from 'better-sqlite3';

/** Script-injection strings; each one, if it ever ran, would set `window.__xss`. */
export const XSS_CORPUS = [
  '<img src=x onerror="window.__xss=true">',
  '<script>window.__xss=true</script>',
  'javascript:window.__xss=true',
  '"><svg onload="window.__xss=true">',
  '\'><iframe srcdoc="<script>parent.__xss=true</script>"></iframe>',
  '${window.__xss=true}',
  "{{constructor.constructor('window.__xss=true')()}}",
  '<a href="javascript:window.__xss=true">link</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=true">',
  '</textarea><details open ontoggle="window.__xss=true">',
  '<object data="javascript:window.__xss=true"></object>',
  '<style>@import "javascript:window.__xss=true";</style><b onmouseover="window.__xss=true">hover</b>',
];

/** Columns left as they are: sign-in and keys (the tests still sign in). */
const XSS_KEEP = new Set(['users.user_name', 'users.password_hash', 'users.api_key']);
/** Columns holding a JSON list of strings: each entry becomes a payload. */
const XSS_JSON_LISTS = new Set([
  'punch_list.responsible_parties',
  'punch_list.cc_users',
  'meetings.attendees',
  'meeting_minutes.responsible_parties',
]);

/**
 * Puts a corpus string into every text column of every seeded domain record (and people's names), keeping the
 * original value after it so screens stay recognisable; link-like columns get the bare `javascript:` URL.
 */
export function injectXss(db: Database): void {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as { name: string }[];
  db.transaction(() => {
    for (const { name: table } of tables) {
      if (['sessions', 'settings', 'request_log', 'request_log_journal', 'signin_known'].includes(table))
        continue;
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string }[])
        .filter((c) => c.type.toUpperCase() === 'TEXT' && !XSS_KEEP.has(`${table}.${c.name}`))
        .map((c) => c.name);
      if (!columns.length) continue;
      const rows = db.prepare(`SELECT rowid AS rid, ${columns.join(', ')} FROM ${table}`).all() as Record<
        string,
        string | null
      >[];
      for (const row of rows) {
        const rid = Number(row.rid);
        const set: Record<string, string> = {};
        columns.forEach((col, i) => {
          const payload = XSS_CORPUS[(rid + i) % XSS_CORPUS.length];
          const value = row[col];
          if (XSS_JSON_LISTS.has(`${table}.${col}`)) {
            set[col] = JSON.stringify([payload, ...(value ? (JSON.parse(value) as string[]) : [])]);
          } else if (/url|path/.test(col)) {
            set[col] = 'javascript:window.__xss=true';
          } else {
            // Empty fields get the row id too, so columns with a unique index stay unique.
            set[col] = `${payload} ${value || `#${rid}`}`;
          }
        });
        const assignments = columns.map((c) => `${c} = @${c}`).join(', ');
        db.prepare(`UPDATE ${table} SET ${assignments} WHERE rowid = @rid`).run({ ...set, rid });
      }
    }
  })();
}
