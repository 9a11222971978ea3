// A table's column choice in the address (docs/views.md): `cols=` the columns shown, in order; `widths=` their
// widths in pixels (`subject:320,due:120`). Unknown keys and widths outside 40–1000 px are dropped.

/** `cols=` → the columns shown, in order; undefined when the address has none (every column, usual order). */
export function readColumnList<K extends string>(raw: string | null, keys: readonly K[]): K[] | undefined {
  if (raw === null) return undefined;
  const shown = raw.split(',').filter((k): k is K => keys.includes(k as K));
  return [...new Set(shown)];
}

/** `widths=` → the widths set; undefined when none is. */
export function readColumnWidths<K extends string>(
  raw: string | null,
  keys: readonly K[],
): Partial<Record<K, number>> | undefined {
  const out: Partial<Record<K, number>> = {};
  for (const part of (raw ?? '').split(',')) {
    const [key, px] = part.split(':');
    const n = Number(px);
    if (keys.includes(key as K) && Number.isInteger(n) && n >= 40 && n <= 1000) out[key as K] = n;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Writes `cols=` and `widths=` into `params`, leaving both out when they say nothing (every column, no width). */
export function writeColumns<K extends string>(
  params: URLSearchParams,
  choice: { cols?: K[]; widths?: Partial<Record<K, number>> },
  keys: readonly K[],
): void {
  const cols = choice.cols?.join(',');
  if (cols !== undefined && cols !== keys.join(',')) params.set('cols', cols);
  else params.delete('cols');
  const widths = Object.entries(choice.widths ?? {}).map(([k, px]) => `${k}:${px}`);
  if (widths.length) params.set('widths', widths.join(','));
  else params.delete('widths');
}
