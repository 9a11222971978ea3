// An operation's reply, compressed here rather than by @fastify/compress: the plugin's two hooks ran on every
// request, compressed or not (about a tenth of a small read's time, bench/service.ts), and compressed on the
// main thread. Here a reply over COMPRESS_OVER_BYTES goes out as br or gzip, as the request's Accept-Encoding
// asks, compressed on libuv's thread pool; anything else goes as it is. See docs/service.md, "Compression".
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Replies up to this size go uncompressed: below ~1 KB compression saves less than its headers cost. */
export const COMPRESS_OVER_BYTES = 1024;

/** Brotli at quality 4 (as @fastify/compress): 11, the default, costs ~20× the time for a few % less. */
const BROTLI = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};

/** The encoding a request accepts, br before gzip (`*` as gzip); undefined: none (or `identity`). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return undefined;
  let br = false;
  let gz = false;
  for (const part of text.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    if (q !== undefined && !(Number(q.trim().slice(2)) > 0)) continue;
    const token = name.trim();
    if (token === 'br') br = true;
    else if (token === 'gzip' || token === 'x-gzip' || token === '*') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : undefined;
}

/** Sends a text reply with its status and type, compressed when it is large and the client accepts it. */
export function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  contentType: string,
  text: string,
): void {
  reply.code(status).header('content-type', contentType);
  const encoding =
    text.length > COMPRESS_OVER_BYTES / 3 ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return void reply.send(text);
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= COMPRESS_OVER_BYTES) return void reply.send(bytes);
  const done = (error: Error | null, packed: Buffer) => {
    if (error) return void reply.send(bytes); // not expected: the reply goes as it is
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(packed);
  };
  if (encoding === 'br') brotliCompress(bytes, BROTLI, done);
  else gzip(bytes, done);
}
