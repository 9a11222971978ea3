// Which RFIs are on screen, so their details are read first: an IntersectionObserver over the rows and cards,
// each element carrying its RFI's folder id in `data-rfi`. Both a row and a card may exist for one RFI (one of
// them hidden by CSS, which never intersects).
import { useCallback, useEffect, useRef } from 'react';

export function useRowsInView(ids: number[]) {
  const inView = useRef(new Set<Element>());
  const displayOrder = useRef<number[]>([]);
  const observer = useRef<IntersectionObserver | null>(null);
  if (observer.current === null && typeof IntersectionObserver !== 'undefined') {
    observer.current = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.isIntersecting) inView.current.add(e.target);
        else inView.current.delete(e.target);
      }
    });
  }
  useEffect(() => () => observer.current?.disconnect(), []);
  // One stable ref callback per element, so re-renders do not unobserve and observe again.
  const refCallbacks = useRef(new Map<string, (el: HTMLElement | null) => void>());
  const observe = useCallback((kind: 'row' | 'card', id: number) => {
    const key = `${kind}:${id}`;
    const known = refCallbacks.current.get(key);
    if (known) return known;
    let current: HTMLElement | null = null;
    const callback = (el: HTMLElement | null) => {
      if (current && current !== el) {
        observer.current?.unobserve(current);
        inView.current.delete(current);
      }
      current = el;
      if (el) observer.current?.observe(el);
    };
    refCallbacks.current.set(key, callback);
    return callback;
  }, []);
  /** The ids in the order to read them: those in view first, then the rest as the list shows them. */
  const priority = useCallback(() => {
    const visible = new Set([...inView.current].map((el) => Number((el as HTMLElement).dataset.rfi)));
    const order = displayOrder.current.length ? displayOrder.current : ids;
    return [...order.filter((id) => visible.has(id)), ...order.filter((id) => !visible.has(id))];
  }, [ids]);
  return { observe, priority, displayOrder };
}
