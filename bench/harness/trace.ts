// Tracing a page over CDP: Chrome's trace events (the categories asked for) while an action runs. The frame
// figures (frames.ts) and the interactions (event-timing.ts) are read from such a trace.
import type { CDPSession } from '@playwright/test';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
}

/** The trace events of `categories` recorded while `action` runs. */
export async function collectTrace<E = TraceEvent>(
  cdp: CDPSession,
  categories: string[],
  action: () => Promise<void>,
): Promise<E[]> {
  const events: E[] = [];
  const onData = (e: { value: object[] }) => {
    for (const v of e.value) events.push(v as E);
  };
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' },
  });
  try {
    await action();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', onData);
  }
  return events;
}
