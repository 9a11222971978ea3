// The scale data's request log: 1,000,000 rows of plausible traffic over the 30 days before now.
import type { Database } from 'better-sqlite3';
import { DAY, text } from './base';
import { punchSummaries, submittalStatusCycle } from './catalog';
import type { Rng } from './random';

// `today`: the seed's "today", which the due dates in the bodies are relative to.
const LOG_OPERATIONS: {
  path: string;
  weight: number;
  body: (r: Rng, today: number) => Record<string, unknown> | null;
}[] = [
  { path: '/api/internal/authenticateuser', weight: 3, body: () => null },
  { path: '/api/internal/folder/get', weight: 14, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/folder/readissuefolder',
    weight: 16,
    body: (r) => ({ folderParentId: r.int(1, 3200) }),
  },
  {
    path: '/api/internal/document/documentsreadInfolder',
    weight: 14,
    body: (r) => ({ parentFolderId: r.int(1, 3200) }),
  },
  {
    path: '/api/internal/document/foldersdocumentsgetbyparentfolder',
    weight: 5,
    body: (r) => ({ folderParentId: r.int(1, 3200), folderType: r.pick(['', '15', 'RFI']) }),
  },
  { path: '/api/internal/openissue/read', weight: 12, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/openissue/update',
    weight: 4,
    body: (r, today) => ({
      openIssue: {
        folderId: r.int(1, 3200),
        statusId: r.int(1, 4),
        dueDate: text(today + r.int(1, 30) * DAY),
      },
    }),
  },
  { path: '/api/internal/openissue/readrecipients', weight: 4, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/punchlist/createmany',
    weight: 2,
    body: (r) => ({
      punchlistList: [{ folderId: r.int(1, 3200), summary: r.pick(punchSummaries), tempItemId: r.key(8) }],
    }),
  },
  {
    path: '/api/internal/submittal/Update',
    weight: 2,
    body: (r) => ({ submittal: { folderId: r.int(1, 3200), status: r.pick(submittalStatusCycle) } }),
  },
  {
    path: '/api/internal/submittalitem/readattachments',
    weight: 3,
    body: (r) => ({ folderId: r.int(1, 3200) }),
  },
  { path: '/api/internal/dailyreport/get', weight: 4, body: (r) => ({ dailyReportId: r.int(1, 90) }) },
  {
    path: '/api/internal/dailyreportactivity/getdailyreportactivitiesbyreport',
    weight: 4,
    body: (r) => ({ dailyReportId: r.int(1, 90) }),
  },
  { path: '/api/internal/project/get', weight: 6, body: (r) => ({ projectId: r.int(1, 3) }) },
  {
    path: '/api/internal/folder/update',
    weight: 2,
    body: (r) => ({ folder: { folderId: r.int(1, 3200), folderDescription: 'Updated' } }),
  },
  {
    path: '/api/internal/document/extdrive/add',
    weight: 1,
    body: (r) => ({ document: { folderParentId: r.int(1, 3200), fileName: `Scan ${r.int(1, 999)}.pdf` } }),
  },
  { path: '/api/internal/document/documentstatusread', weight: 2, body: (r) => ({ projectId: r.int(1, 3) }) },
  { path: '/api/internal/meeting/read', weight: 3, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/meetingminute/readbymeeting',
    weight: 3,
    body: (r) => ({ folderId: r.int(1, 3200) }),
  },
];

const LOG_ERRORS = [
  { status: 404, errorCode: 'NotFound', message: 'Folder 3117 was not found.' },
  { status: 400, errorCode: 'Required', message: "'folderId' is required.", fieldName: 'folderId' },
  {
    status: 400,
    errorCode: 'InvalidDate',
    message: 'Due date must be a date as MM/DD/YYYY.',
    fieldName: 'openIssue.dueDate',
  },
  { status: 403, errorCode: 'Forbidden', message: "You may not modify 'Owner Contracts'." },
  { status: 401, errorCode: 'Unauthorized', message: 'The session has expired; sign in again.' },
];

export function seedRequestLog(db: Database, rng: Rng, rows: number, today: number): void {
  const insert =
    db.prepare(`INSERT INTO request_log (date_ms, http_method, absolute_uri, path_info, request_body,
    request_dto, user_auth_id, session_id, ip_address, forwarded_for, referer, headers, response_dto, error_response,
    has_error, duration_ms) VALUES (?, 'POST', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const totalWeight = LOG_OPERATIONS.reduce((s, o) => s + o.weight, 0);
  const sessions = Array.from({ length: 240 }, () => `sess-${rng.key(16)}`);
  const ips = Array.from({ length: 40 }, (_, i) => `10.20.${1 + (i % 8)}.${10 + i * 5}`);
  const agents = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ];
  const headers = agents.map((ua) =>
    JSON.stringify({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'User-Agent': ua,
      Host: 'pm.brightline-builders.com',
    }),
  );
  const errorJson = LOG_ERRORS.map((e) =>
    JSON.stringify({
      errorOccured: true,
      uiErrorMessage: e.message,
      responseStatus: {
        errorCode: e.errorCode,
        message: e.message,
        errors: e.fieldName ? [{ errorCode: e.errorCode, fieldName: e.fieldName, message: e.message }] : [],
      },
    }),
  );
  const end = Date.now();
  const span = 30 * DAY;
  const step = span / rows;
  const chunk = 50_000;
  for (let start = 0; start < rows; start += chunk) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + chunk, rows); i++) {
        let pickW = rng.next() * totalWeight;
        let op = LOG_OPERATIONS[0];
        for (const o of LOG_OPERATIONS)
          if ((pickW -= o.weight) < 0) {
            op = o;
            break;
          }
        const user = rng.chance(0.3) ? 'admin' : 'pm';
        const session = sessions[(user === 'admin' ? 0 : 120) + rng.int(0, 119)];
        const body = op.body(rng, today);
        const dto = body && JSON.stringify(body);
        const requestBody = body && JSON.stringify({ ...body, authSessionKey: '***' });
        const isError = rng.chance(0.05);
        const error = isError ? errorJson[rng.int(0, errorJson.length - 1)] : null;
        const response =
          !isError && rng.chance(0.2) ? '{"errorOccured":false,"numberOfRecordsEffected":0}' : null;
        const ip = ips[rng.int(0, ips.length - 1)];
        insert.run(
          Math.round(end - span + i * step + rng.next() * step * 0.9),
          `http://localhost:3000${op.path}`,
          op.path,
          requestBody,
          dto,
          user,
          session,
          ip,
          rng.chance(0.1) ? `203.0.113.${rng.int(1, 254)}` : null,
          rng.chance(0.8) ? `http://localhost:3000/projects/${rng.int(1, 3)}` : null,
          headers[rng.int(0, headers.length - 1)],
          response,
          error,
          isError ? 1 : 0,
          Math.round((1 + rng.next() ** 3 * 499) * 100) / 100,
        );
      }
    })();
  }
}
