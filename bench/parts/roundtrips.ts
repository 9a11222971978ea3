// roundtrips: sequential data round trips before each screen is complete (bench/roundtrips.ts): 1, or 2 where
// data depends on data; never more than 2. Writes bench/results/roundtrips.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ctx } from '../harness/context';
import { la, startService, stopService, waitForHttp } from '../harness/process';
import { measureRoundTrips, SCREENS, type ScreenResult } from '../roundtrips';

export async function roundtripsPart(ctx: Ctx, signal: AbortSignal) {
  const port = ctx.portBase + 3;
  const service = startService({ DATA_DIR: ctx.dataCopy(), STATIC_DIR: ctx.distDir, PORT: String(port) });
  let screens: ScreenResult[];
  try {
    await waitForHttp(`http://127.0.0.1:${port}/config.json`, service, 60_000, 100);
    screens = await measureRoundTrips({
      baseUrl: `http://127.0.0.1:${port}`,
      routerSource: readFileSync(join(ctx.root, 'src/app/router.tsx'), 'utf8'),
      signal,
      onProgress: (l) => ctx.say(l.length > 240 ? `${l.slice(0, 240)}…` : l),
    });
  } finally {
    await stopService(service);
  }
  mkdirSync(join(ctx.root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(ctx.root, 'bench', 'results', 'roundtrips.json'),
    JSON.stringify({ date: new Date().toISOString(), loadAverage: la(), screens }, null, 2) + '\n',
  );
  ctx.details.roundtrips = screens.map((s) => ({
    id: s.id,
    status: s.status,
    error: s.error,
    inApp: s.nav?.dataRoundTrips,
    cold: s.cold?.dataRoundTrips,
    inAppByTime: s.nav?.timeRoundTrips,
    coldByTime: s.cold?.timeRoundTrips,
    budgetInApp: s.budgetNav,
    budgetCold: s.budgetCold,
    inAppWithCode: s.nav?.allRoundTrips,
    coldWithCode: s.cold?.allRoundTrips,
    chainInApp: s.nav?.chain,
    chainCold: s.cold?.chain,
    pass: s.pass,
  }));
  const measured = screens.filter((s) => s.status === 'measured');
  const misses = measured.filter((s) => !s.pass);
  const errors = screens.filter((s) => s.status === 'error');
  const max = (pick: (s: ScreenResult) => number | undefined) =>
    Math.max(0, ...measured.map((s) => pick(s) ?? 0));
  const noRoute = screens.filter((s) => s.status === 'no route');
  ctx.rows.push({
    part: 'roundtrips',
    figure: `Sequential data round trips before a screen is complete (${measured.length} screens)`,
    value:
      `in the app max ${max((s) => s.nav?.dataRoundTrips)}, cold max ${max((s) => s.cold?.dataRoundTrips)}` +
      (misses.length
        ? `; over: ${misses.map((s) => `${s.id} ${s.nav?.dataRoundTrips}/${s.cold?.dataRoundTrips}`).join(', ')}`
        : ''),
    // The rule, and the screens whose budget was moved from it (each with its reason: bench/roundtrips.ts).
    budget: `1 (2 where data depends on data), never > 2; except ${SCREENS.filter((s) => s.budget)
      .map((s) => `${s.id} ${s.budget!.app} / ${s.budget!.cold} cold`)
      .join(', ')}`,
    status: measured.length === 0 ? 'error' : misses.length || errors.length ? 'miss' : 'pass',
    note: [
      errors.length ? `errors: ${errors.map((s) => s.id).join(', ')}` : '',
      noRoute.length ? `no route yet: ${noRoute.map((s) => s.id).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  });
}
