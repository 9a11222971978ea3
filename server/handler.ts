// What an operation handler sees and returns. Handlers are plain synchronous functions over the database;
// the HTTP layer (server/http/, wired by server/app.ts) does routing, binding, sessions, errors, logging and writing.
import type { Database } from 'better-sqlite3';
import type { OperationName, RequestOf, ResponseOf } from '../src/contract/operations';
import type { FieldError } from '../src/contract/codecs';

export interface User {
  id: number;
  userName: string;
  fullName: string;
  isAdmin: boolean;
  apiKey: string;
}

export interface HandlerContext {
  db: Database;
  /** The signed-in user (absent only for operations with `auth: 'none'`). */
  user: User;
  /** The session key the request carried. */
  sessionKey: string;
  now: Date;
}

type BaseResponseKey =
  'uiErrorMessage' | 'uiDevErrorMessage' | 'errorOccured' | 'logMessageType' | 'responseStatus';

/**
 * A list of a reply that is written to the socket as its rows are read (docs/service.md, "Streamed replies"):
 * a handler returns it in place of an array. Rows read through the service's own connection are read in one
 * synchronous pass (an open better-sqlite3 statement keeps its connection busy for writes); rows read through
 * the database's reader (`readerOf`, server/db/db.ts) may be `pausable`: the writer then lets other requests run
 * between batches and waits while the client is slow.
 */
export class RowStream<T = unknown> {
  readonly count?: number;
  readonly trailer?: () => Record<string, unknown>;
  readonly pausable: boolean;
  readonly json?: (row: T) => string;
  constructor(
    readonly rows: Iterable<T>,
    options: {
      /** How many rows there will be, when known before the first (sent as the `X-Total-Count` header). */
      count?: number;
      /** Fields known only once the rows are read (the request log's cut note): written after the list. */
      trailer?: () => Record<string, unknown>;
      /** The rows come from a connection no other request writes through: the writer may pause. */
      pausable?: boolean;
      /**
       * A row's JSON exactly as the contract's `encode` and `stringifyWire` write it for the list's schema, when
       * the rows are not the contract's values (the request log's stored rows: server/core/requestlog.ts).
       */
      json?: (row: T) => string;
    } = {},
  ) {
    this.count = options.count;
    this.trailer = options.trailer;
    this.pausable = options.pausable ?? false;
    this.json = options.json;
  }
}

/** A payload's list fields may be RowStreams. */
type Streamable<R> = { [K in keyof R]: NonNullable<R[K]> extends (infer E)[] ? R[K] | RowStream<E> : R[K] };

/** An operation's payload: its response without the base-response fields the HTTP layer adds. */
export type Payload<N extends OperationName> = Omit<ResponseOf<N>, BaseResponseKey>;

/** A handler returns the operation's payload; `numberOfRecordsEffected` when it changed rows. */
export type Handler<N extends OperationName> = (
  request: RequestOf<N>,
  ctx: HandlerContext,
) => Streamable<Payload<N>>;

export type HandlerTable = { [N in OperationName]?: Handler<N> };

/** A failure the caller caused (4xx) or a known service condition; anything else thrown is a 500. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** For developers (`uiDevErrorMessage`); defaults to the message. */
    readonly devMessage?: string,
    /** Extra reply headers (e.g. `retry-after` of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  static validation(fieldErrors: FieldError[], message?: string): ServiceError {
    return new ServiceError(
      400,
      fieldErrors[0]?.errorCode ?? 'ValidationException',
      message ?? fieldErrors.map((e) => e.message).join(' '),
      fieldErrors,
    );
  }

  static field(fieldName: string, message: string, errorCode = 'InvalidValue'): ServiceError {
    return ServiceError.validation([{ fieldName, errorCode, message }]);
  }

  static notFound(message: string): ServiceError {
    return new ServiceError(404, 'NotFound', message);
  }

  static forbidden(message: string): ServiceError {
    return new ServiceError(403, 'Forbidden', message);
  }
}
