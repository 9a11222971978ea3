// The build this console is: package.json's version and the commit, stamped by vite.config.ts (`define`), and
// what the host now publishes in version.json (written by the same build next to index.html) — they differ when
// a newer build was deployed after this page was loaded.
import { publishedFile } from '../config/base';

declare const __PM_VERSION__: string | undefined;
declare const __PM_COMMIT__: string | undefined;

export interface BuildInfo {
  version: string;
  commit: string;
  /** ISO time of the build (version.json only). */
  builtAt?: string;
}

/** The running build (`dev` / `unknown` outside a Vite build, e.g. in unit tests). */
export const runningBuild: BuildInfo = {
  version: typeof __PM_VERSION__ === 'string' ? __PM_VERSION__ : 'dev',
  commit: typeof __PM_COMMIT__ === 'string' ? __PM_COMMIT__ : 'unknown',
};

/** version.json as published next to index.html; undefined when it is missing or not what the build writes. */
export async function fetchPublishedBuild(
  url = publishedFile('version.json'),
  fetchImpl: typeof fetch = fetch,
): Promise<BuildInfo | undefined> {
  try {
    const res = await fetchImpl(url, { cache: 'no-cache' });
    if (!res.ok) return undefined;
    const json = (await res.json()) as Partial<Record<keyof BuildInfo, unknown>>;
    if (typeof json.version !== 'string' || typeof json.commit !== 'string') return undefined;
    return {
      version: json.version,
      commit: json.commit,
      builtAt: typeof json.builtAt === 'string' ? json.builtAt : undefined,
    };
  } catch {
    return undefined;
  }
}
