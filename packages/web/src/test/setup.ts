// @vitest-environment node
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 1 s by default; on a shared 2-core CI machine a lazy chunk or locale can take longer.
// A test harness bound, not a product limit (speed is measured in bench/).
configure({ asyncUtilTimeout: 8000 });

// Pure TypeScript tests run in Node (`// @vitest-environment node` at their top): no DOM to set up or clear.
const dom = typeof window !== 'undefined';

afterEach(() => {
  if (!dom) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

// Mantine reads these browser APIs that jsdom lacks.
if (dom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (dom) window.ResizeObserver ??= NoResize as unknown as typeof ResizeObserver;
