// Reads of the same request by the same user answer from this cache until the next successful write (any write
// empties it). Bounded in bytes: at most 64 MB of reply text (then it starts again), never a reply over 256 KB.
// See docs/service.md, "Budgets".
import type { OperationDef } from '../../src/contract/operations';

/** The read cache holds at most this much reply text (then starts again), each reply at most CACHE_MAX_TEXT. */
const CACHE_MAX_CHARS = 64 * 1024 * 1024;
export const CACHE_MAX_TEXT = 256 * 1024;

export class ReadCache {
  private readonly replies = new Map<string, string>();
  private chars = 0;

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
    this.chars = 0;
  }
}

/** The request without its session fields, as a cache key. */
function cacheText(dto: Record<string, unknown>): string {
  const { authSessionKey: _key, additionalInfo: _info, ...rest } = dto;
  return JSON.stringify(rest);
}
