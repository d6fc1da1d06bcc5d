import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/** A code as a keyboard wedge types it: the record separator (RS) and CR it has no key for dropped. */
export function typedByWedge(code: string): string {
  return code.split('\x1e').join('').split('\r').join('');
}

/** What a keyboard-wedge scanner types for a code: line breaks as Enter, the control characters it cannot type dropped, then Enter. */
export function wedgeKeys(code: string): string {
  return (
    typedByWedge(code)
      .replace(/[{[]/g, (c) => c + c)
      .replace(/\n/g, '{Enter}') + '{Enter}'
  );
}

/** A user typing `msPerKey` apart under fake timers: 5 for a scanner, 120 for a person. */
export function typist(msPerKey: number) {
  return userEvent.setup({ delay: msPerKey, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/**
 * Fake timers a scanner's pace can be measured on. Testing Library waits for React with a 0 ms timeout,
 * advanced for it only under Jest's fake timers: the `jest` global it looks for is given it.
 */
export function scannerClock(): () => void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  };
}
