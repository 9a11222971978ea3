// Sending a request from the explorer: one attempt, the raw reply kept (status, duration, text) beside the
// decoded response or the ApiError that `call` would have raised.
import { type QueryKey } from '@tanstack/react-query';
import { readReply, sendRaw, type RawReply } from '../../api/client';
import { ApiError } from '../../api/errors';
import { operations, type OperationName } from '../../contract/operations';
import { toRequest } from './model/draft';
import type { Draft } from './model/form';

export interface Exchange {
  operation: OperationName;
  reply: RawReply;
  /** The decoded response (DateTime → Date) when the reply is a success. */
  decoded?: unknown;
  /** What `call` would have thrown for this reply. */
  error?: ApiError;
  /** The reply as JSON, when it is JSON (success or not). */
  json?: unknown;
}

export async function sendOperation(operation: OperationName, draft: Draft, signal?: AbortSignal) {
  const request = toRequest(operations[operation].request, draft) as object;
  const reply = await sendRaw(operation, request, { signal });
  const exchange: Exchange = { operation, reply };
  try {
    exchange.json = JSON.parse(reply.text);
  } catch {
    // not JSON: shown raw
  }
  try {
    exchange.decoded = readReply(operation, reply);
  } catch (e) {
    if (e instanceof ApiError) exchange.error = e;
    else throw e;
  }
  return exchange;
}

/** A write from the explorer may change anything the console shows: every cached query is refreshed. */
export const EVERYTHING: QueryKey[] = [[]];
