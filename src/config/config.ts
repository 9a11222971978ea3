// Runtime configuration (public/config.json), read once before the app renders so one build can be pointed at
// any deployment. Every key is optional; what is missing falls back to the reference service's codes.
import {
  architectStatuses,
  folderTypes as defaultFolderTypeTable,
  ownerStatuses,
  projectStatuses,
  punchListStatuses,
  rfiStatuses,
  subcontractorStatuses,
  type CodeName,
  type FolderKind,
} from '../contract/codes';
import { ROUTE_STYLES, type RouteStyle } from '../contract/operations';
import { publishedFile } from './base';

export type { RouteStyle } from '../contract/operations';

export interface FolderTypeInfo {
  kind: FolderKind;
  name: string;
}

export type StatusListName = 'project' | 'rfi' | 'punchList' | 'owner' | 'subcontractor' | 'architect';

export interface AppConfig {
  /** Origin (and path prefix) of the service; "" means the console's own origin. No trailing slash. */
  baseUrl: string;
  routeStyle: RouteStyle;
  /** ISO 4217 code for money fields. */
  currency: string;
  /** Folder type code → what it is. */
  folderTypes: Map<number, FolderTypeInfo>;
  statuses: Record<StatusListName, CodeName[]>;
}

export interface ConfigProblem {
  /** Path of the offending key, e.g. `folderTypes.4.kind`. */
  key: string;
  message: string;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: ConfigProblem[] };

const FOLDER_KINDS = Object.keys(defaultFolderTypeTable) as FolderKind[];
const STATUS_LISTS: StatusListName[] = ['project', 'rfi', 'punchList', 'owner', 'subcontractor', 'architect'];
const TOP_LEVEL_KEYS = ['baseUrl', 'routeStyle', 'currency', 'folderTypes', 'statuses'];

export function defaultConfig(): AppConfig {
  return {
    baseUrl: '',
    routeStyle: 'internal',
    currency: 'USD',
    folderTypes: new Map(
      FOLDER_KINDS.map((kind) => [
        defaultFolderTypeTable[kind].code,
        { kind, name: defaultFolderTypeTable[kind].name },
      ]),
    ),
    statuses: {
      project: projectStatuses,
      rfi: rfiStatuses,
      punchList: punchListStatuses,
      owner: ownerStatuses,
      subcontractor: subcontractorStatuses,
      architect: architectStatuses,
    },
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Three capital letters: what Intl.NumberFormat accepts as a currency (ECMA-402's well-formed code; it knows no
 * list). Checked without Intl: the first Intl object loads locale data, ~50 ms before the first paint.
 */
function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code);
}

/** Validates the parsed JSON of config.json. Unknown keys are errors too, so a misspelt key is not ignored. */
export function parseConfig(json: unknown): ConfigResult {
  const problems: ConfigProblem[] = [];
  const config = defaultConfig();
  if (!isRecord(json)) {
    return { ok: false, problems: [{ key: '(file)', message: 'must be a JSON object' }] };
  }
  for (const key of Object.keys(json)) {
    if (!TOP_LEVEL_KEYS.includes(key)) {
      problems.push({ key, message: `unknown key (expected one of ${TOP_LEVEL_KEYS.join(', ')})` });
    }
  }

  if (json.baseUrl !== undefined) {
    const v = json.baseUrl;
    if (typeof v !== 'string') {
      problems.push({ key: 'baseUrl', message: 'must be a string ("" for the same origin)' });
    } else if (v !== '' && !v.startsWith('/') && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(v)) {
      problems.push({
        key: 'baseUrl',
        message: 'must be "", a path starting with "/", or an http(s) URL',
      });
    } else {
      config.baseUrl = v.replace(/\/+$/, '');
    }
  }

  if (json.routeStyle !== undefined) {
    if ((ROUTE_STYLES as readonly unknown[]).includes(json.routeStyle)) {
      config.routeStyle = json.routeStyle as RouteStyle;
    } else {
      problems.push({ key: 'routeStyle', message: 'must be "internal" or "reply"' });
    }
  }

  if (json.currency !== undefined) {
    if (typeof json.currency === 'string' && isCurrency(json.currency)) {
      config.currency = json.currency;
    } else {
      problems.push({ key: 'currency', message: 'must be a three-letter ISO 4217 code such as "USD"' });
    }
  }

  if (json.folderTypes !== undefined) {
    if (!isRecord(json.folderTypes)) {
      problems.push({ key: 'folderTypes', message: 'must be an object of code → {kind, name}' });
    } else {
      // A deployment's map replaces the defaults wholesale: codes of two systems must not mix.
      const map = new Map<number, FolderTypeInfo>();
      for (const [code, entry] of Object.entries(json.folderTypes)) {
        const key = `folderTypes.${code}`;
        if (!/^-?\d+$/.test(code)) {
          problems.push({ key, message: 'the key must be a whole-number folder type code' });
          continue;
        }
        if (!isRecord(entry)) {
          problems.push({ key, message: 'must be an object {kind, name}' });
          continue;
        }
        const { kind, name } = entry;
        if (typeof kind !== 'string' || !FOLDER_KINDS.includes(kind as FolderKind)) {
          problems.push({ key: `${key}.kind`, message: `must be one of ${FOLDER_KINDS.join(', ')}` });
          continue;
        }
        if (typeof name !== 'string' || name.trim() === '') {
          problems.push({ key: `${key}.name`, message: 'must be a non-empty string' });
          continue;
        }
        map.set(Number(code), { kind: kind as FolderKind, name });
      }
      config.folderTypes = map;
    }
  }

  if (json.statuses !== undefined) {
    if (!isRecord(json.statuses)) {
      problems.push({ key: 'statuses', message: `must be an object with lists ${STATUS_LISTS.join(', ')}` });
    } else {
      for (const [listName, list] of Object.entries(json.statuses)) {
        const key = `statuses.${listName}`;
        if (!STATUS_LISTS.includes(listName as StatusListName)) {
          problems.push({ key, message: `unknown list (expected one of ${STATUS_LISTS.join(', ')})` });
          continue;
        }
        if (!Array.isArray(list)) {
          problems.push({ key, message: 'must be a list of {code, name}' });
          continue;
        }
        const items: CodeName[] = [];
        list.forEach((item: unknown, i) => {
          if (!isRecord(item) || !Number.isInteger(item.code)) {
            problems.push({ key: `${key}[${i}].code`, message: 'must be a whole number' });
          } else if (typeof item.name !== 'string' || item.name.trim() === '') {
            problems.push({ key: `${key}[${i}].name`, message: 'must be a non-empty string' });
          } else {
            items.push({ code: item.code as number, name: item.name });
          }
        });
        config.statuses[listName as StatusListName] = items;
      }
    }
  }

  return problems.length ? { ok: false, problems } : { ok: true, config };
}

