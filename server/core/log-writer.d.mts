import type { Database } from 'better-sqlite3';

/** A log row: the values of the INSERT in log-writer.mjs, in its column order. */
export type LogRow = (string | number | null)[];

export interface LogWriter {
  write(batch: LogRow[]): void;
  stop(): void;
}

export function createWriter(database: Database, retention: number): LogWriter;
