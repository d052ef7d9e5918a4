import fc from 'fast-check';

/** The part of JSON Schema (as the OpenAPI document writes the zod schemas) the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** Strings that broke or could break a server: NUL (PostgreSQL text), numbers as text, odd dates, sizes. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eémoji 🎟️🇫🇷',
  'e\u0301'.repeat(50),
  '🎟️'.repeat(2_000),
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e309',
  '-000001-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '0000-00-00',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '-1-01-01',
  '__proto__',
  'constructor',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '../../etc/passwd',
  '%00',
  '\r\nSet-Cookie: x=1',
] as const;

/** Numbers at the edges of PostgreSQL's integer, JavaScript's safe integers and doubles. */
export const boundaryNumbers = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  1.5,
  -0.5,
  1e308,
  -1e308,
  Number.MIN_VALUE,
] as const;

const hostileString = fc.oneof(fc.constantFrom(...hostileStrings), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileNumber = fc.oneof(
  fc.constantFrom(...boundaryNumbers),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, wrong types first: what an attacker sends where the schema wants something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.string()), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

/** What replaces one value of a valid request: the values that broke the server before, most often. */
export const dangerousValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      '\u0000',
      'Léa\u0000',
      2 ** 31,
      2 ** 53,
      -1,
      1e308,
      -(2 ** 31) - 1,
      'NaN',
      '-000001-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-1-01-01',
      'x'.repeat(20_000),
      {},
      [],
      null,
      true,
    ),
  },
  { weight: 1, arbitrary: hostileValue },
);

type Options = {
  /** Real values for some string fields (ids of the fixture), by property or parameter name. */
  known?: Record<string, readonly string[]>;
  /** The chance, at every node, of a wrong-typed value instead of one of the schema's type. */
  wrongTypeBias?: number;
};

/** Values of a JSON schema, often right, at times of the wrong type, with hostile strings and numbers. */
export function arbitraryOf(
  schema: JsonSchema | undefined,
  options: Options = {},
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const typed = typedArbitrary(schema ?? {}, options, name, depth);
  const bias = options.wrongTypeBias ?? 0.15;
  if (bias <= 0) return typed;
  const weight = Math.max(1, Math.round(bias * 100));
  return fc.oneof({ arbitrary: typed, weight: 100 - weight }, { arbitrary: hostileValue, weight });
}

function typedArbitrary(schema: JsonSchema, options: Options, name: string, depth: number): fc.Arbitrary<unknown> {
  const known = options.known?.[name];
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, options, name, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0], options, name, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => typedArbitrary({ ...schema, type }, options, name, depth)));
  }
  switch (types[0]) {
    case 'string':
      return stringOf(schema, known);
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -1000, -1000), max: Math.min(schema.maximum ?? 1000, 1000) }),
        fc.constantFrom(...boundaryNumbers.filter(Number.isInteger)),
      );
    case 'number':
      return fc.oneof(fc.double({ min: -1000, max: 1000, noNaN: true }), hostileNumber);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 4) return fc.constant([]);
      if (schema.prefixItems) {
        return fc.tuple(...schema.prefixItems.map((s) => arbitraryOf(s, options, name, depth + 1)));
      }
      return fc.array(arbitraryOf(schema.items, options, name, depth + 1), { maxLength: 4 });
    case 'object':
      return objectOf(schema, options, depth);
    default:
      return known ? fc.oneof(fc.constantFrom(...known), hostileValue) : hostileValue;
  }
}

function stringOf(schema: JsonSchema, known: readonly string[] | undefined): fc.Arbitrary<string> {
  const shaped: fc.Arbitrary<string>[] = [hostileString, fc.string({ maxLength: schema.maxLength ?? 30 })];
  if (known?.length) shaped.push(fc.constantFrom(...known));
  switch (schema.format) {
    case 'uuid':
      shaped.push(fc.uuid());
      break;
    case 'email':
      shaped.push(fc.emailAddress());
      break;
    case 'date-time':
    case 'date':
      shaped.push(
        fc
          .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
          .map((d) => (schema.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString())),
      );
      break;
  }
  return fc.oneof(...shaped);
}

function objectOf(schema: JsonSchema, options: Options, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant({});
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value, options, key, depth + 1)]),
    ),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  );
  // Now and then a key the schema does not know, prototype-pollution keys first.
  const extra = fc.option(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'role', 'organizerId', 'userId'), hostileValue),
    { freq: 5 },
  );
  return fc.tuple(record, extra).map(([value, added]) => {
    if (!added) return value;
    const copy: Record<string, unknown> = { ...(value as object) };
    // defineProperty: an own "__proto__" key, as JSON.parse would make it, not a prototype change.
    Object.defineProperty(copy, added[0], { value: added[1], enumerable: true, configurable: true, writable: true });
    return copy;
  });
}

/** Raw JSON texts no object can give: a key twice, deep nesting, prototype keys at the top. */
export function rawBodiesFor(valid: Record<string, unknown>): string[] {
  const keys = Object.keys(valid);
  const first = keys[0] ?? 'id';
  const body = JSON.stringify(valid).slice(1, -1);
  return [
    `{${body}${body ? ',' : ''}"${first}":"\\u0000","${first}":2147483648}`,
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
    `{"__proto__":{"role":"admin","isAdmin":true},${body}}`.replace(',}', '}'),
    `{"constructor":{"prototype":{"role":"admin"}}${body ? `,${body}` : ''}}`,
    '{"a":1',
    'null',
    '[]',
    '"\\u0000"',
  ];
}

/** Every path to a value inside `value` (object keys and array indexes), the root's children first. */
export function pathsIn(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsIn(child, [...prefix, key])]);
}

export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/**
 * A valid request with one of its values (a path parameter, a query value, a body field at any
 * depth) replaced by `replacement`: what reaches the services, where generated bodies are
 * mostly stopped by the schema.
 */
export function mutationsOf(valid: unknown, replacement: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const paths = pathsIn(valid).filter((path) => path.length > 1);
  if (paths.length === 0) return fc.constant(valid);
  return fc.tuple(fc.constantFrom(...paths), replacement).map(([path, value]) => replaceAt(valid, path, value));
}
