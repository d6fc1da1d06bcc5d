import { useSyncExternalStore } from 'react';

/**
 * Read flags of event news (spec sections 2 and 4): kept in local browser storage per event name,
 * as the ids of the event's items the user has seen. An event is unread while the menu lists an
 * item id not among them, so a new item published into a read event shows the '!' again, and a
 * withdrawn one changes nothing. Ids, not dates: an item scheduled for later can carry an older id
 * than one already shown, and a set of ids gets that right too.
 */

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

/** Local storage key of an event's read flag. */
export function eventReadKey(eventName: string): string {
  return `eventNewsRead:${eventName}`;
}

/** The item ids seen of an event (none when never opened, storage blocked or the value is not ours). */
export function seenItems(eventName: string, storage: Reader = localStorage): Set<number> {
  try {
    const v: unknown = JSON.parse(storage.getItem(eventReadKey(eventName)) ?? '[]');
    return new Set(Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
  } catch {
    return new Set();
  }
}

/** Whether any of the event's items (the menu's `event.items`) has not been seen. */
export function isEventUnread(eventName: string, items: readonly number[], storage: Reader = localStorage): boolean {
  if (items.length === 0) return false;
  const seen = seenItems(eventName, storage);
  return items.some((id) => !seen.has(id));
}

const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const l of listeners) l();
}

/** Event news goes unread → read when opened: the event page stores the ids of the items it showed. */
export function markEventRead(eventName: string, items: readonly number[], storage: Writer & Reader = localStorage): void {
  try {
    const seen = seenItems(eventName, storage);
    if (items.every((id) => seen.has(id))) return;
    // Only the event's current items: withdrawn ones cannot come back, so the value stays small.
    storage.setItem(eventReadKey(eventName), JSON.stringify([...items]));
  } catch {
    // Storage blocked: the badge stays; nothing else depends on it.
    return;
  }
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab opening the event clears the badge here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(eventReadKey(''))) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Re-renders the caller whenever a read flag changes (this tab or another); returns a change counter. */
export function useEventReads(): number {
  return useSyncExternalStore(subscribe, () => version);
}
