// Sends the outbox: while signed in and online, the user's entries one by one in the order they were made.
// An update is checked first: the record is read again and, if a field the form edits was changed by someone
// else since editing began, the entry is set to `conflict` and not sent. A network failure (or a 5xx) leaves
// the entry pending and the sender tries again later and when the connection returns; a 401 is handled by
// `call()` (the sign-in dialog, then the same call again); any other refusal (400, 403, 404…) sets the entry
// to `refused` with the service's message. Later entries of a refused or conflicted record wait; other
// records' entries still go. No step of a pass may wait for ever: the requests have `sendTimeoutMs`, every other
// step (loading a kind's handler, each read or write of the store) `stepTimeoutMs`; one that takes longer counts
// as a failure worth trying again, so the pass ends and the next try starts on time.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { ApiError } from '../errors';
import { sessionStore } from '../session';
import { currentScope, getEntry, list, remove, subscribeOutbox, update } from './store';
import type { FieldValues, OutboxEntry, OutboxKind } from './types';

/** What a kind of write needs beyond `call(entry.operation, entry.request)`. */
export interface OutboxKindHandler {
  /** Updates: the record as the service has it now, in the shape of `entry.base` (the form's values). */
  read?: (entry: OutboxEntry, signal: AbortSignal) => Promise<FieldValues>;
  /**
   * Sends the entry (default: `call(entry.operation, entry.request)`). Returns nothing when it is done, or a
   * patch when part of it stays (e.g. punch rows the service refused: state `refused`, the rows left).
   * Throws what `call()` throws.
   */
  send?: (entry: OutboxEntry, signal: AbortSignal) => Promise<void | { keep: Partial<OutboxEntry> }>;
}

export type OutboxHandlers = Partial<Record<OutboxKind, () => Promise<OutboxKindHandler>>>;

export interface SenderOptions {
  /** Gets each kind's handler (the composition root loads the features' parts lazily). */
  handlers?: OutboxHandlers;
  queryClient?: Pick<QueryClient, 'invalidateQueries'>;
  /** Waits after failures while the browser says it is online (ms); the last one repeats. */
  retryDelays?: number[];
  isOnline?: () => boolean;
  /** Longest wait for one entry's requests before it counts as a network failure (default 60 s). */
  sendTimeoutMs?: number;
  /**
   * Longest wait for any other step of a pass — loading a kind's handler, one read or write of the store —
   * before it counts as a failure worth trying again (default 15 s).
   */
  stepTimeoutMs?: number;
  subscribeOnline?: (listener: (online: boolean) => void) => () => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/** Fields changed on the service since editing began, except where the service already has our value. */
export function conflictingFields(entry: OutboxEntry, current: FieldValues): string[] {
  const base = entry.base ?? {};
  return Object.keys(base).filter(
    (k) =>
      !same(base[k], current[k]) && !(entry.values && k in entry.values && same(current[k], entry.values[k])),
  );
}

const asApiError = (e: unknown) =>
  e instanceof ApiError
    ? e
    : new ApiError({
        status: 0,
        errorCode: 'Error',
        message: e instanceof Error ? e.message : String(e),
        isNetworkError: true,
      });

/** A kind's handler that could not be loaded: as transient as a lost connection, said for people. */
const notLoaded = (e: unknown): never => {
  if (e instanceof ApiError) throw e;
  throw new ApiError({
    status: 0,
    errorCode: 'NotLoaded',
    message: 'The console could not download what sends this change; it will try again.',
    devMessage: e instanceof Error ? e.message : String(e),
    isNetworkError: true,
  });
};

type Outcome = 'sent' | 'held' | 'retry';

export const SEND_TIMEOUT_MS = 60_000;
export const STEP_TIMEOUT_MS = 15_000;

/**
 * `promise`, or a failure worth trying again (a network error) once `ms` passed without it settling: a step that
 * hangs must not keep the pass running for ever, as no other pass of this tab starts while one runs.
 */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ApiError({
            status: 0,
            errorCode: 'Timeout',
            message: `${what} took longer than ${Math.round(ms / 1000)} s; it will be tried again.`,
            isNetworkError: true,
          }),
        ),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const stepOf =
  (options: SenderOptions) =>
  <T>(promise: Promise<T>, what: string): Promise<T> =>
    within(promise, options.stepTimeoutMs ?? STEP_TIMEOUT_MS, what);

