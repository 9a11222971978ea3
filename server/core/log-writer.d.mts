import type { Database } from 'better-sqlite3';

/** A log record as the writer stores it (JSON fields as objects, replies as JSON text). */
export interface WriterRecord {
  dateMs: number;
  httpMethod: string;
  absoluteUri: string;
  pathInfo: string;
  requestBody?: string;
  requestDto?: unknown;
  userAuthId?: string;
  sessionId?: string;
  ipAddress?: string;
  forwardedFor?: string;
  referer?: string;
  headers?: Record<string, string>;
  formData?: Record<string, string>;
  items?: Record<string, string>;
  session?: unknown;
  responseJson?: string;
  errorJson?: string;
  isError?: boolean;
  durationMs: number;
}

export function createWriter(database: Database, retention: number): (batch: WriterRecord[]) => void;
