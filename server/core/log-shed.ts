// Anonymous requests the request log did not keep, counted: when what waits for the writer is over its bound,
// anonymous rows are shed (never an authenticated one), and once a minute the log gets one row per address
// saying so: "N anonymous requests from A.B.C.D not logged in the last minute". See docs/service.md, "Request log".
import type { LogFacts } from './log-row';
import { TRACK_RESPONSE } from './log-row';

/** Addresses counted apart at most; past it the rest are counted together under OTHERS. */
const MAX_ADDRESSES = 1000;
const OTHERS = 'other addresses';
export const SHED_REPORT_MS = 60_000;
/** The path of a "not logged" row (no operation answers it). */
export const SHED_PATH = '/requestlog/not-logged';

export class Shed {
  private byAddress = new Map<string, number>();
  private sinceMs = Date.now();
  private timer: NodeJS.Timeout | undefined;
  /** Anonymous requests not logged since the service started. */
  total = 0;

  constructor(
    private readonly emit: (facts: LogFacts) => void,
    private readonly everyMs = SHED_REPORT_MS,
  ) {}

  count(ip: string | undefined): void {
    let key = ip ?? 'unknown address';
    if (!this.byAddress.has(key) && this.byAddress.size >= MAX_ADDRESSES) key = OTHERS;
    this.byAddress.set(key, (this.byAddress.get(key) ?? 0) + 1);
    this.total++;
    if (!this.timer) {
      this.timer = setTimeout(() => this.report(), this.everyMs);
      this.timer.unref();
    }
  }

  /** One row per address for what was not logged since the last report. */
  report(nowMs = Date.now()): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const seconds = Math.max(1, Math.round((nowMs - this.sinceMs) / 1000));
    const span = seconds >= 55 && seconds <= 65 ? 'the last minute' : `the last ${seconds} s`;
    for (const [ip, n] of this.byAddress) {
      const message =
        `${n} anonymous request${n === 1 ? '' : 's'} from ${ip} not logged in ${span}: the request log was ` +
        'behind (REQUEST_LOG_QUEUE_MAX_BYTES or REQUEST_LOG_HOLD_ROWS); authenticated requests were all logged.';
      this.emit(noteFacts(nowMs, ip === OTHERS ? undefined : ip, n, message));
    }
    this.byAddress.clear();
    this.sinceMs = nowMs;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The facts of a "not logged" row: method NOTE, path SHED_PATH, the message as its response. */
function noteFacts(nowMs: number, ip: string | undefined, n: number, message: string): LogFacts {
  // prettier-ignore
  return [
    nowMs, 0, TRACK_RESPONSE, null, false, null, 'NOTE', 'http', 'request-log', `${SHED_PATH}?count=${n}`, ip, {},
    null, null, false, undefined, null, null, false, null, JSON.stringify({ notLogged: n, message }), null,
  ];
}
