// @vitest-environment jsdom
// The page shown instead of the console when config.json cannot be used: a bad file names its keys and says to fix
// it on the server; a file that could not be fetched at all says to connect and reload (nothing to fix).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ConfigErrorPage } from '../../src/app/ConfigErrorPage';
import { ConfigError, loadConfig } from '../../src/config/config';
import { renderWithProviders } from '../../src/test-utils';

afterEach(cleanup);

describe('ConfigErrorPage', () => {
  it('names the bad keys of a file that is wrong, and says to fix it on the server', async () => {
    const error = await loadConfig(
      '/config.json',
      vi.fn<typeof fetch>(async () => new Response('{"routeStyle":"soap"}')),
    ).catch((e: unknown) => e);
    renderWithProviders(<ConfigErrorPage error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The configuration file /config.json is not valid');
    expect(screen.getByRole('alert')).toHaveTextContent('routeStyle');
    expect(screen.getByText(/Fix the file on the server/)).toBeInTheDocument();
  });

  it('says to connect and reload when the file could not be fetched (offline), not to fix it', async () => {
    const error = await loadConfig(
      '/config.json',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).unreachable).toBe(true);
    renderWithProviders(<ConfigErrorPage error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the console’s host');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '/config.json could not be fetched. Connect to the network and reload this page',
    );
    expect(screen.queryByText(/Fix the file/)).not.toBeInTheDocument();
  });
});
