// The operations the explorer offers: the list, the search, and the share link (operation + draft in the URL,
// without what only the client adds or what is secret).
import { operationNames, operations, type OperationName } from '../../../contract/operations';
import { CLIENT_FIELDS, type Draft } from './form';
import { parseDraft } from './draft';

export interface OperationInfo {
  name: OperationName;
  path: string;
  method: 'GET' | 'POST';
  summary: string;
  effect: 'read' | 'write';
  auth: 'none' | 'session' | 'admin';
}

export const operationList: OperationInfo[] = operationNames.map((name) => {
  const op = operations[name];
  return {
    name,
    path: op.path,
    method: op.method === 'ANY' ? 'GET' : 'POST',
    summary: op.summary,
    effect: op.effect,
    auth: op.auth,
  };
});

/** Operations whose name, route or summary hold every word of the query (`project/get`, `rfi read`). */
export function searchOperations(query: string, list = operationList): OperationInfo[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return list;
  return list.filter((o) => {
    const text = `${o.name} ${o.path} ${o.summary}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Finds an operation by name or by route (`project/get`, `/api/internal/project/get`), case-insensitive. */
export function findOperation(text: string | null | undefined): OperationName | undefined {
  if (!text) return undefined;
  const t = text.trim().toLowerCase();
  return operationList.find(
    (o) => o.name.toLowerCase() === t || o.path.toLowerCase() === t || o.path.toLowerCase().endsWith(`/${t}`),
  )?.name;
}

/** Never written to the share link (a URL ends up in history, logs and chat): the sign-in password. */
const UNSHARED_FIELDS = new Set(['password']);

function withoutClientFields(draft: Draft, dropSecrets = false): Draft {
  return Object.fromEntries(
    Object.entries(draft).filter(
      ([k]) => !CLIENT_FIELDS.has(k) && !(dropSecrets && UNSHARED_FIELDS.has(k.toLowerCase())),
    ),
  );
}

/** `?op=…&request=…`: the operation and its draft (never a session key or password), for a link to share. */
export function writeShare(op: OperationName, draft: Draft): string {
  const params = new URLSearchParams({ op });
  const clean = withoutClientFields(draft, true);
  if (Object.keys(clean).length) params.set('request', JSON.stringify(clean));
  return params.toString();
}

export interface Shared {
  op?: OperationName;
  draft: Draft;
  /** The link's request was not readable (shown to the user; the form starts empty). */
  error?: string;
}

export function readShare(params: URLSearchParams): Shared {
  const op = findOperation(params.get('op'));
  const text = params.get('request');
  if (!op) return { draft: {} };
  if (!text) return { op, draft: {} };
  const parsed = parseDraft(text);
  return parsed.ok
    ? { op, draft: withoutClientFields(parsed.draft) }
    : { op, draft: {}, error: `The link's request was not used. ${parsed.error}` };
}

/**
 * Where a long name or route may wrap, as the pieces between: before each word of a camel-case name
 * (`FoldersDocuments|Get|By|Parent…`) and after each `/` of a route. Joined, the pieces are the text again.
 */
export function wrapPieces(text: string): string[] {
  return text.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=\/)(?=[^/])/);
}
