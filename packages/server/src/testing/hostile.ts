// fast-check arbitraries for the fuzz tier: payloads for a call generated from its contract schema
// (zod's JSON Schema of the input), each field plausible, hostile or missing, plus extra keys.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
};

/** The input side of a call's schema as JSON Schema (transforms and refinements drop out). */
export function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Short text mixing ordinary letters with the characters stores and screens trip on (NUL, half surrogates, RTL, quotes). */
export const oddText = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', 'é', '汉', '💰', '\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', '\n', '"', '\\', "'", '%', '_'), minLength: 1, maxLength: Math.max(1, Math.min(maxLength, 30)) });

/** Strings an attacker or a broken client sends: odd Unicode, control bytes, injection text, sheer length. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  oddText(30),
  // Lone surrogates are valid JSON escapes but not Unicode text.
  fc.constantFrom('\ud800', 'a\udfffb', '\u0000', 'nul\u0000inside', '\u202etxt.exe', '\ufeff', '\u200b', 'e\u0301', '🧧💰'.repeat(50), 'Ω≈ç√∫'),
  fc.constantFrom("' OR 1=1 --", '"; DROP TABLE ledger; --', '%s%s%n', '${7*7}', '{{7*7}}', '../../etc/passwd', '<script>alert(1)</script>', 'NaN', 'Infinity', '-0', '1e309', '0x10', '  12  ', '١٢٣'),
  fc.integer({ min: 201, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Numbers past every limit: huge, fractional, negative, unsafe integers, floats that JSON keeps. */
export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 0.5, 0.001, 1.005, 99.999, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, 5e-324, Number.MAX_VALUE, 10_000_000.01),
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** An object whose own keys include __proto__ and friends (set as own properties, so JSON carries them). */
const pollution = fc.constantFrom(...PROTO_KEYS).chain((k) =>
  fc.constantFrom<unknown>({ polluted: true, status: 0 }, { prototype: { polluted: true } }, 'x', 1).map((v) => withKey({}, k, v)),
);

function withKey(obj: Record<string, unknown>, k: string, v: unknown): Record<string, unknown> {
  Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
  return obj;
}

/** Nesting deeper than any reply needs (JSON parsers and validators recurse). */
const deep = fc.integer({ min: 20, max: 3000 }).chain((depth) =>
  fc.constantFrom('array', 'object').map((kind) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
    return v;
  }),
);

/** A value of the wrong kind for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 4 }),
  pollution,
  deep,
);

/**
 * Objects that break a careless String() or comparison (issue 25: `{"toString": 1}` as UID was an
 * internal error): methods replaced by plain values, arrays that print as a real id.
 */
const crafted = (real: unknown): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>({ toString: 1 }, { valueOf: 1, toString: 1 }, { toString: {} }, { toJSON: 1 }, { length: 1 }, [real], [[real]], { 0: real }, true, null),
    pollution,
    hostileValue,
  );

/** A session's UID and TOKEN with one of them crafted (the other real), so the crafted one is what decides. */
export function craftedCredentials(real: { UID: number; TOKEN: string }): fc.Arbitrary<{ UID: unknown; TOKEN: unknown }> {
  return fc.oneof(
    crafted(real.UID).map((UID) => ({ UID, TOKEN: real.TOKEN })),
    crafted(real.TOKEN).map((TOKEN) => ({ UID: real.UID, TOKEN })),
  );
}

export interface Plausible {
  /** Ids that exist (customers, shifts, accounts, drawers), so some payloads reach the business rules. */
  ids: number[];
  /** A fresh one-time key, or undefined to use a made-up one. */
  key?: () => string | undefined;
  /** Known good values by field name (a customer's mobile id and PIN...), offered beside generated ones. */
  values?: Record<string, unknown[]>;
}

/** A value that fits the schema node, or nearly: what the business rules see after validation. */
function plausible(s: JsonSchema, name: string, ctx: Plausible): fc.Arbitrary<unknown> {
  const known = ctx.values?.[name];
  if (known?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: plausible(s, name, { ...ctx, values: undefined }) });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => plausible(b, name, ctx)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
      return fc.oneof(fc.constantFrom(...ctx.ids), fc.integer({ min: Math.max(s.minimum ?? -1000, (s.exclusiveMinimum ?? -1001) + 1), max: Math.min(s.maximum ?? 100_000, 100_000) }));
    case 'number':
      return fc.oneof(fc.constantFrom(1, 5, 20.5, 0.01, 100, 1000), fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items ? plausible(s.items, name, ctx) : fc.integer(), { maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object':
      return payload(s, ctx);
    case 'string':
      if (name === 'key' && ctx.key) return fc.constant(null).map(() => ctx.key!() ?? 'madeUpKey123');
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern), { size: 'small' }).filter((v) => v.length <= (s.maxLength ?? 200));
        } catch {
          // A pattern fast-check cannot generate from: plain text below.
        }
      }
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) }) },
        { weight: 1, arbitrary: oddText(s.maxLength ?? 40) },
      );
    default:
      return fc.oneof(fc.integer({ min: 1, max: 50 }), fc.string({ maxLength: 10 }));
  }
}

/**
 * A payload for an object schema: every required field plausible (optional ones half the time),
 * then up to three mutations: a field made hostile, a field dropped, an extra key (among them the
 * prototype-pollution keys). One broken field at a time is what reaches the deeper checks.
 */
export function payload(s: JsonSchema, ctx: Plausible): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const field = ([name, node]: [string, JsonSchema]) =>
    required.has(name) ? plausible(node, name, ctx).map((v) => ({ v })) : fc.option(plausible(node, name, ctx).map((v) => ({ v })), { nil: undefined });
  const names = fields.map(([n]) => n);
  const mutation = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constant('hostile' as const), names.length ? fc.constantFrom(...names) : fc.constant('x'), hostileValue) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('drop' as const), names.length ? fc.constantFrom(...names) : fc.constant('x'), fc.constant(undefined)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('extra' as const), fc.oneof(fc.constantFrom<string>(...PROTO_KEYS), fc.string({ maxLength: 12 })), hostileValue) },
  );
  return fc.tuple(fc.tuple(...fields.map(field)), fc.array(mutation, { maxLength: 3 })).map(([values, mutations]) => {
    const out: Record<string, unknown> = {};
    fields.forEach(([name], i) => {
      const v = values[i];
      if (v) withKey(out, name, v.v);
    });
    for (const [kind, name, v] of mutations) {
      if (kind === 'drop') delete out[name];
      else withKey(out, name, v);
    }
    return out;
  });
}

/** A request body as bytes: the payload's JSON, or (sometimes) broken on purpose. */
export function body(p: Record<string, unknown>): fc.Arbitrary<Buffer> {
  const json = Buffer.from(JSON.stringify(p));
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(json) },
    // Invalid UTF-8 spliced in: a stray continuation byte, an overlong form, a cut sequence.
    {
      weight: 1,
      arbitrary: fc.tuple(fc.nat(json.length), fc.constantFrom([0xff], [0xc0, 0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0x80])).map(([at, bad]) => Buffer.concat([json.subarray(0, at), Buffer.from(bad), json.subarray(at)])),
    },
    { weight: 1, arbitrary: fc.nat(json.length).map((at) => json.subarray(0, at)) },
    { weight: 1, arbitrary: fc.constantFrom('[]', '1', '"x"', 'null', 'true', '{"a":', '{{}}', '\u0000', '{"__proto__":{"status":0}}', `${'['.repeat(100_000)}`, `{"a":"${'y'.repeat(70_000)}"}`).map((t) => Buffer.from(t)) },
  );
}