async function sendEntry(entry: OutboxEntry, options: SenderOptions): Promise<Outcome> {
  const step = stepOf(options);
  // Marked first, so the state and the tries say what happens even when the handler cannot be loaded.
  await step(
    update(entry.id, { state: 'sending', attempts: entry.attempts + 1, lastAttemptAt: Date.now() }),
    'Saving the outbox',
  );
  try {
    // The kind's code (a chunk): a failed or hung download is a failure like a lost connection, and the next try
    // downloads it again (src/app/outboxHandlers.ts).
    const load = options.handlers?.[entry.kind];
    const handler = (load ? await step(load(), 'Loading the sender').catch(notLoaded) : undefined) ?? {};
    // A request that hangs (a dead connection the browser has not noticed) must not stop the outbox for good:
    // the requests are aborted, and a handler that does not give up with them counts as failed all the same.
    const sendTimeout = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    const signal = AbortSignal.timeout(sendTimeout);
    const request = <T>(promise: Promise<T>) => within(promise, sendTimeout + 1_000, 'Sending');
    if (entry.base && handler.read) {
      const current = await request(handler.read(entry, signal));
      const fields = conflictingFields(entry, current);
      if (fields.length) {
        await step(
          update(entry.id, {
            state: 'conflict',
            message: 'Someone else changed this record since you edited it.',
            conflict: { fields, current, at: Date.now() },
          }),
          'Saving the outbox',
        );
        return 'held';
      }
    }
    const result = await request(
      handler.send
        ? handler.send(entry, signal)
        : call(entry.operation, entry.request as never, { signal }).then(() => undefined),
    );
    if (result) {
      await step(update(entry.id, { state: 'refused', ...result.keep }), 'Saving the outbox');
      return result.keep.state === 'pending' ? 'retry' : 'held';
    }
    await step(remove(entry.id), 'Saving the outbox');
    await step(rebaseLater(entry), 'Saving the outbox');
    // The screens read their data again in the background: the outbox does not wait for those reads.
    for (const queryKey of entry.invalidates ?? []) {
      void options.queryClient?.invalidateQueries({ queryKey })?.catch(() => undefined);
    }
    return 'sent';
  } catch (e) {
    const err = asApiError(e);
    // Not the request's fault (no connection, the service failing), or the user did not sign in again.
    if (err.isTransient || err.status === 401) {
      await step(update(entry.id, { state: 'pending', message: err.message }), 'Saving the outbox');
      return 'retry';
    }
    await step(
      update(entry.id, {
        state: 'refused',
        message: err.message,
        fieldErrors: Object.keys(err.fieldErrors).length ? err.fieldErrors : undefined,
      }),
      'Saving the outbox',
    );
    return 'held';
  }
}

/** After an update was sent, later edits of the same record start from what it sent (not a conflict). */
async function rebaseLater(sent: OutboxEntry): Promise<void> {
  if (!sent.values) return;
  for (const later of await list(sent.scope)) {
    if (later.seq <= sent.seq || later.record !== sent.record || !later.base) continue;
    const base = { ...later.base };
    for (const k of Object.keys(sent.values)) if (k in base) base[k] = sent.values[k];
    await update(later.id, { base });
  }
}

/**
 * One pass over the signed-in user's outbox: sends what can be sent, in order, and lists again while new
 * entries came in. 'retry' when it stopped at a failure worth trying again (no connection, 5xx).
 */
export async function sendOutbox(options: SenderOptions = {}): Promise<'done' | 'retry' | 'offline'> {
  const isOnline = options.isOnline ?? (() => onlineManager.isOnline());
  const step = stepOf(options);
  const scope = currentScope();
  if (scope === undefined) return 'done';
  for (;;) {
    let sentAny = false;
    const held = new Set<string>();
    for (const listed of await step(list(scope), 'Reading the outbox')) {
      if (!isOnline()) return 'offline';
      if (currentScope() !== scope) return 'done';
      const entry = await step(getEntry(listed.id), 'Reading the outbox');
      if (!entry) continue;
      if (entry.state === 'refused' || entry.state === 'conflict') {
        held.add(entry.record);
        continue;
      }
      if (held.has(entry.record)) continue;
      const outcome = await sendEntry(entry, options);
      if (outcome === 'retry') return 'retry';
      if (outcome === 'held') held.add(entry.record);
      else sentAny = true;
    }
    if (!sentAny) return 'done';
  }
}

let kickRunning: ((reset?: boolean) => void) | undefined;

/** Sends now (the outbox page's "Send now" / "Retry"): a waiting retry goes at once. */
export function sendOutboxNow(): void {
  kickRunning?.(true);
}

/**
 * Starts the sender for this tab: on start, when the connection returns, when the session or the outbox
 * changes, and after a failure with growing waits.
 * Returns the function that stops it.
 */
export function startOutboxSender(options: SenderOptions = {}): () => void {
  const delays = options.retryDelays ?? [2_000, 5_000, 15_000, 30_000, 60_000];
  const isOnline = options.isOnline ?? (() => onlineManager.isOnline());
  const subscribeOnline = options.subscribeOnline ?? ((l) => onlineManager.subscribe(l));
  let stopped = false;
  let running = false;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // No cross-tab lock: a Web Lock held by a page being navigated away stalled the next page's sender. Two tabs
  // of one user may both send an entry; that is safe (TempItemIds; an update re-sent finds its own values).
  const pass = () => sendOutbox({ ...options, isOnline });

  const kick = (reset = false) => {
    if (stopped) return;
    if (reset) {
      failures = 0;
      if (timer) clearTimeout(timer);
      timer = undefined;
    }
    if (running) {
      again = true;
      return;
    }
    if (timer || !isOnline() || !sessionStore.get()) return;
    running = true;
    void pass()
      .catch(() => 'retry' as const)
      .then((result) => {
        running = false;
        if (stopped) return;
        if (result === 'retry') {
          const wait = delays[Math.min(failures++, delays.length - 1)];
          timer = setTimeout(() => {
            timer = undefined;
            kick();
          }, wait);
        } else if (result === 'done') failures = 0;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  // react-query's onlineManager starts "online" whatever the browser says: after a reload with no network it
  // would never hear the browser go online again. The browser's "offline" is reliable, its "online" is not.
  if (!options.isOnline && typeof navigator !== 'undefined' && navigator.onLine === false) {
    onlineManager.setOnline(false);
  }
  kickRunning = kick;
  const unsubscribes = [
    subscribeOnline((online) => online && kick(true)),
    sessionStore.subscribe(() => kick(true)),
    subscribeOutbox(() => {
      // Our own progress also announces changes: only an idle sender is woken by them.
      if (!running && !timer) kick();
    }),
  ];
  kick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribes.forEach((u) => u());
    if (kickRunning === kick) kickRunning = undefined;
  };
}
