/**
 * THE console's store scope, declared once per call (zod-free, for the server's envelope and the
 * tests): a console call's registry entry names the input fields that hold kiosk ids (`stores`), and
 * the envelope refuses 21, naming the ids beyond the caller's scope, before its service runs. So a
 * service reads a store it was handed without checking it again, and a new call that names a store
 * cannot forget the check: a test fails while an input field called `kid` or `kids` is undeclared.
 *
 * A field path is its keys joined by dots ('kid', 'target.kids', 'moves.kid'); arrays on the way are
 * walked, so 'moves.kid' is every move's store. A field left out of the input names no store.
 */
export type StoreField = 'kid' | 'kids' | `${string}.kid` | `${string}.kids`;

/** The kiosk ids the input names in these fields, each once, in the order met. */
export function kioskIdsNamed(input: unknown, fields: readonly StoreField[]): number[] {
  const found = new Set<number>();
  const walk = (value: unknown, keys: readonly string[]): void => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v, keys);
      return;
    }
    if (keys.length === 0) {
      if (typeof value === 'number') found.add(value);
      return;
    }
    if (value !== null && typeof value === 'object') walk((value as Record<string, unknown>)[keys[0]!], keys.slice(1));
  };
  for (const field of fields) walk(input, field.split('.'));
  return [...found];
}
