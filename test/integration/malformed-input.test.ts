import { beforeAll, describe, expect, it } from 'vitest';
import { call, get, unique, type ApiResponse } from './client';
import { login, registerTenant, type RegisteredTenant } from './fixtures';
import { ENTITY_FACTORIES, factoryFor, sampleBody } from './entity-factories';

/**
 * Malformed input on every write route, read from the OpenAPI document (GET /api/v1/openapi.json),
 * so a route added to the table is covered the day it is added. Signed in as the OWNER of a fresh
 * company (public routes without a token), each route gets:
 *  - bodies that are not a JSON object: not JSON, an array, null, a string, a number;
 *  - each field of its body schema (nested ones too) with a wrong type, each date or date-time
 *    field with an impossible date (2027-02-30, month 13), each string field over its maximum;
 *  - a body over the route's x-max-body-bytes (413 TOO_LARGE);
 *  - ids that are not ids ('%00', 'a%23b') and well-formed ids that exist nowhere.
 * Every answer must be 4xx with the JSON error shape (and the field named in `fields` for field
 * probes), never 5xx. Afterwards every stable GET of the document answers exactly as before: no
 * probe wrote anything. Query parameters with dates get impossible dates too (GET routes).
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
};
interface Operation {
  key: string;
  method: string;
  path: string;
  operationId: string;
  isPublic: boolean;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  raw: boolean;
  maxBodyBytes?: number;
}

const doc = (await get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, any>> };
// The platform operator's routes (/api/v1/admin/…, SUPERADMIN only) answer 403 to the company
// owner these probes sign in as, before reading any input; functions/security/security.int.test.ts
// checks their input as a SUPERADMIN.
const operations: Operation[] = Object.entries(doc.paths)
  .filter(([path]) => !path.startsWith('/api/v1/admin/'))
  .flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operationId: op.operationId as string,
      isPublic: Array.isArray(op.security) && op.security.length === 0,
      pathParams: ((op.parameters ?? []) as any[]).filter((p) => p.in === 'path').map((p) => p.name as string),
      queryParams: ((op.parameters ?? []) as any[])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name as string, schema: p.schema as JsonSchema })),
      body: op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
      raw: !!op.requestBody?.content?.['application/octet-stream'],
      maxBodyBytes: op['x-max-body-bytes'] as number | undefined,
    })),
  );
const writes = operations.filter((o) => o.method !== 'GET');

// ---------------------------------------------------------------------------------------------
// Walking the body schemas
// ---------------------------------------------------------------------------------------------

interface Field {
  path: string[];
  schema: JsonSchema;
}

/** Every property of an object schema, nested objects included (arrays: their first item). */
function fieldsOf(schema: JsonSchema | undefined, prefix: string[] = []): Field[] {
  if (!schema) return [];
  const out: Field[] = [];
  for (const variant of variants(schema)) {
    for (const [name, s] of Object.entries(variant.properties ?? {})) {
      const path = [...prefix, name];
      out.push({ path, schema: s });
      out.push(...fieldsOf(s, path));
      for (const v of variants(s))
        if (v.items) out.push({ path: [...path, '0'], schema: v.items }, ...fieldsOf(v.items, [...path, '0']));
    }
  }
  return out;
}
/** The schema and, recursively, every alternative of its anyOf/oneOf (nullable, '' or a date…). */
const variants = (s: JsonSchema): JsonSchema[] => [s, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(variants)];
const typesOf = (s: JsonSchema): Set<string> =>
  new Set(
    variants(s).flatMap((v) =>
      v.type === undefined
        ? v.const !== undefined
          ? [typeof v.const]
          : []
        : Array.isArray(v.type)
          ? v.type
          : [v.type],
    ),
  );
const formatOf = (s: JsonSchema): string | undefined =>
  variants(s)
    .map((v) => v.format)
    .find((f) => f === 'date' || f === 'date-time');
const maxLengthOf = (s: JsonSchema): number | undefined =>
  variants(s)
    .map((v) => v.maxLength)
    .find((m) => m !== undefined);

