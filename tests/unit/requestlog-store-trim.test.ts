// What a browser keeps of the request log for the analytics page is bounded (src/api/requestLogReader/store.ts,
// `trimmed`): the oldest chunks go past KEEP_ROWS rows or KEEP_MS of age, and the coverage left still says exactly
// which ids are held, so a wider window reads the dropped ones from the service again.
import { describe, expect, it } from 'vitest';
import type { Coverage } from '../../src/api/requestLogReader/read';
import type { LogRow } from '../../src/api/requestLogReader/row';
import { KEEP_MS, trimmed, type Chunk } from '../../src/api/requestLogReader/store';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 25);

/** A chunk of the rows with ids low+1…high, one every `stepMs` ending at `newestMs`. */
function chunk(low: number, high: number, newestMs: number, stepMs = 1000): Chunk {
  const rows: LogRow[] = [];
  for (let id = high; id > low; id--)
    rows.push({ id, t: newestMs - (high - id) * stepMs, path: '/p', error: false, ms: 1 });
  return { scope: 's', low: low + 1, high, rows };
}

const coverageOf = (chunks: Chunk[], logStart = true): Coverage => ({
  lowId: chunks[0].low - 1,
  highId: chunks[chunks.length - 1].high,
  oldestMs: Math.min(...chunks.flatMap((c) => c.rows.map((r) => r.t))),
  newestMs: Math.max(...chunks.flatMap((c) => c.rows.map((r) => r.t))),
  logStart,
});

describe('trimmed', () => {
  it('keeps everything within the bounds as it is', () => {
    const chunks = [chunk(0, 100, now - DAY), chunk(100, 200, now)];
    const c = coverageOf(chunks);
    const out = trimmed(chunks, c, now);
    expect(out.drop).toEqual([]);
    expect(out.keep).toHaveLength(2);
    expect(out.coverage).toBe(c);
  });

  it('drops chunks whose newest row is older than KEEP_MS, and the coverage starts above them', () => {
    const old = chunk(0, 100, now - KEEP_MS - DAY);
    const older = chunk(100, 200, now - KEEP_MS - 1);
    const recent = chunk(200, 300, now - DAY);
    // Stored out of order: the trim goes by id.
    const out = trimmed([recent, old, older], coverageOf([old, older, recent]), now);
    expect(out.drop.map((c) => c.high)).toEqual([100, 200]);
    expect(out.keep.map((c) => c.high)).toEqual([300]);
    expect(out.coverage).toEqual({
      lowId: 200,
      highId: 300,
      oldestMs: recent.rows[recent.rows.length - 1].t,
      newestMs: now - DAY,
      // Rows below 200 exist on the service: the window's start is not the log's.
      logStart: false,
    });
  });

  it('keeps a chunk that reaches into the kept time, even with older rows in it', () => {
    const straddling = chunk(0, 100, now - KEEP_MS + 1000, DAY);
    const out = trimmed([straddling], coverageOf([straddling]), now);
    expect(out.drop).toEqual([]);
  });

  it('drops the oldest chunks past the row bound', () => {
    const chunks = [chunk(0, 10, now), chunk(10, 20, now), chunk(20, 30, now)];
    const out = trimmed(chunks, coverageOf(chunks), now, { ms: KEEP_MS, rows: 20 });
    expect(out.drop.map((c) => c.high)).toEqual([10]);
    expect(out.coverage?.lowId).toBe(10);
    expect(out.keep.reduce((n, c) => n + c.rows.length, 0)).toBe(20);
  });

  it('leaves no coverage when every chunk goes (read again from the start)', () => {
    const chunks = [chunk(0, 10, now - KEEP_MS - DAY)];
    expect(trimmed(chunks, coverageOf(chunks), now)).toMatchObject({ keep: [], coverage: undefined });
  });
});
