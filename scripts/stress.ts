// `npm run test:stress`: the long reliability suites of issue 11 (docs/reliability.md), each bounded in count
// and time and talking only to services it starts on 127.0.0.1: durability under SIGKILL (suite 5), then load
// (suite 6). Prints each suite's figures and a closing "N passed, N failed" line; exits 1 when a suite fails.
// Env: STRESS_PORT (first of three ports, default 8261), LOAD_CLIENTS (50), LOAD_SECONDS (60), STRESS_SIGNIN_SECONDS
// (15, per phase of the sign-in suite of issue 16), STRESS_ONLY (durability | load | signin | diskfill | log).
import { durability } from '../tests/reliability/durability';
import { load } from '../tests/reliability/load';
import { diskFill } from '../tests/reliability/diskfill';
import { signin } from '../tests/reliability/signin';
import { anonymousBytes, crashDuringBurst, floodEviction } from '../tests/reliability/logintegrity';

const port = Number(process.env.STRESS_PORT ?? 8261);
const only = process.env.STRESS_ONLY;
let passed = 0;
let failed = 0;

function verdict(name: string, problems: string[]) {
  if (problems.length) {
    failed++;
    console.log(`✗ ${name}`);
    for (const p of problems.slice(0, 20)) console.log(`    ${p}`);
  } else {
    passed++;
    console.log(`✓ ${name}`);
  }
}

async function main() {
  if (!only || only === 'durability') {
    const started = Date.now();
    console.log('durability: write bursts, SIGKILL mid-burst, restart, check …');
    const f = await durability(port);
    console.log(JSON.stringify(f, null, 2));
    for (const [i, r] of f.rounds.entries()) {
      console.log(
        `  round ${i + 1}: killed at ${r.killAtMs} ms; acknowledged ${r.requestsAcked} writes ` +
          `(${r.updatesAcked} updates, ${r.bulkCreatesAcked} bulk creates = ${r.rowsAcked} rows, ${r.documentsAcked} documents); ` +
          `${r.inFlightAtKill} in flight at the kill, ${r.inFlightCommitted} of them stored; lost ${r.lost}; integrity ${r.integrity}`,
      );
    }
    console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s`);
    verdict('durability: every acknowledged write survives SIGKILL; integrity_check ok', [
      ...f.problems,
      ...(f.lost ? [`${f.lost} acknowledged writes lost`] : []),
      ...(f.rounds.some((r) => r.requestsAcked === 0) ? ['a round acknowledged no write'] : []),
    ]);
  }
  if (!only || only === 'load') {
    const clients = Number(process.env.LOAD_CLIENTS ?? 50);
    const seconds = Number(process.env.LOAD_SECONDS ?? 60);
    console.log(`load: ${clients} clients for ${seconds} s …`);
    const f = await load(port + 1, clients, seconds);
    console.log(JSON.stringify(f, null, 2));
    const a = f.latencyMs.all;
    console.log(
      `  ${f.requests} requests, ${f.perSecond}/s, ${f.errors} errors; latency p50 ${a.p50} ms, p90 ${a.p90} ms, p99 ${a.p99} ms, max ${a.max} ms`,
    );
    verdict(`load: ${clients} clients × ${seconds} s, 0 errors`, [
      ...(f.errors ? [`${f.errors} errors`, ...f.errorSamples] : []),
      ...(f.requests === 0 ? ['no request completed'] : []),
    ]);
  }
  if (!only || only === 'signin') {
    const seconds = Number(process.env.STRESS_SIGNIN_SECONDS ?? 15);
    console.log(`signin: 40 connections of wrong sign-ins for ${seconds} s (one client, then distributed) …`);
    const f = await signin(port + 2, 40, seconds);
    console.log(JSON.stringify(f, null, 2));
    for (const [name, p] of [
      ['one guessing client', f.oneClient],
      ['distributed guessing', f.distributed],
    ] as const) {
      console.log(
        `  ${name}: ${p.signIns} sign-ins (${p.perSecond}/s) ${JSON.stringify(p.byStatus)}, Retry-After ${p.retryAfterSeen.join('/') || '-'}; ` +
          `reader ${p.readerMs.n} reads p50 ${p.readerMs.p50} ms, p95 ${p.readerMs.p95} ms, max ${p.readerMs.max} ms`,
      );
      const r = p.realUser;
      console.log(
        `    real admin (known address): ${r.ok} of ${r.tries} signed in ${JSON.stringify(r.byStatus)}; ` +
          `p50 ${r.ms.p50} ms, p95 ${r.ms.p95} ms, max ${r.ms.max} ms`,
      );
    }
    for (const r of f.timingRounds)
      console.log(
        `  wrong-password medians: unknown ${r.unknown} ms, disabled ${r.disabled} ms, real ${r.real} ms (${r.spread} % apart)`,
      );
    console.log(
      `  restart with admin under guesses: admin from its known address ${f.restart.known}, from a new address ${f.restart.elsewhere}`,
    );
    verdict(
      'signin: reader p95 < 50 ms under 40 guessing connections; the real admin gets in (≤ 1 failed try, p95 ≤ 2 s), also after a restart; 429 + Retry-After; same time for every user',
      f.problems,
    );
  }
  if (!only || only === 'diskfill') {
    console.log('diskfill: 100 anonymous requests with a 1 MiB body each …');
    const f = await diskFill(port + 3, 100);
    console.log(
      `  ${f.requests} requests ${JSON.stringify(f.statuses)}; the data folder grew by ${(f.grownBytes / 1024 / 1024).toFixed(2)} MiB; ` +
        `a take=100 query afterwards: ${f.queryReplyBytes} bytes in ${f.queryMs} ms`,
    );
    verdict('diskfill: 100 anonymous 1 MiB requests grow the data folder by < 5 MiB', f.problems);
  }
  if (!only || only === 'log') {
    console.log('log: pm saves an RFI every 50 ms during an 8 s anonymous burst; SIGKILL; restart …');
    const c = await crashDuringBurst(port + 4);
    console.log(
      `  ${c.savesAcked} of ${c.savesTried} saves acknowledged, ${c.savesLost} without a log row after the crash; ` +
        `${c.anonymousAnswered} anonymous requests answered (${c.anonymousPerSecond}/s); peak resident ${c.peakRssMiB} MiB`,
    );
    verdict(
      'log: crash during a burst loses no acknowledged write; ≥ 1 save in 4 acknowledged; ≤ 512 MiB',
      c.problems,
    );
    console.log('log: REQUEST_LOG_MAX_BYTES=1 MiB, an RFI save, then 10 s of anonymous 16 KB requests …');
    const f = await floodEviction(port + 5);
    console.log(
      `  ${f.anonymousAnswered} anonymous requests; the save's row ${f.rfiRowKept ? 'kept' : 'DELETED'}; ` +
        `anonymous rows ${f.anonymousBytes} bytes, authenticated ${f.authenticatedBytes}; peak resident ${f.peakRssMiB} MiB; ` +
        `take=1 right after: ${f.take1AfterMs} ms`,
    );
    verdict('log: an anonymous flood evicts no authenticated row; ≤ 512 MiB; take=1 within 3 s', f.problems);
    console.log('log: 1,000 of the worst anonymous requests …');
    const b = await anonymousBytes(port + 6);
    console.log(
      `  ${b.requests} requests ${JSON.stringify(b.statuses)}; the data folder grew by ${b.grownBytes} bytes: ${b.bytesPerRequest} a request`,
    );
    verdict('log: ≤ 4 KB of data folder per anonymous request', b.problems);
  }
  console.log(`stress: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log(`stress: ${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
