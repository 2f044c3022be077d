// The fuzzer behind src/fuzz.test.ts (issue 10): malformed requests for every route of the OpenAPI
// document — wrong types, missing and extra fields, huge strings, NUL and lone surrogates, prototype
// keys, deep nesting, bad JSON, wrong content types and lengths, bad ids, cursors and query values —
// each sent signed in and signed out. Deterministic: every route draws from a PRNG seeded by the run's
// seed and the route's name, so a failure is replayed by its seed and a smaller sample is a prefix of
// a larger one. `npm test` runs a small sample; `npm run fuzz -w server` the full one (FUZZ_REQUESTS).

/** The subset of JSON Schema that zod's OpenAPI output uses. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Route = {
  /** "METHOD /path/{param}", as the document writes it. */
  name: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
};

export type FuzzAnswer = { statusCode: number; body: string; headers: Record<string, unknown> };

export type FuzzTarget = {
  send: (request: FuzzRequest) => Promise<FuzzAnswer>;
  /** The Cookie header of the signed-in tries; `renew` makes it again when a try ended the session. */
  session: { cookie: () => string; renew: () => Promise<void> };
  /** Real values for a route's path parameters (the signed-in person's things), made before its tries. */
  pathValues: (route: Route) => Promise<Record<string, string>>;
};

/** `seed` and `index` replay a failure: the route's seed, and which of its requests it was. */
export type FuzzFailure = {
  route: string;
  signedIn: boolean;
  seed: number;
  index: number;
  problem: string;
  request: string;
  answer: string;
};

export type FuzzReport = {
  routes: number;
  perRoute: number;
  /** Requests sent: routes × perRoute × 2 (signed in and signed out). */
  tried: number;
  /** Answers ≥ 500, and requests that had no answer within the time bound. */
  serverErrors: number;
  /** Answers carrying a stack trace, a framework code, SQL words or a file path, or not our envelope. */
  leaks: number;
  failures: FuzzFailure[];
  byStatus: Record<string, number>;
  elapsedMs: number;
};

export function routesOf(doc: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      routes.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

// ——— Deterministic randomness ———————————————————————————————————————————————————————————————

/** mulberry32: small, fast and good enough to draw test cases from. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a route's own seed, so its cases do not depend on the other routes or their order. */
export function seedOf(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

class Rand {
  constructor(private readonly next: () => number) {}
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  hex(length: number): string {
    let s = '';
    while (s.length < length) s += this.int(16).toString(16);
    return s;
  }
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
  }
}

// ——— Vocabulary ——————————————————————————————————————————————————————————————————————————————
// None of it holds a word the leak check looks for, or a web address (posts would unfurl it).

/** A 1×1 PNG: a real image, so writes with pictures reach the media store and the database. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const DATA_URLS = [
  TINY_PNG,
  TINY_PNG,
  'data:image/png;base64,AAAA',
  'data:;base64,',
  'data:text/html;base64,PHNjcmlwdD4=',
  'data:image/png;base64,@@@',
  `data:image/png;base64,${'A'.repeat(4000)}`,
];

const WRONG_VALUES: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  {},
  '',
  'text',
  ['a'],
  { a: 1 },
  [null],
  2 ** 53,
];

/** Text PostgreSQL cannot store, or that is not Unicode at all. */
const UNSTORABLE = [
  '\u0000',
  'a\u0000b',
  'fuzz\u0000',
  '\u0000'.repeat(50),
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'ok\ud83d',
  '\u0000\ud800',
];

const EVIL_STRINGS = [
  '\ufeffbom',
  '\u202eevil',
  '\u200b\u200c\u200d',
  '   ',
  '\t\n\r',
  '\\',
  '"',
  "' or '1'='1",
  "'); drop table users; --",
  '%00',
  '%s%s%s%n',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '😀'.repeat(100),
  'é'.repeat(300),
  'ＡＢＣ',
  'İıſK',
  '0',
  '-0',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isAdmin',
  'role',
  'id',
  '_id',
  'userId',
  'authorId',
  'a'.repeat(300),
  '',
  ' ',
  '$where',
  'a.b',
  '0',
];

const BAD_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":0x10}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":"unterminated}',
  '[1,2',
  'nul',
  'tru',
  '\u0000',
  '\ufeff{}',
  '{}{}',
  '{} trailing',
  '{"a":1}\u0000',
  '/* comment */ {}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":1,"a":2,"a":{"__proto__":{"polluted":"yes"}}}',
];

