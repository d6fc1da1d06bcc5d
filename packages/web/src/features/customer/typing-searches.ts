import { useEffect, type RefObject } from 'react';

/** Whether a key press types a character (a digit or letter, as a card scanner sends them), not a shortcut. */
export function typesCharacter(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
}

function isField(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
}

/**
 * At the counter, typing always searches: a character typed while the focus is on no field (a button, the
 * page) goes to the search box, so a card scanned after a click elsewhere searches, and its Enter lands in
 * the box instead of pressing whichever button held the focus. Not while a dialog is open (it has its own
 * fields and buttons).
 */
export function useTypingSearches(box: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!typesCharacter(e) || isField(document.activeElement) || document.querySelector('[role="dialog"]')) return;
      // Focused during the key's own keydown: the browser then types its character into the box.
      box.current?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [box]);
}
