// Text no database column can hold as sent, refused while a request's JSON is parsed: the HTTP
// body parser (http/app.ts) and the terminal protocol (terminal/connection.ts) both use it.

/** Marks a body with a NUL character or half a surrogate pair in a string: 13 (PostgreSQL text holds neither). */
export const INVALID_TEXT = Symbol('invalid text');

/** Matches what no stored text may hold: NUL, and a UTF-16 surrogate without its partner. */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what it looks for
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** JSON.parse reviver: throws INVALID_TEXT for a string value or key no database column can store as sent. */
export function refuseBadText(this: unknown, name: string, value: unknown): unknown {
  if (BAD_TEXT.test(name) || (typeof value === 'string' && BAD_TEXT.test(value))) throw INVALID_TEXT;
  return value;
}