const ROOT_VALUES: unknown[] = [[], 'text', 42, null, true, [{}], [[]]];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/json;;',
  'APPLICATION/JSON',
  'application/jsonp',
  'application/json, text/plain',
  'application/merge-patch+json',
  'application/vnd.api+json',
  '*/*',
  'json',
  ';',
];

/** Put in a path as written: some are percent-encodings that do not decode, or decode to NUL. */
const BAD_PATH_VALUES_RAW = [
  '%00',
  'a%00b',
  '%ff',
  '%ED%A0%80',
  '%C0%AF',
  '%',
  '%zz',
  '%2e%2e',
  '..%2f..%2fetc',
  '%E2%80%AE',
  '%F0%9F%98%80',
];
/** Encoded before they go in the path. */
const BAD_PATH_VALUES = [
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'gggggggg-gggg-gggg-gggg-gggggggggggg',
  '------------------------------------',
  '0190F1A2-0000-7000-8000-00000000000Z',
  '{0190f1a2-0000-7000-8000-000000000000}',
  '0190f1a200007000800000000000000',
  ' ',
  "'; drop table posts; --",
  '__proto__',
  'constructor',
  '😀',
  'a'.repeat(99),
  'a'.repeat(101),
  'a'.repeat(3000),
  '\ud800',
];

