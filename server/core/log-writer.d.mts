import type { Database } from 'better-sqlite3';

/** A log row: the values of the INSERT in log-writer.mjs, in its column order. */
export type LogRow = (string | number | null)[];

export interface LogWriter {
  write(batch: LogRow[]): void;
  /** The log is being read: idle trimming waits. */
  reading(): void;
  bytes(): number;
  stop(): void;
}

/** SQL of a stored row's cost to the byte budget (its text plus a fixed overhead). */
export const ROW_BYTES_SQL: string;
export function rowBytes(row: LogRow): number;

export function createWriter(
  database: Database,
  limits: number | { retention: number; maxBytes?: number },
): LogWriter;
