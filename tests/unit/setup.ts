// Shared setup for unit tests. Component tests opt into jsdom with `// @vitest-environment jsdom`.
import '@testing-library/jest-dom/vitest';

if (typeof window !== 'undefined') {
  // Mantine reads matchMedia, which jsdom lacks.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver ??= ResizeObserverStub;
}
