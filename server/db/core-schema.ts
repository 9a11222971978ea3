// Tables of the service core: people, sessions, settings and the request log. Domain tables live in
// domain-schema.ts. Both are applied by server/db/db.ts.
export const coreSchema = `
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  user_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  company TEXT,
  email TEXT,
  phone TEXT,
  cell_phone TEXT,
  role TEXT,                       -- job title shown as ProjectMember.Role, e.g. 'Project Manager'
  is_admin INTEGER NOT NULL DEFAULT 0,
  api_key TEXT NOT NULL UNIQUE     -- random per data folder; npm run keys -- rotate <user> replaces it
);

-- A session is stored by the SHA-256 (hex) of its key, never the key itself (see server/core/sessions.ts).
CREATE TABLE IF NOT EXISTS sessions (
  key_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS request_log (
  id INTEGER PRIMARY KEY,
  date_ms INTEGER NOT NULL,
  http_method TEXT NOT NULL,
  absolute_uri TEXT,
  path_info TEXT,
  request_body TEXT,
  request_dto TEXT,               -- JSON
  user_auth_id TEXT,
  session_id TEXT,
  ip_address TEXT,
  forwarded_for TEXT,
  referer TEXT,
  headers TEXT,                   -- JSON object
  form_data TEXT,                 -- JSON object
  items TEXT,                     -- JSON object
  session TEXT,                   -- JSON
  response_dto TEXT,              -- JSON
  error_response TEXT,            -- JSON
  has_error INTEGER NOT NULL DEFAULT 0,
  duration_ms REAL NOT NULL,
  anon INTEGER NOT NULL DEFAULT 0  -- 1: no valid session or API key (its own share of retention)
);
-- Queries walk an index of one exact-match column backwards by id (see RequestLog.query); other filters are
-- checked on the way. The partial indexes hold the few failures and the rows without a response. The failures'
-- index also holds every filtered column, so a walk over it checks the other filters without reading the rows
-- (SQLite reads a row only once it matches); it replaced request_log_errors (id only), dropped below, and is
-- built once when an older database is opened (about 2 s per million rows).
CREATE INDEX IF NOT EXISTS request_log_date ON request_log(date_ms);
CREATE INDEX IF NOT EXISTS request_log_path ON request_log(path_info, id);
CREATE INDEX IF NOT EXISTS request_log_user ON request_log(user_auth_id, id);
CREATE INDEX IF NOT EXISTS request_log_ip ON request_log(ip_address, id);
CREATE INDEX IF NOT EXISTS request_log_session ON request_log(session_id, id);
CREATE INDEX IF NOT EXISTS request_log_forwarded ON request_log(forwarded_for, id);
CREATE INDEX IF NOT EXISTS request_log_referer ON request_log(referer, id);
CREATE INDEX IF NOT EXISTS request_log_failures ON request_log(id, path_info, user_auth_id, ip_address,
  session_id, referer, forwarded_for, date_ms, duration_ms) WHERE has_error = 1;
DROP INDEX IF EXISTS request_log_errors;
CREATE INDEX IF NOT EXISTS request_log_no_response ON request_log(id) WHERE response_dto IS NULL;
-- The anonymous rows, oldest first, for their own retention share (server/core/log-retention.mjs).
CREATE INDEX IF NOT EXISTS request_log_anon ON request_log(id) WHERE anon = 1;
-- Batches of a burst as they came (serialised facts), written as rows later (server/core/log-writer.mjs).
CREATE TABLE IF NOT EXISTS request_log_journal (
  id INTEGER PRIMARY KEY,
  rows INTEGER NOT NULL,
  facts BLOB NOT NULL
);
-- No index on durations: random values cost each insert more than twice the rest of the indexes together.
DROP INDEX IF EXISTS request_log_duration;

-- Sign-in (issue 33): the (user name, client address) pairs that signed in, so a restart keeps them known (their
-- sign-ins get the password check's own lane and are not held back by the name's or the address's failures; see
-- server/core/throttle.ts). A pair is stored by the SHA-256 (hex) of the name and address as the throttle counts
-- them, never in clear; at most SIGNIN_MAX_ENTRIES rows, expired ones deleted.
CREATE TABLE IF NOT EXISTS signin_known (
  pair_key TEXT PRIMARY KEY,
  until_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS signin_known_until ON signin_known(until_ms);
`;
