// What the HTTP layer learns about a request on its way through: the fields it adds to Fastify's request and
// route config, and what the operation pipeline found out (`Who`) for the reply and the request log.
import type { User } from '../handler';
import type { OperationName } from '../../src/contract/operations';

declare module 'fastify' {
  interface FastifyRequest {
    startedAt: bigint;
    rawBody?: string;
  }
  interface FastifyContextConfig {
    op?: OperationName;
  }
}

/** What binding, the session and the handler found out about a request (all optional: each may fail first). */
export interface Who {
  user?: User;
  sessionKey?: string;
  dto?: unknown;
  formData?: Record<string, string>;
  /** The parsed body (JSON object or form fields), for finding the secrets it carried. */
  body?: unknown;
}