/** A value of a JSON type the field does not accept, or undefined when it accepts anything. */
function wrongValue(s: JsonSchema): unknown {
  const types = typesOf(s);
  if (types.size === 0) return undefined;
  // [schema types that would accept the value, value]: the first value the field cannot take.
  const candidates: [string[], unknown][] = [
    [['number', 'integer'], 12345],
    [['string'], 'not-the-right-type'],
    [['boolean'], true],
    [['object'], { nested: 1 }],
    [['array'], [1]],
  ];
  for (const [accepting, value] of candidates) if (!accepting.some((t) => types.has(t))) return value;
  return undefined;
}

function setPath(base: unknown, path: string[], value: unknown): Record<string, unknown> {
  const root: any = structuredClone(base && typeof base === 'object' && !Array.isArray(base) ? base : {});
  let node = root;
  path.forEach((seg, i) => {
    if (i === path.length - 1) node[seg] = value;
    else {
      const next = path[i + 1];
      if (node[seg] === null || typeof node[seg] !== 'object') node[seg] = /^\d+$/.test(next) ? [] : {};
      node = node[seg];
    }
  });
  return root;
}

// ---------------------------------------------------------------------------------------------
// A company with one entity of every kind, and what its GET routes answer
// ---------------------------------------------------------------------------------------------

let owner: RegisteredTenant;
const idsByPrefix = new Map<string, Record<string, string>>();
/** Username the malformed sign-ups use: if any of them got through, this user would exist. */
const probeUsername = unique('malformed');
const probePassword = 'probe-pass-1';

function paramsFor(o: Pick<Operation, 'path'>): Record<string, string> | undefined {
  const factory = factoryFor(o.path);
  if (!factory) return undefined;
  const prefix = Object.keys(ENTITY_FACTORIES).find((p) => ENTITY_FACTORIES[p] === factory)!;
  return idsByPrefix.get(prefix);
}
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n]));
const tokenFor = (o: Operation) => (o.isPublic ? undefined : owner.token);

function bodyBase(o: Operation, params: Record<string, string>): unknown {
  const customerId = idsByPrefix.get('/api/v1/customers/{id}')!.id;
  const vehicleId = idsByPrefix.get('/api/v1/vehicles/{id}')!.id;
  return sampleBody(o.key, { customerId, vehicleId, ...params, probeUsername, probePassword });
}

/** GET routes whose first read writes (the contract PDF is generated on first request). */
const WRITING_GETS = new Set(['getRentalContract']);
/** Values that change on every read without anything being written (signed URLs, activity). */
const VOLATILE_KEY = /url$|^lastActiveAt$|^expiresIn$|^time$|^timestamp$|^now$/i;
const normalise = (body: unknown) => JSON.stringify(body, (k, v) => (VOLATILE_KEY.test(k) ? undefined : v));

async function snapshot(): Promise<Map<string, string>> {
  const shots = new Map<string, string>();
  for (const o of operations) {
    if (o.method !== 'GET' || WRITING_GETS.has(o.operationId) || o.operationId === 'getOpenApi') continue;
    const params = o.pathParams.length ? paramsFor(o) : {};
    if (!params) continue;
    const res = await call(fill(o.path, params), { token: tokenFor(o) });
    shots.set(o.key, `${res.status} ${normalise(res.body)}`);
  }
  return shots;
}

let before: Map<string, string>;
let stable: string[];

beforeAll(async () => {
  owner = await registerTenant();
  for (const [prefix, factory] of Object.entries(ENTITY_FACTORIES)) {
    const made = await factory(owner.token);
    idsByPrefix.set(prefix, typeof made === 'string' ? { id: made } : made);
  }
  const first = await snapshot();
  before = await snapshot();
  stable = [...before.keys()].filter((k) => first.get(k) === before.get(k));
}, 120_000);

// ---------------------------------------------------------------------------------------------
// Probes
// ---------------------------------------------------------------------------------------------

const fiveHundreds: string[] = [];

