// A slow client (headers or a body sent a byte at a time) is cut off: the whole request must arrive within
// requestTimeoutMs, its headers within a third of it (at most 10 s); Node checks open connections every second.
// Idle keep-alive connections close after 5 s. See docs/service.md, "Static files and slow clients".
import { createServer, type RequestListener } from 'node:http';

/** Fastify's `serverFactory`: Node's HTTP server with the timeouts above. */
export function slowClientServer(requestTimeoutMs: number) {
  return (handler: RequestListener) =>
    createServer(
      {
        requestTimeout: requestTimeoutMs,
        headersTimeout: Math.min(Math.ceil(requestTimeoutMs / 3), 10_000),
        connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs / 2),
        keepAliveTimeout: 5_000,
      },
      handler,
    );
}
