import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  ConfigError,
  containerOfKind,
  defaultConfig,
  folderKind,
  loadConfig,
  parseConfig,
  type ConfigProblem,
} from '../../src/config/config';
import { folderTypes, rfiStatuses } from '../../src/contract/codes';

function problems(json: unknown): ConfigProblem[] {
  const r = parseConfig(json);
  if (r.ok) throw new Error('expected the config to be rejected');
  return r.problems;
}

const keys = (json: unknown) => problems(json).map((p) => p.key);

describe('parseConfig', () => {
  it('an empty object gives the defaults (the reference service codes, same origin, USD)', () => {
    const r = parseConfig({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.baseUrl).toBe('');
    expect(r.config.routeStyle).toBe('internal');
    expect(r.config.currency).toBe('USD');
    expect(r.config.folderTypes.get(folderTypes.rfis.code)).toEqual({ kind: 'rfis', name: 'RFIs' });
    expect(r.config.folderTypes.size).toBe(Object.keys(folderTypes).length);
    expect(r.config.statuses.rfi).toEqual(rfiStatuses);
  });

  it('public/config.json is valid and says exactly the defaults', () => {
    const json: unknown = JSON.parse(readFileSync('public/config.json', 'utf8'));
    const r = parseConfig(json);
    expect(r).toMatchObject({ ok: true });
    if (r.ok) expect(r.config).toEqual(defaultConfig());
  });

  it('accepts another deployment: URL, reply routes, its own codes, another currency', () => {
    const r = parseConfig({
      baseUrl: 'https://pm.example.com/api/',
      routeStyle: 'reply',
      currency: 'EUR',
      folderTypes: { '101': { kind: 'rfis', name: 'Requests for information' } },
      statuses: { rfi: [{ code: 7, name: 'Pending' }] },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.baseUrl).toBe('https://pm.example.com/api'); // trailing slash dropped
    expect(r.config.routeStyle).toBe('reply');
    expect(r.config.currency).toBe('EUR');
    // A folder-type map replaces the defaults wholesale; status lists replace per list.
    expect([...r.config.folderTypes.entries()]).toEqual([
      [101, { kind: 'rfis', name: 'Requests for information' }],
    ]);
    expect(r.config.statuses.rfi).toEqual([{ code: 7, name: 'Pending' }]);
    expect(r.config.statuses.punchList).toEqual(defaultConfig().statuses.punchList);
  });

  it('names each bad key', () => {
    expect(keys({ routeStyle: 'json' })).toEqual(['routeStyle']);
    expect(keys({ baseUrl: 42 })).toEqual(['baseUrl']);
    expect(keys({ baseUrl: 'ftp://host' })).toEqual(['baseUrl']);
    expect(keys({ currency: 'dollars' })).toEqual(['currency']);
    expect(keys({ currency: 'XYZ1' })).toEqual(['currency']);
    expect(keys({ folderTypes: [] })).toEqual(['folderTypes']);
    expect(keys({ folderTypes: { four: { kind: 'rfis', name: 'RFIs' } } })).toEqual(['folderTypes.four']);
    expect(keys({ folderTypes: { '4': { kind: 'rfi-list', name: 'RFIs' } } })).toEqual([
      'folderTypes.4.kind',
    ]);
    expect(keys({ folderTypes: { '4': { kind: 'rfis', name: '' } } })).toEqual(['folderTypes.4.name']);
    expect(keys({ folderTypes: { '4': 'rfis' } })).toEqual(['folderTypes.4']);
    expect(keys({ statuses: { rfi: [{ code: 'open', name: 'Open' }] } })).toEqual(['statuses.rfi[0].code']);
    expect(keys({ statuses: { rfi: [{ code: 1 }] } })).toEqual(['statuses.rfi[0].name']);
    expect(keys({ statuses: { rfi: {} } })).toEqual(['statuses.rfi']);
    expect(keys({ statuses: { rfis: [] } })).toEqual(['statuses.rfis']);
  });

  it('reports an unknown (misspelt) key instead of ignoring it', () => {
    const p = problems({ baseURL: 'https://pm.example.com' });
    expect(p).toHaveLength(1);
    expect(p[0].key).toBe('baseURL');
    expect(p[0].message).toMatch(/unknown key/);
  });

  it('reports every problem at once', () => {
    expect(keys({ routeStyle: 1, currency: 2, extra: true })).toEqual(['extra', 'routeStyle', 'currency']);
  });

  it('rejects a file that is not an object', () => {
    expect(keys([])).toEqual(['(file)']);
    expect(keys('config')).toEqual(['(file)']);
    expect(keys(null)).toEqual(['(file)']);
  });
});

describe('loadConfig', () => {
  const respond = (body: string, status = 200) =>
    vi.fn<typeof fetch>(async () => new Response(body, { status }));

  it('loads and validates the file', async () => {
    const config = await loadConfig('/config.json', respond('{"routeStyle":"reply"}'));
    expect(config.routeStyle).toBe('reply');
  });

  it('a missing file, bad JSON or a bad key is a ConfigError naming the file and the key', async () => {
    await expect(loadConfig('/config.json', respond('not found', 404))).rejects.toMatchObject({
      name: 'ConfigError',
      url: '/config.json',
      problems: [{ key: '(file)', message: 'could not be loaded (HTTP 404)' }],
    });
    await expect(loadConfig('/config.json', respond('{"baseUrl": '))).rejects.toBeInstanceOf(ConfigError);
    const err = await loadConfig('/config.json', respond('{"routeStyle":"soap"}')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toContain('routeStyle');
  });

  it('a network failure is a ConfigError too', async () => {
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadConfig('/config.json', failing)).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('folder kinds', () => {
  const config = defaultConfig();
  it("reads a folder's kind from its type code", () => {
    expect(folderKind(config, { folderType: folderTypes.rfis.code })).toBe('rfis');
    expect(folderKind(config, { folderType: 9999 })).toBeUndefined();
    expect(folderKind(config, {})).toBeUndefined();
  });

  it('finds the first container of a kind that has an id', () => {
    const containers = [
      { folderType: folderTypes.dailyReports.code },
      { folderId: 4, folderType: folderTypes.rfis.code },
      { folderId: 7, folderType: folderTypes.dailyReports.code },
      { folderId: 70, folderType: folderTypes.dailyReports.code },
    ];
    expect(containerOfKind(config, containers, 'dailyReports')?.folderId).toBe(7);
    expect(containerOfKind(config, containers, 'meetings')).toBeUndefined();
    expect(containerOfKind(config, undefined, 'rfis')).toBeUndefined();
  });
});
