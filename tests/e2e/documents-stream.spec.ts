// The documents table shows rows while the reply is still arriving, and sorting waits for the last row with a
// note (issue 19). The reply is held half-way by a small HTTP proxy in front of the spec's own service: it passes
// everything through, but of the documents reply only the first 100 KB until the test lets the rest go.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { seed } from './helpers';

// A service of its own: this spec adds documents.
test.use({ serviceEnv: {} });

const DOCUMENTS = 2;
const ADDED = 1500;
const DOCUMENTS_PATH = '/api/internal/document/documentsreadinfolder';
const HELD_AFTER = 100 * 1024;

interface Proxy {
  url: string;
  /** Lets the held documents replies go on. */
  release(): void;
  /** Documents replies whose end has been passed on to the browser. */
  finished: number;
  close(): Promise<void>;
}

async function holdingProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  let released = false;
  const waiting: (() => void)[] = [];
  const proxy: Proxy = {
    url: '',
    finished: 0,
    release() {
      released = true;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        if (req.url?.toLowerCase().split('?')[0] !== DOCUMENTS_PATH) return reply.pipe(res);
        let passed = 0;
        reply.on('data', (chunk: Buffer) => {
          if (released || passed + chunk.length <= HELD_AFTER) {
            passed += chunk.length;
            res.write(chunk);
            return;
          }
          // Pass what fits, hold the rest until the test releases it.
          const fits = Math.max(0, HELD_AFTER - passed);
          if (fits) res.write(chunk.subarray(0, fits));
          passed = HELD_AFTER;
          reply.pause();
          waiting.push(() => {
            res.write(chunk.subarray(fits));
            reply.resume();
          });
        });
        reply.on('end', () => {
          proxy.finished++;
          res.end();
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

test('documents show while the reply arrives; sorting waits for the last row', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // 1,500 more documents in the Documents container: a reply of about 400 KB, which the service streams.
  const signIn = await (
    await fetch(`${baseURL}/api/internal/authenticateuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: seed.pm.userName, password: seed.pm.password }),
    })
  ).json();
  for (let start = 0; start < ADDED; start += 20) {
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${baseURL}/api/internal/document/extdrive/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            authSessionKey: signIn.authSessionKey,
            document: { folderParentId: DOCUMENTS, fileName: `ZZ-${String(start + i).padStart(4, '0')}.pdf` },
          }),
        });
        expect(res.status).toBe(200);
      }),
    );
  }
  const total = 200 + ADDED;

  const proxy = await holdingProxy(baseURL!);
  try {
    await page.goto(`${proxy.url}/signin`);
    await page.getByLabel('Username').fill(seed.pm.userName);
    await page.getByLabel('Password', { exact: true }).fill(seed.pm.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await page.goto(`${proxy.url}/projects/1/folders/${DOCUMENTS}`);

    // The first rows are on screen while the rest of the reply is held.
    const rows = page.getByTestId('documents-scroll').locator('tbody tr[data-index]');
    await expect(rows.first()).toBeVisible();
    expect(proxy.finished).toBe(0);
    const note = page.getByTestId('documents-loading');
    await expect(note).toHaveText(
      new RegExp(
        `^Loading [\\d,]+ of ${total.toLocaleString('en-US')} documents… Sorting and filters apply once all are in\\.$`,
      ),
    );
    const arrived = Number((await note.innerText()).match(/Loading ([\d,]+) of/)![1].replace(/,/g, ''));
    expect(arrived).toBeGreaterThan(0);
    expect(arrived).toBeLessThan(total);
    await expect(page.getByTestId('documents-count')).toHaveText('Loading documents…');
    // Sorting and filters wait, and say so.
    const table = page.getByTestId('documents-scroll');
    await expect(table.getByRole('button', { name: 'Number' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Search' })).toBeDisabled();
    // The rows that are there can be scrolled and read meanwhile.
    await expect(rows.first().locator('td').first()).toHaveText(/^[A-Z]+-\d{4}$/);
    await table.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(rows.last()).toBeVisible();

    proxy.release();
    await expect(page.getByTestId('documents-count')).toHaveText(
      `${total.toLocaleString('en-US')} documents`,
    );
    await expect(note).toHaveCount(0);
    expect(proxy.finished).toBe(1);
    await table.evaluate((el) => (el.scrollTop = 0));
    await table.getByRole('button', { name: 'Number' }).click();
    await expect(page).toHaveURL(/dir=desc/);
    // Descending by number: the added ZZ-0699 (its number is its file name without .pdf) comes first.
    await expect(rows.first().locator('td').first()).toHaveText(`ZZ-${String(ADDED - 1).padStart(4, '0')}`);
  } finally {
    proxy.release();
    await proxy.close();
  }
});