function expectRefused(res: ApiResponse, what: string, allowed: number[] = [400]) {
  if (res.status >= 500) fiveHundreds.push(`${what} → ${res.status}`);
  expect(allowed, `${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(res.status);
  expect(typeof res.body?.error?.code, `${what}: JSON error shape`).toBe('string');
  expect(typeof res.body?.error?.message, `${what}: JSON error shape`).toBe('string');
}

const sendRaw = (o: Operation, path: string, raw: string, contentType = 'application/json') =>
  call(path, { method: o.method, token: tokenFor(o), raw, headers: { 'content-type': contentType } });

describe('the document lists the write routes', () => {
  it('has write routes, each with a body limit', () => {
    expect(writes.length).toBeGreaterThan(30);
    for (const o of writes) expect(o.maxBodyBytes, o.key).toBeGreaterThan(0);
  });
});

describe.each(writes.map((o) => [o.key, o] as const))('%s', (_key, o) => {
  const target = () => {
    const params = o.pathParams.length ? paramsFor(o) : {};
    if (!params)
      throw new Error(
        `${o.key} has path parameters but no entity factory: add one to ENTITY_FACTORIES in test/integration/entity-factories.ts`,
      );
    return { path: fill(o.path, params), params };
  };
  /** Raw uploads decide by content (400, 413, 415); JSON routes answer 400. */
  const shapeStatuses = o.raw ? [400, 413, 415] : [400];

  it('refuses bodies that are not a JSON object', async () => {
    const { path } = target();
    for (const raw of ['{"unterminated": ', 'not json', '[]', '[{}]', 'null', '"text"', '42']) {
      expectRefused(await sendRaw(o, path, raw), `${o.key} body ${raw}`, shapeStatuses);
    }
  });

  it('refuses a body over its limit with 413 TOO_LARGE', async () => {
    const { path } = target();
    const size = (o.maxBodyBytes ?? 256 * 1024) + 1;
    const res = o.raw
      ? await call(path, {
          method: o.method,
          token: tokenFor(o),
          raw: new Uint8Array(size),
          headers: { 'content-type': 'application/octet-stream' },
        })
      : await sendRaw(o, path, JSON.stringify({ padding: 'x'.repeat(size) }));
    expectRefused(res, `${o.key} ${size} bytes`, [413]);
    expect(res.body.error.code).toBe('TOO_LARGE');
  });

  if (o.pathParams.length) {
    it('answers 404 to ids that are not ids, and to ids that exist nowhere', async () => {
      const { params } = target();
      for (const bad of ['%00', 'a%23b', '..%2F..', 'x'.repeat(300)]) {
        const path = o.path.replace(/\{(\w+)\}/g, (_, n: string) =>
          n === o.pathParams.at(-1) ? bad : encodeURIComponent(params[n]),
        );
        // With an Idempotency-Key too: the key's record is named after the id (a '#' or NUL there was a 500).
        const headers = { 'idempotency-key': 'probe-key' };
        expectRefused(
          await call(path, { method: o.method, token: tokenFor(o), body: bodyBase(o, params), headers }),
          `${o.key} id ${bad.slice(0, 10)}`,
          [404],
        );
      }
      const nowhere = o.path.replace(/\{(\w+)\}/g, () => '01JZZZZZZZZZZZZZZZZZZZZZZZ');
      expectRefused(
        await call(nowhere, { method: o.method, token: tokenFor(o), body: bodyBase(o, params) }),
        `${o.key} unknown id`,
        [400, 404],
      );
    });
  }

  const fields = fieldsOf(o.body);
  const wrongTyped = fields.filter((f) => wrongValue(f.schema) !== undefined);
  if (wrongTyped.length) {
    it(`refuses a wrong type in each of ${wrongTyped.length} fields, naming the field`, async () => {
      const { path, params } = target();
      for (const f of wrongTyped) {
        const res = await call(path, {
          method: o.method,
          token: tokenFor(o),
          body: setPath(bodyBase(o, params), f.path, wrongValue(f.schema)),
        });
        expectRefused(res, `${o.key} ${f.path.join('.')} wrong type`);
        expect(
          Object.keys(res.body.error.fields ?? {}),
          `${o.key} ${f.path.join('.')} wrong type: field named`,
        ).toContain(f.path.join('.'));
      }
    });
  }

  const dated = fields.filter((f) => formatOf(f.schema));
  if (dated.length) {
    it(`refuses impossible dates in ${dated.map((f) => f.path.join('.')).join(', ')}`, async () => {
      const { path, params } = target();
      for (const f of dated) {
        const impossible =
          formatOf(f.schema) === 'date'
            ? ['2027-02-30', '2026-13-01', '2025-02-29']
            : ['2027-02-30T10:00:00Z', '2026-13-01T10:00:00Z', '2026-03-01T24:30:00Z'];
        for (const value of impossible) {
          const res = await call(path, {
            method: o.method,
            token: tokenFor(o),
            body: setPath(bodyBase(o, params), f.path, value),
          });
          expectRefused(res, `${o.key} ${f.path.join('.')}=${value}`);
          expect(
            Object.keys(res.body.error.fields ?? {}),
            `${o.key} ${f.path.join('.')}=${value}: field named`,
          ).toContain(f.path.join('.'));
        }
      }
    });
  }

  const strings = fields.filter((f) => typesOf(f.schema).has('string'));
  if (strings.length) {
    it(`refuses over-long strings in each of ${strings.length} string fields`, async () => {
      const { path, params } = target();
      for (const f of strings) {
        // Just over the documented maximum, and 100,000 characters (what sign-up used to accept).
        const max = maxLengthOf(f.schema);
        for (const length of max === undefined ? [100_000] : [max + 1, 100_000]) {
          const res = await call(path, {
            method: o.method,
            token: tokenFor(o),
            body: setPath(bodyBase(o, params), f.path, 'x'.repeat(length)),
          });
          expectRefused(res, `${o.key} ${f.path.join('.')} ${length} chars`);
          expect(
            Object.keys(res.body.error.fields ?? {}),
            `${o.key} ${f.path.join('.')} ${length} chars: field named`,
          ).toContain(f.path.join('.'));
        }
      }
    });
  }
});

describe('read routes answer 404 to ids that are not ids', () => {
  const reads = operations.filter((o) => o.method === 'GET' && o.pathParams.length);
  it('has some to check', () => expect(reads.length).toBeGreaterThan(5));
  it.each(reads.map((o) => [o.key, o] as const))('%s', async (_k, o) => {
    const params = paramsFor(o);
    if (!params) throw new Error(`${o.key}: no entity factory`);
    for (const bad of ['%00', 'a%23b', '%E2%80%8B', 'x'.repeat(300)]) {
      const path = o.path.replace(/\{(\w+)\}/g, (_, n: string) =>
        n === o.pathParams.at(-1) ? bad : encodeURIComponent(params[n]),
      );
      expectRefused(await call(path, { token: tokenFor(o) }), `${o.key} id ${bad.slice(0, 10)}`, [404]);
    }
    // A malformed escape names no route at all: the gateway's own 404, as API Gateway answers.
    const malformed = o.path.replace(/\{(\w+)\}/g, '%E0%A4%A');
    expect((await call(malformed, { token: tokenFor(o) })).status).toBe(404);
  });
});

describe('query parameters with dates refuse impossible dates', () => {
  const dated = operations.flatMap((o) =>
    o.queryParams.filter((q) => formatOf(q.schema)).map((q) => [`${o.key} ?${q.name}`, o, q] as const),
  );
  it('has some to check', () => expect(dated.length).toBeGreaterThan(0));
  it.each(dated)('%s', async (_k, o, q) => {
    const params = o.pathParams.length ? paramsFor(o) : {};
    if (!params) throw new Error(`${o.key}: no entity factory`);
    const valid = Object.fromEntries(
      o.queryParams.filter((p) => formatOf(p.schema) === 'date').map((p) => [p.name, '2026-03-01']),
    );
    for (const value of ['2026-02-30', '2026-13-01', '2026-02-30T10:00:00Z']) {
      const qs = new URLSearchParams({ ...valid, [q.name]: value });
      const res = await call(`${fill(o.path, params)}?${qs}`, { token: tokenFor(o) });
      expectRefused(res, `${o.key}?${qs}`);
      expect(Object.keys(res.body.error.fields ?? {})).toContain(q.name);
    }
  });
});

describe('nothing was written', () => {
  it('every stable GET answers exactly as before the probes', async () => {
    // The lists and records the probes aimed at must be among the compared answers.
    for (const key of [
      'GET /api/v1/vehicles',
      'GET /api/v1/customers',
      'GET /api/v1/rentals',
      'GET /api/v1/blacklist',
      'GET /api/v1/staff',
      'GET /api/v1/company/settings',
      'GET /api/v1/rentals/{id}/ledger',
    ]) {
      expect(stable, `${key} must be compared`).toContain(key);
    }
    const after = await snapshot();
    const changed = stable.filter((k) => after.get(k) !== before.get(k));
    expect(
      changed,
      changed
        .map((k) => `${k}\n  before ${before.get(k)?.slice(0, 300)}\n  after  ${after.get(k)?.slice(0, 300)}`)
        .join('\n'),
    ).toEqual([]);
  });
  it('no malformed sign-up created its user', async () => {
    await expect(login(probeUsername, probePassword)).rejects.toThrow(/failed: 401/);
  });
  it('no probe answered 5xx', () => expect(fiveHundreds).toEqual([]));
});

describe('a return before the car left', () => {
  it('answers 400 with the same field message on return-preview as on return (preview used to answer 500)', async () => {
    const id = (await ENTITY_FACTORIES['/api/v1/rentals/{id}'](owner.token)) as string;
    const rental = await get(`/api/v1/rentals/${id}`, owner.token);
    expect(
      (
        await call(`/api/v1/rentals/${id}/pickup`, {
          method: 'POST',
          token: owner.token,
          body: { odometerStart: 10, fuelLevelStart: 'full' },
        })
      ).status,
    ).toBe(200);
    // Picked up now (before the booked start): a return a day ago is before both the pickup and the start.
    const early = new Date(Math.min(Date.parse(rental.body.startDate), Date.now()) - 86_400_000).toISOString();
    const body = { odometerEnd: 20, condition: 'good', returnDate: early };
    const preview = await call(`/api/v1/rentals/${id}/return-preview`, { method: 'POST', token: owner.token, body });
    const done = await call(`/api/v1/rentals/${id}/return`, { method: 'POST', token: owner.token, body });
    expectRefused(preview, 'return-preview before the start');
    expectRefused(done, 'return before the start');
    expect(preview.body.error.fields.returnDate).toBeTruthy();
    expect(preview.body.error.fields).toEqual(done.body.error.fields);
    expect((await get(`/api/v1/rentals/${id}`, owner.token)).body.status).toBe('active');
  });
});

describe('traffic ticket texts (the probe found 500s)', () => {
  const base = () => ({
    ticketNumber: `TF-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    violationDate: '2034-01-05T10:00:00.000Z',
    plate: 'X 4821',
    amount: 300,
  });
  const create = (over: Record<string, unknown>) =>
    call('/api/v1/traffic-tickets', { method: 'POST', token: owner.token, body: { ...base(), ...over } });

  it('a NUL (or other control character) in any text answers 400 naming the field, on create and update', async () => {
    for (const field of ['ticketNumber', 'notes', 'location', 'violationType', 'plate', 'externalId']) {
      const res = await create({ [field]: `a\u0000b${field === 'ticketNumber' ? Date.now() : ''}` });
      expectRefused(res, `create ticket ${field} NUL`);
      expect(res.body.error.fields[field]).toBe('Must not contain control characters');
    }
    const made = await create({});
    expect(made.status).toBe(201);
    for (const field of ['ticketNumber', 'notes', 'location', 'violationType', 'reason']) {
      const res = await call(`/api/v1/traffic-tickets/${made.body.id}`, {
        method: 'PATCH',
        token: owner.token,
        body: { version: made.body.version, [field]: 'x\u0007y' },
      });
      expectRefused(res, `update ticket ${field} BEL`);
    }
  });

  it('RTL text, emoji and a "#" are kept as sent (never a 500); a number differing only by "#" is the same number', async () => {
    const rtl = `\u202Eمخالفة ${Date.now()}\u202C`;
    const made = await create({ ticketNumber: rtl, notes: '🚗💥 سرعة', location: 'שדרות 🚦', violationType: 'A#B' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      ticketNumber: rtl,
      notes: '🚗💥 سرعة',
      location: 'שדרות 🚦',
      violationType: 'A#B',
    });
    const hash = `TF#${Date.now()}`;
    expect((await create({ ticketNumber: hash })).status).toBe(201);
    const again = await create({ ticketNumber: hash.replace('#', '') });
    expectRefused(again, 'same number without #', [409]);
    const updated = await call(`/api/v1/traffic-tickets/${made.body.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { version: made.body.version, ticketNumber: `🚗#${Date.now()}`, notes: 'ملاحظة ✅' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.notes).toBe('ملاحظة ✅');
  });
});