export class ConfigError extends Error {
  constructor(
    readonly url: string,
    readonly problems: ConfigProblem[],
    /** The file could not be fetched at all (no connection, the host down): nothing is wrong with it. */
    readonly unreachable = false,
  ) {
    super(`${url}: ${problems.map((p) => `${p.key}: ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Fetches and validates config.json (by default the one next to index.html, under the console's base path);
 * throws ConfigError naming the file and the bad keys.
 */
export async function loadConfig(
  url = publishedFile('config.json'),
  fetchImpl: typeof fetch = fetch,
): Promise<AppConfig> {
  let res: Response;
  try {
    res = await fetchImpl(url, { cache: 'no-cache' });
  } catch {
    throw new ConfigError(url, [{ key: '(file)', message: 'could not be fetched (network error)' }], true);
  }
  if (!res.ok) {
    throw new ConfigError(url, [{ key: '(file)', message: `could not be loaded (HTTP ${res.status})` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(await res.text());
  } catch (e) {
    throw new ConfigError(url, [{ key: '(file)', message: `is not valid JSON: ${(e as Error).message}` }]);
  }
  const result = parseConfig(json);
  if (!result.ok) throw new ConfigError(url, result.problems);
  return result.config;
}

let current: AppConfig = defaultConfig();

/** The loaded configuration. Set once in main.tsx before the first render; immutable afterwards. */
export function getConfig(): AppConfig {
  return current;
}

export function setConfig(config: AppConfig): void {
  current = config;
}

/** Hook form of getConfig, so screens read like they would from a context. */
export function useConfig(): AppConfig {
  return current;
}

/** A folder's kind (what its type code means, by config.json), when its type is known. */
export function folderKind(config: AppConfig, folder: { folderType?: number }): FolderKind | undefined {
  return folder.folderType === undefined ? undefined : config.folderTypes.get(folder.folderType)?.kind;
}

/** The first folder of a kind, with an id, among a project's containers (in the service's order). */
export function containerOfKind<F extends { folderType?: number; folderId?: number }>(
  config: AppConfig,
  containers: F[] | undefined,
  kind: FolderKind,
): F | undefined {
  return containers?.find((f) => f.folderId !== undefined && folderKind(config, f) === kind);
}

/** Display name of a folder type: the service's `folderTypeName` first, then config, then the code. */
export function folderTypeLabel(
  config: AppConfig,
  folder: { folderType?: number; folderTypeName?: string },
): string {
  if (folder.folderTypeName) return folder.folderTypeName;
  if (folder.folderType === undefined) return 'Folder';
  return config.folderTypes.get(folder.folderType)?.name ?? `Type ${folder.folderType}`;
}

export function statusName(config: AppConfig, list: StatusListName, code: number | null | undefined) {
  if (code === null || code === undefined) return undefined;
  return config.statuses[list].find((s) => s.code === code)?.name ?? `Status ${code}`;
}
