// The analytics page's window as it lives in the address: a preset (`window=1h|24h|7d|30d`) or a custom range
// (`from`, `to`: ISO 8601 or ms), and an optional user (`user`) every figure is limited to.

export const PRESETS = [
  { value: '1h', label: 'Last hour', ms: 3_600_000 },
  { value: '24h', label: 'Last 24 hours', ms: 86_400_000 },
  { value: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
] as const;

export type Preset = (typeof PRESETS)[number]['value'];

export interface WindowChoice {
  preset?: Preset;
  /** A custom range (ms); `to` open means "until now". */
  from?: number;
  to?: number;
  user?: string;
}

export interface ResolvedWindow {
  fromMs: number;
  toMs: number;
  /** Bucket width of the charts: a minute for an hour, an hour up to 7 days, a day beyond. */
  bucketMs: number;
  unit: 'minute' | 'hour' | 'day';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function parseTime(v: string | null): number | undefined {
  if (!v) return undefined;
  if (/^\d{10,14}$/.test(v)) return Number(v);
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? ms : undefined;
}

export function parseWindow(search: URLSearchParams): WindowChoice {
  const user = search.get('user')?.trim() || undefined;
  const from = parseTime(search.get('from'));
  if (from !== undefined) {
    const to = parseTime(search.get('to'));
    return { from, to: to !== undefined && to > from ? to : undefined, user };
  }
  const w = search.get('window');
  const preset = PRESETS.find((p) => p.value === w)?.value ?? '1h';
  return { preset, user };
}

export function writeWindow(choice: WindowChoice): URLSearchParams {
  const out = new URLSearchParams();
  if (choice.from !== undefined) {
    out.set('from', new Date(choice.from).toISOString());
    if (choice.to !== undefined) out.set('to', new Date(choice.to).toISOString());
  } else out.set('window', choice.preset ?? '1h');
  if (choice.user) out.set('user', choice.user);
  return out;
}

/** The window in ms at `now`, with the charts' bucket width. */
export function resolveWindow(choice: WindowChoice, now: number): ResolvedWindow {
  const preset = PRESETS.find((p) => p.value === choice.preset) ?? PRESETS[0];
  const fromMs = choice.from ?? now - preset.ms;
  const toMs = choice.from !== undefined ? (choice.to ?? now) : now;
  const span = Math.max(toMs - fromMs, MINUTE);
  const [bucketMs, unit] =
    span <= 6 * HOUR
      ? ([MINUTE, 'minute'] as const)
      : span <= 7 * DAY
        ? ([HOUR, 'hour'] as const)
        : ([DAY, 'day'] as const);
  // A custom range of a few minutes still gets minute buckets; 6 h of minutes is 360 bars at most.
  return { fromMs, toMs, bucketMs, unit };
}

export function describeWindow(choice: WindowChoice): string {
  if (choice.from === undefined) return PRESETS.find((p) => p.value === choice.preset)?.label ?? 'Last hour';
  const f = (ms: number) => new Date(ms).toLocaleString();
  return `${f(choice.from)} – ${choice.to !== undefined ? f(choice.to) : 'now'}`;
}
