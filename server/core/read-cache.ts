// Reads of the same request by the same user answer from this cache until the next successful write (any write
// empties it). Bounded in bytes: at most 64 MB of reply text (then it starts again), never a reply over 256 KB.
// See docs/service.md, "Budgets".
import type { OperationDef } from '../../src/contract/operations';

/**
 * What binding made of a cached read's exact request (its operation and raw JSON body, session key included): the
 * session key and its user, the body and DTO, and the reply's cache key. A repeated read — a console polling, a
 * script — then skips parsing, decoding and keying; its session is still checked on every request.
 */
export interface Bound {
  sessionKey: string;
  userId: number;
  body: Record<string, unknown>;
  dto: Record<string, unknown>;
  key: string;
}

/** Requests remembered as bound at most (then it starts again), and the longest body remembered (characters). */
const BOUND_MAX = 10_000;
const BOUND_BODY_MAX = 4 * 1024;

/** The read cache holds at most this much reply text (then starts again), each reply at most CACHE_MAX_TEXT. */
const CACHE_MAX_CHARS = 64 * 1024 * 1024;
export const CACHE_MAX_TEXT = 256 * 1024;

export class ReadCache {
  private readonly replies = new Map<string, string>();
  private readonly bindings = new Map<string, Bound>();
  private chars = 0;

  /**
   * The key a request is remembered as bound under: its operation and raw body, for a session read sent as a
   * JSON body with no query string; '' otherwise.
   */
  static boundKey(
    op: OperationDef,
    method: string,
    rawBody: string | undefined,
    contentType: string | undefined,
    query: object,
  ): string {
    if (op.effect !== 'read' || op.auth !== 'session' || method !== 'POST') return '';
    if (typeof rawBody !== 'string' || rawBody.length > BOUND_BODY_MAX) return '';
    if (contentType === undefined || contentType.toLowerCase() !== 'application/json') return '';
    for (const _ in query) return '';
    return `${op.name}\u0000${rawBody}`;
  }

  bound(boundKey: string): Bound | undefined {
    return boundKey ? this.bindings.get(boundKey) : undefined;
  }

  /** Remembers how a cached read's request was bound (once its reply is in the cache). */
  bind(boundKey: string, bound: Bound): void {
    if (!boundKey || !this.replies.has(bound.key)) return;
    if (this.bindings.size >= BOUND_MAX) this.bindings.clear();
    this.bindings.set(boundKey, bound);
  }

  /** The cache key of a request: a session read's name, user and fields; '' when the operation is not cached. */
  static key(op: OperationDef, userId: number | undefined, dto: Record<string, unknown>): string {
    return op.effect === 'read' && op.auth === 'session'
      ? `${op.name}\u0000${userId!}\u0000${cacheText(dto)}`
      : '';
  }

  get(key: string): string | undefined {
    return key ? this.replies.get(key) : undefined;
  }

  /** After an operation succeeded: a write empties the cache, a cached read's reply is kept. */
  settle(op: OperationDef, key: string, json: string): void {
    if (op.effect === 'write') this.clear();
    else if (key && json.length <= CACHE_MAX_TEXT) {
      if (this.chars + json.length > CACHE_MAX_CHARS) this.clear();
      this.replies.set(key, json);
      this.chars += json.length;
    }
  }

  private clear(): void {
    this.replies.clear();
    this.bindings.clear();
    this.chars = 0;
  }
}

/** The request without its session fields, as a cache key. */
function cacheText(dto: Record<string, unknown>): string {
  const { authSessionKey: _key, additionalInfo: _info, ...rest } = dto;
  return JSON.stringify(rest);
}