/** Cursors of every wrong shape: a cursor is base64url of "<ISO time>|<uuid>". */
function badCursors(r: Rand): string[] {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const id = r.uuid();
  return [
    b64(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
    b64(`2026-01-01T00:00:00.000Z|${'f'.repeat(35)}-`),
    b64(`-271821-04-20T00:00:00.000Z|${id}`),
    b64(`+275760-09-13T00:00:00.000Z|${id}`),
    b64(`0000-01-01T00:00:00.000Z|${id}`),
    b64(`2026-02-31T00:00:00.000Z|${id}`),
    b64(`2026-01-01|${id}`),
    b64(`not a date|${id}`),
    b64(`2026-01-01T00:00:00.000Z|${id}|extra`),
    b64(`2026-01-01T00:00:00.000Z`),
    b64('|'),
    b64('\u0000|\u0000'),
    b64(`2026-01-01T00:00:00.000Z|${id}\u0000`),
    '!!!',
    '%00',
    '%ff',
    'a'.repeat(201),
    '',
    '0',
  ];
}

const BAD_QUERY_VALUES = [
  '-1',
  '0',
  '101',
  '1e309',
  '1.5',
  'abc',
  '',
  '%00',
  '%ff',
  '%ED%A0%80',
  'a'.repeat(5000),
  '[]',
  '{}',
  'null',
  'true',
  "' or 1=1 --",
];
const EXTRA_QUERY = [
  '__proto__=1',
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  'a[]=1&a[]=2',
  'limit=1&limit=2',
  'cursor=a&cursor=b',
  'q',
  '=',
  '&&&',
  '%00=%00',
  '%ff=1',
];
const BOGUS_COOKIES = [
  'muster_session=',
  'muster_session=%00',
  'muster_session=%ff',
  `muster_session=${'a'.repeat(4000)}`,
  'muster_session=null',
  'muster_session="quoted"',
  'muster_session=a; muster_session=b',
  '=; ;=',
  'muster_session=\\',
];

const LENGTHS = ['0', '1', '-1', 'abc', '99999999', '1e3'];

// ——— Valid values from a schema, then broken ones ———————————————————————————————————————

const SPLICE = 'FUZZ_SPLICE_';

class Generator {
  constructor(
    private readonly r: Rand,
    private readonly doc: OpenApiDocument,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++) s = this.doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {};
    return s;
  }

  /** A value the schema accepts (as best a generator without a regex engine can). */
  valid(schema: JsonSchema, depth = 0): unknown {
    const s = this.resolve(schema);
    const { r } = this;
    if (s.const !== undefined) return s.const;
    if (s.enum) return r.pick(s.enum);
    const options = s.anyOf ?? s.oneOf;
    if (options?.length) return this.valid(r.pick(options), depth);
    if (s.allOf?.length) return this.valid(s.allOf[0]!, depth);
    const type = Array.isArray(s.type) ? r.pick(s.type) : s.type;
    switch (type) {
      case 'string':
        return this.validString(s);
      case 'integer':
      case 'number': {
        const min = s.minimum ?? 0;
        const max = s.maximum ?? min + 50;
        const n = min + r.int(Math.max(1, Math.min(50, max - min + 1)));
        return type === 'integer' ? Math.floor(n) : n;
      }
      case 'boolean':
        return r.chance(0.5);
      case 'null':
        return null;
      case 'array': {
        if (s.prefixItems) return s.prefixItems.map((item) => this.valid(item, depth + 1));
        const count = Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + r.int(3));
        return depth > 5 || !s.items
          ? []
          : Array.from({ length: count }, () => this.valid(s.items as JsonSchema, depth + 1));
      }
      case 'object': {
        const out: Record<string, unknown> = {};
        if (depth > 5) return out;
        for (const [key, inner] of Object.entries(s.properties ?? {})) {
          if (s.required?.includes(key) || r.chance(0.5)) out[key] = this.valid(inner, depth + 1);
        }
        return out;
      }
      default:
        return r.pick(['x', 1, true, null]);
    }
  }

  private validString(s: JsonSchema): string {
    const { r } = this;
    if (s.format === 'email') return `fuzz.${r.hex(8)}@example.org`;
    if (s.format === 'uuid') return r.uuid();
    if (s.format === 'date') return `2027-0${1 + r.int(9)}-1${r.int(10)}`;
    if (s.format === 'date-time') return new Date(Date.UTC(2026, r.int(12), 1 + r.int(28))).toISOString();
    if (s.pattern?.startsWith('^data:')) return r.pick(DATA_URLS);
    const candidates = [
      `fuzz_${r.hex(6)}`,
      'fuzzing',
      `Fuzz words ${r.hex(4)}`,
      `fuzz${r.hex(6)}`,
      `a long enough passphrase ${r.hex(6)}`,
    ];
    const pattern = s.pattern ? safeRegExp(s.pattern) : undefined;
    let text = candidates.find((c) => !pattern || pattern.test(c)) ?? r.pick(candidates);
    while (text.length < (s.minLength ?? 0)) text += text;
    return text.slice(0, s.maxLength ?? text.length);
  }

  /** A value of the wrong kind for any field. */
  wrong(): unknown {
    return structuredClone(this.r.pick(WRONG_VALUES));
  }

  evilString(): string {
    const { r } = this;
    if (r.chance(0.4)) return r.pick(UNSTORABLE);
    if (r.chance(0.15)) return 'x'.repeat(r.pick([1_000, 10_000, 70_000, 300_000]));
    if (r.chance(0.1)) return '€'.repeat(r.pick([2_000, 30_000, 100_000]));
    return r.pick(EVIL_STRINGS);
  }

  /** Raw JSON text for a field: nesting as deep as a body allows, numbers JSON.stringify cannot write. */
  rawJson(): string {
    const { r } = this;
    const n = r.pick([64, 1_000, 10_000, 60_000, 200_000]);
    return r.pick([
      () => `${'['.repeat(n)}${']'.repeat(n)}`,
      () => `${'{"a":'.repeat(Math.floor(n / 5))}null${'}'.repeat(Math.floor(n / 5))}`,
      () => `${'[{"a":'.repeat(Math.floor(n / 6))}1${'}]'.repeat(Math.floor(n / 6))}`,
      () =>
        r.pick([
          '1e999',
          '-1e999',
          '-0',
          '1e-999',
          '123456789012345678901234567890',
          '0.0000000000000000000001',
        ]),
      () => '{"__proto__":{"polluted":"yes","isAdmin":true}}',
      () => '{"constructor":{"prototype":{"polluted":"yes"}}}',
      () => `[${Array.from({ length: 5_000 }, () => '{}').join(',')}]`,
      () => `{${Array.from({ length: 3_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    ])();
  }
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

type Container = Record<string, unknown> | unknown[];
/** Every place in a value a field could be put: containers and their keys. */
function placesIn(value: unknown): Array<{ parent: Container; key: string | number }> {
  const places: Array<{ parent: Container; key: string | number }> = [];
  const walk = (v: unknown) => {
    if (v === null || typeof v !== 'object') return;
    for (const [key, item] of Object.entries(v)) {
      places.push({ parent: v as Container, key: Array.isArray(v) ? Number(key) : key });
      walk(item);
    }
  };
  walk(value);
  return places;
}
function containersIn(value: unknown): Container[] {
  const found: Container[] = [];
  const walk = (v: unknown) => {
    if (v !== null && typeof v === 'object') {
      found.push(v as Container);
      for (const item of Object.values(v)) walk(item);
    }
  };
  walk(value);
  return found;
}
function put(container: Container, key: string | number, value: unknown) {
  // defineProperty: an own "__proto__" key, as JSON.parse would make one, not a prototype change.
  Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
}

type Draft = {
  pathValues: Record<string, string>;
  /** Path values already written for a URL (percent-encodings left as they are). */
  rawPath: Record<string, string>;
  query: Array<[string, string]>;
  rawQuery: string[];
  body: unknown;
  /** Replaces the whole body text (bad JSON). */
  bodyText: string | undefined;
  splices: string[];
  headers: Record<string, string>;
  sendBody: boolean;
};

/** Each kind of damage and how often it is drawn: text that cannot be stored and bad ids most. */
const MUTATIONS = {
  'evil-string': 5,
  'wrong-type': 2,
  missing: 1,
  extra: 1,
  'raw-json': 1.5,
  'bad-json': 1,
  'root-type': 0.5,
  'content-type': 1,
  'no-content-type': 0.5,
  length: 0.5,
  'no-body': 0.5,
  'bad-path': 3,
  'bad-query': 3,
  cursor: 2,
  'extra-query': 0.5,
} as const;
type Mutation = keyof typeof MUTATIONS;

function weightFor(route: Route, m: Mutation): number {
  if (m === 'bad-path' && !route.pathParams.length) return 0;
  if (m === 'bad-query' && !route.queryParams.length) return 0;
  if (m === 'cursor' && !route.queryParams.some((p) => p.name === 'cursor')) return 0.2;
  if (m === 'evil-string' && !route.body) return 0.5;
  return MUTATIONS[m];
}

function drawMutation(route: Route, r: Rand): Mutation {
  const weighted = (Object.keys(MUTATIONS) as Mutation[]).map((m) => [m, weightFor(route, m)] as const);
  let x = (r.int(1_000_000) / 1_000_000) * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [m, w] of weighted) if ((x -= w) < 0) return m;
  return weighted[0]![0];
}

/** One malformed request for a route: a valid one first, then one to three things broken. */
function malformed(
  route: Route,
  r: Rand,
  doc: OpenApiDocument,
  realPathValues: Record<string, string>,
): { request: Omit<FuzzRequest, 'remoteAddress'>; mutations: Mutation[] } {
  const g = new Generator(r, doc);
  const draft: Draft = {
    pathValues: Object.fromEntries(
      route.pathParams.map((p) => [
        p.name,
        realPathValues[p.name] ?? String(g.valid(p.schema ?? { type: 'string' })),
      ]),
    ),
    rawPath: {},
    query: route.queryParams
      .filter((p) => p.required || r.chance(0.5))
      .map((p) => [p.name, String(g.valid(p.schema ?? { type: 'string' }))]),
    rawQuery: [],
    body: route.body ? g.valid(route.body) : undefined,
    bodyText: undefined,
    splices: [],
    headers: {},
    sendBody: route.body !== undefined,
  };
  // Mostly one thing wrong in an otherwise good request, so the damage reaches past validation.
  const mutations = Array.from({ length: r.chance(0.7) ? 1 : 2 + r.int(2) }, () => drawMutation(route, r));
  for (const m of mutations) mutate(draft, m, route, r, g);
  return { request: build(draft, route), mutations };
}

function mutate(d: Draft, m: Mutation, route: Route, r: Rand, g: Generator) {
  const ensureBody = () => {
    d.sendBody = true;
    if (d.body === undefined || d.body === null || typeof d.body !== 'object') d.body = {};
  };
  const somePlace = () => {
    ensureBody();
    const places = placesIn(d.body);
    const containers = containersIn(d.body);
    if (!places.length || r.chance(0.3))
      return { parent: r.pick(containers), key: r.pick(EXTRA_KEYS.concat(['fuzz'])) as string | number };
    return r.pick(places);
  };
  switch (m) {
    case 'wrong-type': {
      const { parent, key } = somePlace();
      put(parent, key, g.wrong());
      break;
    }
    case 'missing': {
      ensureBody();
      const places = placesIn(d.body).filter((p) => !Array.isArray(p.parent));
      const place = places.length ? r.pick(places) : undefined;
      if (place) delete (place.parent as Record<string, unknown>)[place.key];
      else d.sendBody = r.chance(0.5);
      break;
    }
    case 'extra': {
      ensureBody();
      put(r.pick(containersIn(d.body)), r.pick(EXTRA_KEYS), r.chance(0.5) ? g.wrong() : g.evilString());
      break;
    }
    case 'evil-string': {
      ensureBody();
      const strings = placesIn(d.body).filter(
        (p) => typeof (p.parent as Record<string | number, unknown>)[p.key] === 'string',
      );
      const { parent, key } = strings.length && r.chance(0.8) ? r.pick(strings) : somePlace();
      put(parent, key, g.evilString());
      break;
    }
    case 'raw-json': {
      const { parent, key } = somePlace();
      put(parent, key, `${SPLICE}${d.splices.length}`);
      d.splices.push(g.rawJson());
      break;
    }
    case 'bad-json': {
      d.sendBody = true;
      const valid = JSON.stringify(d.body ?? {});
      d.bodyText = r.pick([
        () => r.pick(BAD_JSON),
        () => valid.slice(0, Math.max(1, r.int(valid.length))),
        () => `${valid}${r.pick([',', '}', ' x', '\u0000', ']'])}`,
        () => `\ufeff${valid}`,
      ])();
      break;
    }
    case 'root-type':
      d.sendBody = true;
      d.body = structuredClone(r.pick(ROOT_VALUES));
      break;
    case 'content-type':
      d.sendBody = d.sendBody || r.chance(0.5);
      d.headers['content-type'] = r.pick(CONTENT_TYPES);
      break;
    case 'no-content-type':
      d.sendBody = true;
      d.headers['content-type'] = '';
      break;
    case 'length':
      d.sendBody = true;
      d.headers['content-length'] = r.pick(LENGTHS);
      break;
    case 'no-body':
      d.sendBody = !d.sendBody;
      break;
    case 'bad-path': {
      const param = r.pick(route.pathParams).name;
      if (r.chance(0.4)) d.rawPath[param] = r.pick(BAD_PATH_VALUES_RAW);
      else d.pathValues[param] = r.chance(0.2) ? g.evilString().slice(0, 500) : r.pick(BAD_PATH_VALUES);
      break;
    }
    case 'bad-query': {
      const param = r.pick(route.queryParams).name;
      d.query = d.query.filter(([k]) => k !== param);
      if (r.chance(0.4)) d.rawQuery.push(`${param}=${r.pick(BAD_QUERY_VALUES)}`);
      else d.query.push([param, r.chance(0.5) ? g.evilString().slice(0, 3000) : String(g.wrong())]);
      break;
    }
    case 'cursor': {
      d.query = d.query.filter(([k]) => k !== 'cursor');
      const cursor = r.pick(badCursors(r));
      if (cursor.includes('%')) d.rawQuery.push(`cursor=${cursor}`);
      else d.query.push(['cursor', cursor]);
      break;
    }
    case 'extra-query':
      d.rawQuery.push(r.pick(EXTRA_QUERY));
      break;
  }
}

function build(d: Draft, route: Route): Omit<FuzzRequest, 'remoteAddress'> {
  const path = route.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => d.rawPath[name] ?? encodeURIComponent(toWellFormed(d.pathValues[name] ?? '')),
  );
  const query = [
    ...d.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(toWellFormed(v))}`),
    ...d.rawQuery,
  ].join('&');
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (d.sendBody) {
    payload = d.bodyText ?? JSON.stringify(d.body ?? {});
    if (d.bodyText === undefined) {
      d.splices.forEach((raw, i) => (payload = payload!.replace(JSON.stringify(`${SPLICE}${i}`), () => raw)));
    }
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, d.headers);
  if (headers['content-type'] === '') delete headers['content-type'];
  return {
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

/** encodeURIComponent throws on a lone surrogate; its UTF-8 form goes in as the raw bytes would. */
function toWellFormed(text: string): string {
  return text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
}

// ——— What an answer must not hold ————————————————————————————————————————————————————————————

/** Signs of an internal detail escaping: stack frames, framework codes, SQL errors, file paths. */
export const LEAK_PATTERNS: RegExp[] = [
  /\bat \/|\bat file:|\bat async\b|\(\/[^)\s]*:\d+:\d+\)|\bat [\w.<>]+ \(/,
  /FST_/,
  /node_modules|\/work\/|\/home\/|\/tmp\/|\/usr\/|[A-Z]:\\/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /\b(?:syntax error at|violates|duplicate key|invalid input syntax|invalid byte sequence|relation "|column "|out of range for type|is out of range|pg_|sqlstate|PGlite|postgres|kysely|ZodError)\b/i,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError)\b/,
  /\bE(?:CONNREFUSED|CONNRESET|ADDRINUSE|NOENT|ACCES)\b/,
];

function problemsIn(answer: FuzzAnswer): string | undefined {
  if (answer.statusCode >= 500) return `answered ${answer.statusCode}`;
  const leak = LEAK_PATTERNS.find((p) => p.test(answer.body));
  if (leak) return `internal detail in the body (${leak.source.slice(0, 40)})`;
  if (answer.statusCode >= 400) {
    let envelope: unknown;
    try {
      envelope = JSON.parse(answer.body);
    } catch {
      return `a ${answer.statusCode} that is not JSON`;
    }
    const e = envelope as { message?: unknown; code?: unknown };
    if (typeof e?.message !== 'string' || typeof e.code !== 'string')
      return `a ${answer.statusCode} outside our envelope`;
  }
  return undefined;
}

const describeRequest = (q: FuzzRequest) =>
  `${q.method} ${q.url.slice(0, 300)} ${JSON.stringify(q.headers).slice(0, 200)} ${q.payload === undefined ? '' : q.payload.slice(0, 300)}`;

/** Whether an answer ends the signed-in session (sign-out, account deleted): the cookie is cleared. */
function endsSession(answer: FuzzAnswer): boolean {
  const set = answer.headers['set-cookie'];
  const cookies = Array.isArray(set) ? set : typeof set === 'string' ? [set] : [];
  return cookies.some((c) => /^muster_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(String(c)));
}

// ——— The run ————————————————————————————————————————————————————————————————————————————————

export async function fuzz(
  doc: OpenApiDocument,
  target: FuzzTarget,
  options: { perRoute: number; seed: number; timeoutMs: number; routes?: Route[] },
): Promise<FuzzReport> {
  const started = performance.now();
  const routes = options.routes ?? routesOf(doc);
  const report: FuzzReport = {
    routes: routes.length,
    perRoute: options.perRoute,
    tried: 0,
    serverErrors: 0,
    leaks: 0,
    failures: [],
    byStatus: {},
    elapsedMs: 0,
  };
  for (const route of routes) {
    const routeSeed = seedOf(route.name, options.seed);
    const r = new Rand(mulberry32(routeSeed));
    const real = await target.pathValues(route);
    for (let i = 0; i < options.perRoute; i++) {
      const { request } = malformed(route, r, doc, real);
      // Each try from an address of its own, so per-IP budgets do not turn the rest into 429s.
      const remoteAddress = `10.${r.int(256)}.${r.int(256)}.${1 + r.int(254)}`;
      const bogusCookie = r.chance(0.2) ? r.pick(BOGUS_COOKIES) : undefined;
      for (const signedIn of [true, false]) {
        const cookie = signedIn ? target.session.cookie() : bogusCookie;
        const sent: FuzzRequest = {
          ...request,
          headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
          remoteAddress,
        };
        report.tried += 1;
        let answer: FuzzAnswer;
        try {
          answer = await withDeadline(target.send(sent), options.timeoutMs);
        } catch (err) {
          report.serverErrors += 1;
          report.failures.push({
            route: route.name,
            signedIn,
            seed: routeSeed,
            index: i,
            problem: String(err),
            request: describeRequest(sent),
            answer: '',
          });
          continue;
        }
        const status = `${Math.floor(answer.statusCode / 100)}xx`;
        report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
        const problem = problemsIn(answer);
        if (problem) {
          if (answer.statusCode >= 500) report.serverErrors += 1;
          else report.leaks += 1;
          report.failures.push({
            route: route.name,
            signedIn,
            seed: routeSeed,
            index: i,
            problem,
            request: describeRequest(sent),
            answer: answer.body.slice(0, 400),
          });
        }
        if (signedIn && endsSession(answer)) await target.session.renew();
      }
    }
  }
  report.elapsedMs = performance.now() - started;
  return report;
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
