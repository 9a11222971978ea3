// What a documents row opens, free of React. The interface's document list (operation 14) carries no address;
// the only addresses the console ever sees are those of a document added here (operation 16: the download and
// viewer URLs sent, the FilePath replied), kept on this device per user by document id (documentLinks.ts).
import type { FolderDocument } from '../../../contract/dtos';
import { isHttpUrl } from './extDriveForm';

export interface StoredLink {
  downloadUrl?: string;
  viewerUrl?: string;
  filePath?: string;
  /** When it was stored (ms): the oldest go first when the list is full. */
  savedAt: number;
}

/** By document id (operation 16's FileId = FolderDocument.DocumentId). */
export type StoredLinks = Record<string, StoredLink>;

export const MAX_STORED_LINKS = 500;

/** A web address to open in a new tab, or why there is none (`text`: the address or path not opened). */
export type DocumentOpen =
  | { href: string; reason?: undefined; text?: undefined }
  | { reason: string; text?: string; href?: undefined };

export const NO_LINK: DocumentOpen = { reason: 'No link stored for this document' };

/** The download address, else the viewer's, else a file path that is a web address; only absolute http(s). */
export function documentOpen(link: StoredLink | undefined): DocumentOpen {
  if (!link) return NO_LINK;
  const candidates = [link.downloadUrl, link.viewerUrl, link.filePath].map((v) => v?.trim() ?? '');
  const href = candidates.find((v) => v !== '' && isHttpUrl(v));
  if (href) return { href };
  const url = [link.downloadUrl, link.viewerUrl].map((v) => v?.trim() ?? '').find((v) => v !== '');
  if (url) return { reason: 'This link is not http(s) and is not opened', text: url };
  const path = link.filePath?.trim();
  if (path) return { reason: `Stored at ${path}; not a web address, so it is not opened`, text: path };
  return NO_LINK;
}

const optionalText = (v: unknown) => v === undefined || typeof v === 'string';

/** What `localStorage` held, if it is a links map; entries of another shape are dropped. */
export function parseStoredLinks(json: unknown): StoredLinks | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const links: StoredLinks = {};
  for (const [id, v] of Object.entries(json as Record<string, unknown>)) {
    if (!/^\d+$/.test(id) || typeof v !== 'object' || v === null) continue;
    const o = v as Record<string, unknown>;
    if (typeof o.savedAt !== 'number' || ![o.downloadUrl, o.viewerUrl, o.filePath].every(optionalText))
      continue;
    links[id] = o as unknown as StoredLink;
  }
  return links;
}

/** The links with one more (nothing to add when the document has no address or path); the newest are kept. */
export function withLink(
  links: StoredLinks,
  documentId: number,
  link: Omit<StoredLink, 'savedAt'>,
  now: number,
): StoredLinks {
  const entry: StoredLink = { savedAt: now };
  for (const key of ['downloadUrl', 'viewerUrl', 'filePath'] as const) {
    const v = link[key]?.trim();
    if (v) entry[key] = v;
  }
  if (Object.keys(entry).length === 1) return links;
  const all: [string, StoredLink][] = Object.entries({ ...links, [documentId]: entry });
  if (all.length <= MAX_STORED_LINKS) return Object.fromEntries(all);
  all.sort(([, a], [, b]) => b.savedAt - a.savedAt);
  return Object.fromEntries(all.slice(0, MAX_STORED_LINKS));
}

/** What the screen says when Enter is pressed on a row that cannot be opened. */
export function cannotOpenText(doc: FolderDocument, open: DocumentOpen): string {
  const name = doc.uploadedFileName || doc.documentNumber || `Document ${doc.documentId ?? ''}`.trim();
  const why =
    open === NO_LINK
      ? ' The service lists documents without their addresses; this browser keeps those of documents added here.'
      : '';
  return `“${name}” cannot be opened: ${open.reason ?? 'it has no web address'}.${why}`;
}
