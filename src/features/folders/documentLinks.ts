// The addresses of documents added in this browser, kept per user in localStorage (model/documentLinks.ts says
// why: no operation reads a document's address back). Read through the query cache so the table follows a save.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../api/session';
import { storedValue } from '../../ui/storedValue';
import { parseStoredLinks, withLink, type StoredLink, type StoredLinks } from './model/documentLinks';
import { documentKeys } from './queries';

const stored = (userName: string) => storedValue(`document-links:${userName}`, parseStoredLinks);

const userName = () => sessionStore.get()?.userName ?? '';

export function documentLinksQuery() {
  const user = userName();
  return queryOptions({
    queryKey: [...documentKeys.all, 'links', user] as const,
    queryFn: (): StoredLinks => stored(user).read() ?? {},
    staleTime: Infinity,
    networkMode: 'always',
  });
}

/** Keeps a new document's addresses; storage full or disabled keeps them for this visit only. */
export function rememberDocumentLink(
  queryClient: QueryClient,
  documentId: number,
  link: Omit<StoredLink, 'savedAt'>,
): void {
  const { queryKey } = documentLinksQuery();
  const user = userName();
  const next = withLink(stored(user).read() ?? {}, documentId, link, Date.now());
  stored(user).write(next);
  queryClient.setQueryData(queryKey, next);
}
