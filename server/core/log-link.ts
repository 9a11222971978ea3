// The request log's link to its writer thread (log-writer.mjs): each batch of facts is serialised once
// (`v8.serialize`, its buffer handed over, not copied) and numbered; the writer confirms each message once it is
// committed (as rows or in its journal) and says how many journalled rows wait. What is on its way is counted in
// exact bytes, for the log's bound (requestlog.ts).
import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { LogFacts } from './log-row';

interface Waiting {
  bytes: number;
  rows: number;
  done?: (backlog: number) => void;
}

export class WriterLink {
  private readonly worker: Worker;
  private seq = 0;
  /** Messages handed to the writer and not yet confirmed, by sequence number. */
  private readonly waiting = new Map<number, Waiting>();
  /** Bytes and rows on their way to the writer. */
  inFlightBytes = 0;
  inFlightRows = 0;
  /** Journalled rows not yet written, as of the writer's last confirmation. */
  backlog = 0;

  constructor(file: string, limits: object) {
    this.worker = new Worker(new URL('./log-writer.mjs', import.meta.url), { workerData: { file, limits } });
    this.worker.on('message', (m: { seq: number; backlog: number; failed?: boolean }) => {
      // The writer could not commit the batch (a full disk, a broken file): said here, where a write waits on it.
      if (m.failed)
        console.error(`request log: batch ${m.seq} was not committed; its requests are not logged`);
      this.confirmed(m.seq, m.backlog);
    });
    this.worker.on('error', (e) => console.error('request log: the writer thread failed', e));
    this.worker.unref();
  }

  /** Hands a batch over (`full`: a burst's, journalled); `done` once it is committed. */
  send(batch: LogFacts[], full: boolean, done?: (backlog: number) => void): void {
    let blob: Buffer;
    try {
      blob = serialize(batch);
    } catch {
      // A value serialize refuses (none is expected: the facts come from JSON and headers): that request's
      // facts are left out and reported, the rest go.
      blob = serialize(batch.filter(serializable));
    }
    this.post({ blob, count: batch.length, full }, batch.length, done);
  }

  /**
   * Resolves with the journalled rows still waiting once everything handed over is committed and the journal
   * written out (or the writer's time budget for it ran out); at once when nothing waits.
   */
  drain(): Promise<number> {
    if (this.waiting.size === 0 && this.backlog === 0) return Promise.resolve(0);
    return new Promise((resolve) => this.post({ drain: true }, 0, resolve));
  }

  /** The log is being read: the writer's idle trimming waits. */
  reading(): void {
    this.worker.postMessage({ reading: true });
  }

  /** Keeps the process alive until the writer has closed (after `drain`). */
  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage({ close: true });
    await exited;
  }

  ref(): void {
    this.worker.ref();
  }

  private post(
    message: { blob?: Buffer; count?: number; full?: boolean; drain?: boolean },
    rows: number,
    done?: (backlog: number) => void,
  ): void {
    const seq = ++this.seq;
    const bytes = message.blob?.length ?? 0;
    this.waiting.set(seq, { bytes, rows, done });
    this.inFlightBytes += bytes;
    this.inFlightRows += rows;
    const blob = message.blob;
    const own = blob && blob.byteOffset === 0 && blob.buffer.byteLength === blob.length;
    this.worker.postMessage({ ...message, seq }, own ? [blob.buffer as ArrayBuffer] : []);
  }

  private confirmed(seq: number, backlog: number): void {
    const w = this.waiting.get(seq);
    if (!w) return;
    this.waiting.delete(seq);
    this.inFlightBytes -= w.bytes;
    this.inFlightRows -= w.rows;
    this.backlog = backlog;
    w.done?.(backlog);
  }
}

function serializable(facts: LogFacts): boolean {
  try {
    serialize(facts);
    return true;
  } catch (e) {
    console.error('request log: a request could not be handed to the writer', e);
    return false;
  }
}
