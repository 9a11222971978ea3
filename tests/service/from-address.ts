// A JSON POST from a chosen local (source) address inside 127/8: Linux routes all of it to loopback, and the
// service takes the socket's address (never X-Forwarded-For), so tests can be many clients without a test hook.
import { request as httpRequest } from 'node:http';
import type { Json } from './harness';

export interface Reply {
  status: number;
  retryAfter: string | undefined;
  json: Json;
  /** How long the reply took (for the log lines of a test; timing is asserted by the stress suite only). */
  ms: number;
}

/** POSTs `body` as JSON to `url` (the service's base URL) + `path`, from the address `from`. */
export function postFrom(url: string, path: string, body: unknown, from = '127.0.0.1'): Promise<Reply> {
  const target = new URL(url + path);
  const text = JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (data += d));
        res.on('end', () => {
          let json: Json;
          try {
            json = JSON.parse(data);
          } catch {
            json = undefined;
          }
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            json,
            ms: performance.now() - t0,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
