// The request log bench/requestlog-render.ts serves its page: `total` entries as the service writes them on the
// wire, ids 1..total, one every 60 ms up to now (seeded: the same entries every run).
const PATHS = [
  '/api/internal/project/get',
  '/api/internal/folder/get',
  '/api/internal/folder/readissuefolder',
  '/api/internal/openissue/read',
  '/api/internal/openissue/update',
  '/api/internal/punchlist/createmany',
  '/api/internal/dailyreport/get',
  '/api/internal/meeting/read',
];
const USERS = ['pm', 'super', 'arch', 'admin', 'owner'];

/** The entries' JSON by id (index 0 unused). */
export function fakeRequestLog(total: number, port: number): string[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const now = Date.now();
  const wire: string[] = new Array(total + 1);
  for (let id = 1; id <= total; id++) {
    const path = PATHS[Math.floor(rand() * PATHS.length)];
    const failed = rand() < 0.05;
    const ms = Math.exp(rand() * 6 - 1); // ~0.4 ms .. 150 ms, log-uniform
    const entry: Record<string, unknown> = {
      id,
      dateTime: `/Date(${now - (total - id) * 60}-0000)/`,
      httpMethod: 'POST',
      absoluteUri: `http://127.0.0.1:${port}${path}`,
      pathInfo: path,
      requestBody: '{"AuthSessionKey":"***","FolderId":4}',
      requestDto: { authSessionKey: '***', folderId: 4 },
      userAuthId: USERS[id % USERS.length],
      sessionId: `sess-${(id % 97).toString(16).padStart(16, '0')}`,
      ipAddress: `10.0.${id % 7}.${id % 250}`,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      items: { operation: 'FolderGetRequest' },
      requestDuration: `PT${(ms / 1000).toFixed(7)}S`,
    };
    if (failed) {
      entry.errorResponse = {
        errorOccured: true,
        responseStatus: { errorCode: 'NotFound', message: 'Folder 4 was not found.' },
      };
    }
    wire[id] = JSON.stringify(entry);
  }
  return wire;
}
