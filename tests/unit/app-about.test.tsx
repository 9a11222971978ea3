// @vitest-environment jsdom
// The About dialog (command palette → About PM Console): the running build's version and commit, and a hint to
// reload when the host publishes another build (version.json).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { paletteActions } from '../../src/app/shell/paletteActions';
import { offlineStart } from '../../src/app/offlineStart';
import { AboutDialog } from '../../src/app/shell/AboutDialog';
import { fetchPublishedBuild, runningBuild } from '../../src/app/version';
import { renderWithProviders } from '../../src/test-utils';

afterEach(cleanup);

const running = { version: '0.1.0', commit: 'abc1234' };

describe('About', () => {
  it('is a page of the command palette, found by "about" and "version"', () => {
    const input = { recent: [], isAdmin: false, rfis: [] };
    for (const query of ['about', 'version', '']) {
      expect(paletteActions({ ...input, query }).find((a) => a.id === 'page:about')).toMatchObject({
        group: 'Pages',
        label: 'About PM Console',
        dialog: 'about',
      });
    }
  });

  it('shows the version, the commit and when it was built', async () => {
    renderWithProviders(
      <AboutDialog
        opened
        onClose={() => {}}
        running={running}
        fetchPublished={async () => ({ ...running, builtAt: '2026-11-24T10:00:00.000Z' })}
      />,
    );
    const table = await screen.findByTestId('about-build');
    expect(within(table).getByRole('row', { name: /Version 0\.1\.0/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Commit abc1234/ })).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /Built/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Served at \// })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says whether this browser starts the console offline', async () => {
    for (const [state, text] of [
      ['ready', 'Ready: this browser starts the console without a connection.'],
      ['saving', 'Not yet: the console is still being saved in this browser.'],
      ['off', 'Not available here'],
    ] as const) {
      renderWithProviders(
        <AboutDialog
          opened
          onClose={() => {}}
          running={running}
          fetchPublished={async () => running}
          checkOffline={async () => state}
        />,
      );
      const table = await screen.findByTestId('about-build');
      expect(await within(table).findByRole('row', { name: /Offline start/ })).toHaveTextContent(text);
      cleanup();
    }
  });

  it('outside a production build, offline start is not available', async () => {
    expect(await offlineStart()).toBe('off');
  });

  it('says when the host now has another build', async () => {
    renderWithProviders(
      <AboutDialog
        opened
        onClose={() => {}}
        running={running}
        fetchPublished={async () => ({ version: '0.2.0', commit: 'def5678' })}
      />,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The server now has version 0.2.0 (commit def5678). Reload the page to use it.',
    );
  });

  it('reads version.json, and outside a build says dev / unknown', async () => {
    expect(runningBuild).toEqual({ version: 'dev', commit: 'unknown' });
    const reply =
      (body: string, status = 200) =>
      async () =>
        new Response(body, { status });
    expect(
      await fetchPublishedBuild('/version.json', reply('{"version":"0.1.0","commit":"abc","builtAt":"x"}')),
    ).toEqual({ version: '0.1.0', commit: 'abc', builtAt: 'x' });
    expect(await fetchPublishedBuild('/version.json', reply('nope', 404))).toBeUndefined();
    expect(await fetchPublishedBuild('/version.json', reply('<html>'))).toBeUndefined();
  });
});
