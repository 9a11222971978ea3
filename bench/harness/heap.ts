// A tab's JavaScript heap: the page's and its workers' (the analytics page keeps its rows in a Web Worker), read
// through CDP Runtime.getHeapUsage. `performance.memory` sees the page's heap only, and no worker has it. The
// workers are reached through a CDP session of the bench's own that auto-attaches to them (not flattened: its
// commands go through Target.sendMessageToTarget, beside Playwright's own session).
import type { Page } from '@playwright/test';

export interface HeapSample {
  /** Used heap, bytes: the page's, each worker's, and their sum. */
  pageBytes: number;
  workerBytes: number[];
  totalBytes: number;
}

export interface HeapProbe {
  sample(): Promise<HeapSample>;
  /** Samples every `everyMs` until stopped; resolves to the largest total seen (and that sample). */
  watch(everyMs?: number): { stop(): Promise<HeapSample | undefined> };
  close(): Promise<void>;
}

type Usage = { usedSize: number };

export async function heapProbe(page: Page): Promise<HeapProbe> {
  const session = await page.context().newCDPSession(page);
  const workers = new Set<string>();
  const waiting = new Map<number, (usage: Usage | undefined) => void>();
  let nextId = 1;
  session.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') workers.add(e.sessionId);
  });
  session.on('Target.detachedFromTarget', (e) => {
    if (e.sessionId) workers.delete(e.sessionId);
  });
  session.on('Target.receivedMessageFromTarget', (e) => {
    const message = JSON.parse(e.message) as { id?: number; result?: Usage };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  await session.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });

  const workerHeap = (sessionId: string) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(0);
      }, 5_000);
      waiting.set(id, (usage) => {
        clearTimeout(timer);
        resolve(usage?.usedSize ?? 0);
      });
      session
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
        })
        .catch(() => waiting.get(id)?.(undefined));
    });

  const sample = async (): Promise<HeapSample> => {
    const [own, ...others] = await Promise.all([
      session.send('Runtime.getHeapUsage').then((u) => u.usedSize),
      ...[...workers].map(workerHeap),
    ]);
    return { pageBytes: own, workerBytes: others, totalBytes: own + others.reduce((s, b) => s + b, 0) };
  };

  return {
    sample,
    watch(everyMs = 250) {
      let peak: HeapSample | undefined;
      let stopped = false;
      const loop = (async () => {
        while (!stopped) {
          const s = await sample().catch(() => undefined);
          if (s && (!peak || s.totalBytes > peak.totalBytes)) peak = s;
          await new Promise((r) => setTimeout(r, everyMs));
        }
      })();
      return {
        async stop() {
          stopped = true;
          await loop;
          return peak;
        },
      };
    },
    close: () => session.detach().catch(() => undefined),
  };
}
