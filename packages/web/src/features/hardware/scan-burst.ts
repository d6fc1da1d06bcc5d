import { useEffect, useRef } from 'react';

/**
 * A keyboard-wedge scanner (a barcode, QR or PDF417 scanner in keyboard mode) types what it read as
 * keystrokes, a few ms apart, ending in Enter. A person types 60 ms or more apart. A burst is a run of
 * keys each within `SCAN_GAP_MS` of the one before; it is a scan when at least `SCAN_MIN_CHARS` of them
 * came before an Enter. An Enter inside a burst (the scan's end, or a line break of a licence's barcode)
 * is kept from the page (it neither submits a form nor opens a search; so is the LF right after a
 * licence's leading `@`) and the burst ends at the first
 * pause: the hook then hands over what was typed (line breaks as LF), the element it was typed into and
 * that element's value before the burst (the page puts it back: the scan typed into it too).
 */
export const SCAN_GAP_MS = 40;
export const SCAN_MIN_CHARS = 6;

export interface Scan {
  text: string;
  /** Where focus was when the burst began (document.body when nothing had it). */
  target: Element | null;
  /** That element's value before the burst, when it is a field. */
  before: string | null;
}

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

export function useScanBurst(onScan: (scan: Scan) => void, enabled = true): void {
  const handler = useRef(onScan);
  handler.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    let text = '';
    let fast = 0;
    let last = 0;
    let sawEnter = false;
    let target: Element | null = null;
    let before: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reset = () => {
      text = '';
      fast = 0;
      sawEnter = false;
      clearTimeout(timer);
    };
    const end = () => {
      const scan = sawEnter && fast >= SCAN_MIN_CHARS ? { text: text.replace(/\n+$/, ''), target, before } : null;
      reset();
      if (scan) handler.current(scan);
    };
    const onKey = (e: KeyboardEvent) => {
      if (MODIFIERS.has(e.key)) return;
      const char = e.key === 'Enter' ? '\n' : e.key === 'Tab' ? '\t' : e.key.length === 1 && !e.ctrlKey && !e.metaKey ? e.key : null;
      const now = Date.now();
      if (char === null) {
        reset();
        return;
      }
      if (text === '' || now - last > SCAN_GAP_MS) {
        reset();
        target = document.activeElement;
        before = target && 'value' in target && typeof target.value === 'string' ? target.value : null;
      }
      if (char !== '\n') fast++;
      // A licence's barcode begins `@` LF: that first line break, typed at once after the `@`, is the scan's too.
      if (char === '\n' && (fast >= SCAN_MIN_CHARS || (text === '@' && now - last <= SCAN_GAP_MS))) {
        e.preventDefault();
        e.stopPropagation();
        sawEnter = true;
      }
      last = now;
      text += char;
      clearTimeout(timer);
      timer = setTimeout(end, SCAN_GAP_MS * 2);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      clearTimeout(timer);
    };
  }, [enabled]);
}
