import { describe, expect, it, vi } from 'vitest';
import { failedModuleUrl, retryableImport, retryUrl } from '../../src/ui/retryableImport';

describe('retryableImport', () => {
  it('reads the chunk address from Chromium and Firefox failure messages', () => {
    expect(
      failedModuleUrl(
        new TypeError(
          'Failed to fetch dynamically imported module: http://h/console/assets/CommandPalette-D_lV1e-Q.js',
        ),
      ),
    ).toBe('http://h/console/assets/CommandPalette-D_lV1e-Q.js');
    expect(
      failedModuleUrl(new TypeError('error loading dynamically imported module: https://h/assets/T-1.js')),
    ).toBe('https://h/assets/T-1.js');
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
  });

  it('asks for the chunk under a fresh address after a failure', () => {
    expect(retryUrl('http://h/assets/A-1.js', 2)).toBe('http://h/assets/A-1.js#retry-2');
  });

  it('tries the plain import again when the message names no address', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValueOnce('loaded');
    const get = retryableImport(load);
    await expect(get()).rejects.toThrow('Importing a module script failed.');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
