import type { Database } from 'better-sqlite3';

/** A log row: the values of the INSERT in log-retention.mjs, in its column order. */
export type LogRow = (string | number | null)[];

export interface WriterLimits {
  retention: number;
  maxBytes?: number;
  /** Anonymous rows' share of both budgets (0–1; default 0.1). */
  anonShare?: number;
}

export interface LogWriter {
  write(batch: LogRow[], also?: () => void): void;
  /** The log is being read: idle trimming waits. */
  reading(): void;
  bytes(): number;
  totals(): { rows: number[]; bytes: number[]; rowCap: number[]; byteCap: number[] };
  stop(): void;
}

/** SQL of a stored row's cost to the byte budget (its text in UTF-8 bytes plus a fixed overhead). */
export const ROW_BYTES_SQL: string;
/** Where a row says it is anonymous (1) or not (0). */
export const ROW_ANON: number;
export function rowBytes(row: LogRow): number;

export function createWriter(database: Database, limits: number | WriterLimits): LogWriter;
