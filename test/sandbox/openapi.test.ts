import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedQuerySchema, endpoints, referenceKinds, type EndpointDef } from '../../src-shared/wire';
import {
  UnsupportedSchemaError,
  jsonSchemaOf,
  openApiDocument,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../../src-shared/wire/openapi';
import { basePath, buildSandbox } from '../../src-sandbox/app';
import { openClock } from '../../src-sandbox/clock';
import type { SandboxApp } from '../../src-sandbox/context';
import { ensureDemo } from '../../src-sandbox/demo';
import { openStore } from '../../src-sandbox/store/db';

// The OpenAPI 3.1 document of v1 (docs/decisions/018-openapi-document.md): valid by an OpenAPI
// validator that is not ours, naming every route the sandbox serves under {base_url} and no other,
// and describing every answer of a representative run of calls, errors included, as the sandbox
// gives it. Answers are checked with ajv (JSON Schema 2020-12) against the document itself, never
// against the TypeBox schemas it was made from.

const root = resolve(import.meta.dirname, '../..');
/** The document as the wire carries it (JSON), the way a tool reading it sees it. */
const document: OpenApiDocument = JSON.parse(JSON.stringify(openApiDocument()));
const documentId = 'https://sandbox.invalid/openapi.json';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
type OperationKey = 'get' | 'put' | 'post' | 'delete';

function operationKey(method: string): OperationKey {
  const key = method.toLowerCase();
  if (key === 'get' || key === 'put' || key === 'post' || key === 'delete') return key;
  throw new Error(`no operation is ${method}`);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value at a local `$ref` (`#/components/...`) of the document. */
function atPointer(pointer: string): unknown {
  let value: unknown = document;
  for (const part of pointer.replace(/^#\//, '').split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = isObject(value) ? value[key] : undefined;
  }
  return value;
}

/** A Reference Object followed (once), with the pointer where the referenced object lives. */
function follow(value: unknown, pointer: string): { value: Record<string, unknown>; pointer: string } {
  if (isObject(value) && typeof value.$ref === 'string') return follow(atPointer(value.$ref), value.$ref);
  if (!isObject(value)) throw new Error(`${pointer} is not an object`);
  return { value, pointer };
}

/** ajv (JSON Schema 2020-12, strict, formats asserted) holding the whole document as one schema. */
function documentValidator(): { ajv: Ajv2020; at: (pointer: string) => ValidateFunction } {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(Object.keys(document)); // the document's own members are not JSON Schema keywords
  ajv.addSchema(document, documentId);
  return {
    ajv,
    at(pointer) {
      const validate = ajv.getSchema(`${documentId}${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      return validate;
    },
  };
}

/** Every operation of the document with its path template and pointer. */
function operations(): Array<{
  template: string;
  method: OperationKey;
  operation: OpenApiOperation;
  pointer: string;
}> {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    (['get', 'put', 'post', 'delete'] as const).flatMap((method) => {
      const operation = item[method];
      return operation
        ? [{ template, method, operation, pointer: `#/paths/${escapePointer(template)}/${method}` }]
        : [];
    }),
  );
}

/** A copy of the document as the validator takes it: plain JSON. */
function asSpecification(value: OpenApiDocument): Parameters<Validator['validate']>[0] {
  return JSON.parse(JSON.stringify(value));
}

describe('the document', () => {
  it('validates as OpenAPI 3.1 with @seriousme/openapi-schema-validator, which also refuses a broken copy', async () => {
    const result = await new Validator().validate(asSpecification(document));
    expect({ valid: result.valid, errors: result.errors }).toEqual({ valid: true, errors: undefined });

    // Not vacuous: a parameter in no place OpenAPI knows, and a reference to nothing, are refused.
    const badParameter = structuredClone(document);
    badParameter.paths['/me']?.get?.parameters.push({
      name: 'x',
      in: 'body' as 'query',
      required: false,
      schema: {},
    });
    const badReference = structuredClone(document);
    badReference.components.schemas['Ack'] = { $ref: '#/components/schemas/Nothing' };
    const refused = [
      (await new Validator().validate(asSpecification(badParameter))).valid,
      (await new Validator().validate(asSpecification(badReference))).valid,
    ];
    expect(refused).toEqual([false, false]);
  });

  it('holds only JSON Schema 2020-12 that compiles in strict mode, at every place a schema is used', () => {
    const { ajv, at } = documentValidator();
    const places: string[] = Object.keys(document.components.schemas).map(
      (name) => `#/components/schemas/${escapePointer(name)}`,
    );
    for (const { operation, pointer } of operations()) {
      operation.parameters.forEach((parameter, i) => {
        if (!('$ref' in parameter)) places.push(`${pointer}/parameters/${i}/schema`);
      });
      if (operation.requestBody) places.push(`${pointer}/requestBody/content/application~1json/schema`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!('$ref' in response))
          places.push(`${pointer}/responses/${status}/content/application~1json/schema`);
      }
    }
    const problems = places.flatMap((place) => {
      const schema = atPointer(place);
      if (!ajv.validateSchema(isObject(schema) || typeof schema === 'boolean' ? schema : {}))
        return [`${place}: ${ajv.errorsText(ajv.errors)}`];
      try {
        at(place);
        return [];
      } catch (error) {
        return [`${place}: ${String(error)}`];
      }
    });
    expect(problems).toEqual([]);
    expect(places.length).toBeGreaterThan(150);
  });

  it('gives every endpoint row its operation, scopes, Idempotency-Key, feed parameters, body and error envelope', () => {
    const seen = (Object.entries(endpoints) as Array<[string, EndpointDef]>).map(([name, def]) => {
      const template = def.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[template]?.[operationKey(def.method)];
      if (!operation) return { name, missing: true };
      const parameters = operation.parameters.map((p) => ('$ref' in p ? p.$ref : `${p.in}:${p.name}`));
      return {
        name,
        operationId: operation.operationId,
        hasIdempotencyKey: parameters.includes('#/components/parameters/IdempotencyKey'),
        hasBody: operation.requestBody !== undefined,
        errors: ['400', '401', '403', '429', '500', '503', 'default'].every((s) => s in operation.responses),
        envelope: follow(operation.responses['default'], '').value.content,
      };
    });
    const expected = (Object.entries(endpoints) as Array<[string, EndpointDef]>).map(([name, def]) => ({
      name,
      operationId: name,
      hasIdempotencyKey: def.method !== 'GET',
      hasBody: def.body !== undefined,
      errors: true,
      envelope: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    }));
    expect(seen).toEqual(expected);

    // x-scopes carries the scope; a family row carries its scopes per entity too.
    for (const [name, def] of Object.entries(endpoints) as Array<[string, EndpointDef]>) {
      const operation =
        document.paths[def.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[operationKey(def.method)];
      if (def.scope === 'family') expect(operation?.['x-scopes-by-entity'], name).toBeDefined();
      else expect(operation?.['x-scopes'], name).toEqual(def.scope === null ? [] : [def.scope]);
    }
    // Every feed lists every feed parameter (spec, Pull documents), by its literal name.
    for (const feed of ['/orders', '/invoices', '/payments', '/returns']) {
      const names = document.paths[feed]?.get?.parameters.map((p) => ('name' in p ? p.name : p.$ref));
      expect(names).toEqual(Object.keys(FeedQuerySchema.properties));
    }
    expect(document.paths['/openapi.json']?.get?.security).toEqual([]);
    expect(document.components.securitySchemes['bearerAuth']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.servers[0]?.url).toBe('{base_url}');
  });

  it('is what `npm run openapi` wrote to docs/openapi.json (run it after changing src-shared/wire)', () => {
    const written: unknown = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8'));
    expect(written).toEqual(document);
  });

  it('turns TypeBox schemas into JSON Schema 2020-12, and refuses what JSON cannot carry', () => {
    // A draft-07 tuple becomes prefixItems; TypeBox's markers go; a schema with $id becomes a
    // component that Type.Ref refers to.
    const tuple = jsonSchemaOf(Type.Tuple([Type.String(), Type.Integer()]), {});
    expect(tuple.schema).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'integer', format: 'int64' }],
      items: false,
      minItems: 2,
    });
    const node = Type.Cyclic({ Node: Type.Object({ next: Type.Optional(Type.Ref('Node')) }) }, 'Node');
    expect(jsonSchemaOf(node, {})).toEqual({
      schema: { $ref: '#/components/schemas/Node' },
      components: {
        Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
      },
    });
    const named = Type.Object({ at: Type.Optional(Type.String({ pattern: '^x$' })) });
    expect(jsonSchemaOf(Type.Array(named), { ThingSchema: named })).toEqual({
      schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
      components: { Thing: { type: 'object', properties: { at: { type: 'string', pattern: '^x$' } } } },
    });

    const refused = {
      bigint: Type.BigInt(),
      function: Type.Function([], Type.String()),
      undefined: Type.Undefined(),
      refinement: Type.Refine(Type.String(), (value) => value.length > 1),
      'Uint8Array value': Type.Unsafe({ type: 'string', default: new Uint8Array([1]) }),
      'unknown keyword': Type.Unsafe({ type: 'string', minByteLength: 1 }),
      'reference to nothing': Type.Ref('Nothing'),
    };
    const outcomes = Object.entries(refused).map(([what, schema]) => {
      try {
        jsonSchemaOf(schema, {});
        return [what, 'converted'];
      } catch (error) {
        return [what, error instanceof UnsupportedSchemaError ? 'refused' : String(error)];
      }
    });
    expect(Object.fromEntries(outcomes)).toEqual(
      Object.fromEntries(Object.keys(refused).map((k) => [k, 'refused'])),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The sandbox against the document
// ---------------------------------------------------------------------------------------------

let dir: string;
let app: SandboxApp;
let adminSecret: string;
let demoToken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-test-'));
  const db = openStore(dir);
  adminSecret = ensureDemo(db, openClock(db), dir, { seed: 18, docs: 6, rateLimitPerMinute: 1_000_000 });
  demoToken = readFileSync(join(dir, 'demo-token'), 'utf8').trim();
  // Writes wait 25 ms once marked in progress, so a second call with the same key meets the first.
  app = await buildSandbox(
    db,
    { dataDir: dir, rateLimitPerMinute: 1_000_000, writeDelayMs: 25 },
    adminSecret,
  );
});
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function admin(
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method,
    url: `/_sandbox${url}`,
    headers: { authorization: `Bearer ${adminSecret}` },
    payload,
  });
  if (response.statusCode >= 300)
    throw new Error(`admin ${method} ${url}: ${response.statusCode} ${response.body}`);
  const body: unknown = response.json();
  return isObject(body) ? body : {};
}

async function newClient(fields: object): Promise<{ clientId: string; token: string }> {
  const answer = await admin('POST', '/clients', { name: 'OpenAPI test', system: 'OTHER', ...fields });
  return { clientId: String(answer.client_id), token: String(answer.token) };
}

/**
 * The routes the sandbox serves, read from Fastify's own route tree (`printRoutes`), as `METHOD
 * /path/{param}`; each one checked with `hasRoute`, so a misread tree cannot pass.
 */
function servedRoutes(): string[] {
  const routes: string[] = [];
  const stack: Array<{ depth: number; path: string }> = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length;
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= depth) stack.pop();
    const path = `${stack[stack.length - 1]?.path ?? ''}${match[2] ?? ''}`;
    stack.push({ depth, path });
    for (const method of (match[3] ?? '').split(', ').filter((m) => m !== '')) {
      expect(app.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true);
      routes.push(`${method} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  }
  return routes;
}

describe('the sandbox and the document', () => {
  it('serves under {base_url} exactly the operations of the document (and HEAD for each GET)', () => {
    const served = servedRoutes()
      .filter((route) => route.split(' ')[1]?.startsWith(`${basePath}/`))
      .map((route) => route.replace(` ${basePath}`, ' '));
    const documented = operations().map(({ template, method }) => `${method.toUpperCase()} ${template}`);
    expect(served.filter((route) => !route.startsWith('HEAD ')).sort()).toEqual([...documented].sort());
    expect(served.filter((route) => route.startsWith('HEAD ')).sort()).toEqual(
      documented
        .filter((route) => route.startsWith('GET '))
        .map((route) => route.replace('GET', 'HEAD'))
        .sort(),
    );
  });

  it('serves the document at GET {base_url}/openapi.json without a token, its server being where it was called', async () => {
    const revoked = await newClient({ scopes: [] });
    await admin('POST', '/tokens/revoke', { token: revoked.token });
    const limited = await newClient({ scopes: [], rate_limit_per_minute: 1 });
    const url = `${basePath}/openapi.json`;
    const calls = [
      { who: 'no token', headers: {} },
      { who: 'not a token', headers: { authorization: 'Bearer nope' } },
      { who: 'revoked', headers: { authorization: `Bearer ${revoked.token}` } },
      { who: 'demo', headers: { authorization: `Bearer ${demoToken}` } },
      { who: 'limited', headers: { authorization: `Bearer ${limited.token}` } },
      { who: 'limited again', headers: { authorization: `Bearer ${limited.token}` } },
    ];
    const answers = [];
    for (const { who, headers } of calls) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { ...headers, host: 'sandbox.test:8123' },
      });
      const body: unknown = response.json();
      const isDocument =
        isObject(body) &&
        JSON.stringify(body.paths) === JSON.stringify(document.paths) &&
        body.openapi === '3.1.0';
      answers.push({
        who,
        status: response.statusCode,
        isDocument,
        servers: isDocument ? body.servers : undefined,
        rateLimited: response.headers['x-ratelimit-limit'] !== undefined,
      });
    }
    const servers = [
      {
        ...document.servers[0],
        variables: {
          base_url: {
            ...document.servers[0]?.variables.base_url,
            default: `http://sandbox.test:8123${basePath}`,
          },
        },
      },
    ];
    const served = { status: 200, isDocument: true, servers };
    expect(answers).toEqual([
      { who: 'no token', ...served, rateLimited: false },
      { who: 'not a token', ...served, rateLimited: false },
      { who: 'revoked', ...served, rateLimited: false },
      // No client's call, token or not: it counts against no rate limit (decision 018).
      { who: 'demo', ...served, rateLimited: false },
      { who: 'limited', ...served, rateLimited: false },
      { who: 'limited again', ...served, rateLimited: false },
    ]);
  });

  it('answers every call of a representative run as the document says, errors included', async () => {
    const run = await representativeRun();
    const { at } = documentValidator();

    // Every operation answered 2xx at least once, and every error status of the spec's table that a
    // call can provoke was seen.
    const answered = new Set(run.filter((e) => e.status < 300).map((e) => `${e.method} ${e.template}`));
    const missing = operations()
      .map(({ template, method }) => `${method.toUpperCase()} ${template}`)
      .filter((op) => !answered.has(op));
    expect(missing).toEqual([]);
    expect([...new Set(run.map((e) => e.status))].sort()).toEqual([
      200, 400, 401, 403, 404, 409, 413, 422, 429, 503,
    ]);

    const problems = run.flatMap((exchange) => problemsOf(exchange, at));
    expect(problems).toEqual([]);
    expect(run.length).toBeGreaterThan(120);
  });
});

// ---------------------------------------------------------------------------------------------
// A representative run, recorded
// ---------------------------------------------------------------------------------------------

interface Exchange {
  method: Method;
  /** The path under `{base_url}`, with its query. */
  url: string;
  /** The document's path template the call matched. */
  template: string;
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
  /** The body sent, when the call is meant to be valid by the document. */
  sent: unknown;
}

interface CallOptions {
  /** The bearer token; the demo client's when absent, none when null. */
  token?: string | null;
  body?: unknown;
  /** A raw body, sent as is as JSON. */
  raw?: string;
  /** The Idempotency-Key of a write; a fresh one when absent, none when null. */
  key?: string | null;
  /** The body holds batch items meant to fail, so the document's request schema does not take it. */
  hasBadItems?: boolean;
}

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  params: (template.match(/\{/g) ?? []).length,
}));

/** The document's path template of a path: the one with the fewest parameters, as the router picks. */
function templateOf(method: Method, url: string): string {
  const path = url.split('?')[0] ?? '';
  const found = templates
    .filter((t) => t.pattern.test(path) && document.paths[t.template]?.[operationKey(method)] !== undefined)
    .sort((a, b) => a.params - b.params)[0];
  return found?.template ?? `(none) ${path}`;
}

function createRecorder(exchanges: Exchange[]) {
  let keys = 0;
  return async function call(method: Method, url: string, options: CallOptions = {}): Promise<Exchange> {
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? demoToken : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (method !== 'GET' && options.key !== null)
      headers['idempotency-key'] = options.key ?? `openapi-${++keys}`;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({ method, url: `${basePath}${url}`, headers, payload });
    const exchange: Exchange = {
      method,
      url,
      template: templateOf(method, url),
      status: response.statusCode,
      headers: response.headers,
      body: response.body === '' ? undefined : JSON.parse(response.body),
      sent: options.hasBadItems ? undefined : options.body,
    };
    exchanges.push(exchange);
    return exchange;
  };
}

/** `value.data` as a list of objects (a feed page, a code list). */
function dataList(exchange: Exchange | undefined): Array<Record<string, unknown>> {
  const data = isObject(exchange?.body) ? exchange.body.data : undefined;
  return Array.isArray(data) ? data.filter(isObject) : [];
}

function metaOf(exchange: Exchange): Record<string, unknown> {
  const meta = isObject(exchange.body) ? exchange.body.meta : undefined;
  return isObject(meta) ? meta : {};
}

/**
 * Calls every endpoint the way an ERP would (me, every code list, lookups of every entity, each feed
 * in both modes with its filters, every document, every cursor, single and batch acks, every push and
 * batch push, a replayed write) and provokes each refusal of the spec's status table the sandbox can
 * give here (400, 401, 403, 404, 409, 413, 422, 429, and 503 from an injected fault).
 */
async function representativeRun(): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  const call = createRecorder(exchanges);
  const name = (en: string) => ({ en });
  const asOf = '2026-01-02T03:04:05Z';

  // Identity and code lists
  await call('GET', '/me');
  const lists = new Map<string, Exchange>();
  for (const kind of referenceKinds) lists.set(kind, await call('GET', `/reference/${kind}`));
  await call('GET', '/openapi.json', { token: null });

  // Push master data, in dependency order, then again (unchanged), and a replay of the same call
  await call('PUT', '/units/OA-PCS', { body: { name: name('Piece') }, key: 'openapi-unit' });
  await call('PUT', '/units/OA-PCS', { body: { name: name('Piece') }, key: 'openapi-unit' }); // replayed
  await call('PUT', '/units/OA-PCS', { body: { name: name('Piece') } }); // unchanged
  await call('PUT', '/price-lists/OA-PL', { body: { currency: 'EGP', name: name('Retail') } });
  await call('PUT', '/products/OA-P1', { body: { name: name('Water'), base_unit_ref: 'OA-PCS' } });
  await call('PUT', '/products/OA-P1/units', {
    body: { units: [{ unit_ref: 'OA-PCS', factor_to_base: 1, order_default: true }] },
  });
  const price = { product_ref: 'OA-P1', unit_ref: 'OA-PCS', price: 12.5, valid_from: '2026-01-01' };
  await call('PUT', '/price-lists/OA-PL/prices?mode=merge', { body: { prices: [price] } });
  await call('PUT', '/price-lists/OA-PL/prices?mode=replace', {
    body: { prices: [{ ...price, price: 13 }] },
  });
  await call('PUT', '/customers/OA-C1', {
    body: { name: name('Kiosk'), blocked: false, price_list_ref: 'OA-PL' },
  });
  await call('PUT', '/customers/OA-C1/branches/OA-B1', {
    body: { name: name('Main street'), blocked: false },
  });
  await call('PUT', '/customers/OA-C1/balance', { body: { balance: 250.75, as_of: asOf } });
  await call('PUT', '/customers/OA-C2', { body: { name: name('Gone'), blocked: false } });
  await call('PUT', '/customers/OA-C1/branches/OA-B2', { body: { name: name('Back door'), blocked: false } });
  await call('DELETE', '/customers/OA-C1/branches/OA-B2');
  await call('DELETE', '/customers/OA-C2');
  await call('POST', '/batch/units', {
    body: {
      items: [
        { ref: 'OA-BOX', body: { name: name('Box') } },
        { ref: 'OA-BAD', body: {} },
      ],
    },
    hasBadItems: true,
  });
  await call('POST', '/batch/products', {
    body: {
      items: [
        { ref: 'OA-P2', body: { name: name('Juice'), base_unit_ref: 'OA-BOX' } },
        { ref: 'OA-P3', body: { name: name('Tea'), base_unit_ref: 'OA-NONE' } },
      ],
    },
  });
  await call('POST', '/batch/balances', {
    body: {
      items: [
        { ref: 'OA-C1', body: { balance: 300, as_of: '2026-01-03T00:00:00Z' } },
        { ref: 'OA-NONE', body: { balance: 1, as_of: asOf } },
      ],
    },
  });

  // Lookups of every entity
  const warehouse = dataList(lists.get('warehouses'))[0];
  await call('GET', '/lookup?entity=customer&ref=OA-C1');
  await call('GET', '/lookup?entity=customer&ref=OA-C2'); // a tombstone
  await call('GET', '/lookup?entity=branch&ref=OA-B1&customer_ref=OA-C1');
  await call('GET', '/lookup?entity=unit&ref=OA-PCS');
  await call('GET', '/lookup?entity=product&ref=OA-P1');
  await call('GET', '/lookup?entity=price_list&ref=OA-PL');
  await call('GET', `/lookup?entity=warehouse&code=${encodeURIComponent(String(warehouse?.code))}`);

  // Feeds: a first page, the rest, each filter, seq mode; every document; every cursor
  const documents = new Map<string, Array<Record<string, unknown>>>();
  for (const feed of ['orders', 'invoices', 'payments', 'returns']) {
    const first = await call('GET', `/${feed}?per_page=2`);
    const rest = await call(
      'GET',
      `/${feed}?filter[version_after]=${String(metaOf(first).next_version_after)}&per_page=500`,
    );
    const all = [...dataList(first), ...dataList(rest)];
    documents.set(feed, all);
    await call('GET', `/${feed}?filter[ack]=pending&per_page=3`);
    await call('GET', `/${feed}?filter[id]=${String(all[0]?.id)},${String(all[1]?.id)}`);
    await call('GET', `/${feed}?filter[updated_after]=2000-01-01T00:00:00Z&per_page=1`);
    if (feed !== 'orders') await call('GET', `/${feed}?filter[seq_after]=0&per_page=3`);
    await call('GET', `/${feed}/cursor`);
    for (const doc of all) await call('GET', `/${feed}/${String(doc.id)}`);
  }
  const idsOf = (feed: string, status?: string) =>
    (documents.get(feed) ?? [])
      .filter((d) => status === undefined || d.status === status)
      .map((d) => String(d.id));
  const [order1, order2] = idsOf('orders', 'ERP_PENDING');
  const [invoice1] = idsOf('invoices');
  const [payment1, payment2, payment3] = idsOf('payments');
  const [return1] = idsOf('returns');

  // Acks: single (applied, unchanged), batch with a failed item
  const accepted = { outcome: 'ACCEPTED', external_number: 'ERP-OA-1' };
  await call('POST', `/orders/${String(order1)}/ack`, { body: accepted });
  await call('POST', `/orders/${String(order1)}/ack`, { body: accepted });
  await call('POST', `/invoices/${String(invoice1)}/ack`, { body: accepted });
  await call('POST', `/payments/${String(payment1)}/ack`, { body: { outcome: 'ACCEPTED' } });
  await call('POST', `/returns/${String(return1)}/ack`, {
    body: { outcome: 'REJECTED', reason_code: 'NO_STOCK' },
  });
  await call('POST', '/acks', {
    body: {
      entity: 'payment',
      items: [
        { id: payment2, outcome: 'ACCEPTED', external_number: 'ERP-OA-2' },
        { id: 'pay_unknown', outcome: 'ACCEPTED' },
        { id: payment3, outcome: 'MAYBE' },
      ],
    },
    hasBadItems: true,
  });

  // 400: a bad query, a write without a key, an unreadable body
  await call('GET', '/invoices?filter[colour]=red');
  await call('GET', '/orders?filter[seq_after]=0');
  await call('GET', '/lookup?entity=customer&ref=OA-C1&code=OA-C1');
  await call('PUT', '/units/OA-NOKEY', { body: { name: name('x') }, key: null });
  await call('PUT', '/units/OA-JSON', { raw: '{"name": ' });
  // 401: no token, an unknown token, a revoked one
  const revoked = await newClient({ scopes: [] });
  await admin('POST', '/tokens/revoke', { token: revoked.token });
  await call('GET', '/me', { token: null });
  await call('GET', '/me', { token: `svc_test_${'x'.repeat(43)}` });
  await call('GET', '/me', { token: revoked.token });
  // 403: a scope missing; an address outside the allow-list
  const { token: noScopes } = await newClient({ scopes: [] });
  const { token: elsewhere } = await newClient({ scopes: [], ip_allow: ['10.1.2.3'] });
  await call('GET', '/invoices', { token: noScopes });
  await call('GET', '/lookup?entity=customer&ref=OA-C1', { token: noScopes });
  await call('PUT', '/units/OA-NOSCOPE', { token: noScopes, body: { name: name('x') } });
  await call('POST', '/acks', { token: noScopes, body: { entity: 'order', items: [] } });
  await call('GET', '/me', { token: elsewhere });
  // 404: unknown ids, kind, record
  await call('GET', '/invoices/inv_unknown');
  await call('GET', '/orders/ord_unknown');
  await call('GET', '/reference/colours');
  await call('GET', '/lookup?entity=product&ref=OA-NONE');
  await call('POST', '/payments/pay_unknown/ack', { body: { outcome: 'ACCEPTED' } });
  await call('DELETE', '/customers/OA-NONE');
  // 409: a second, different answer; the ERP mode; a taken code; a branch on a route; a key in use
  await call('POST', `/orders/${String(order1)}/ack`, { body: { outcome: 'REJECTED', reason_code: 'LATE' } });
  await call('POST', `/payments/${String(payment1)}/ack`, {
    body: { outcome: 'REJECTED', reason_code: 'LATE' },
  });
  await admin('PATCH', '/companies/DEMO', { erp_mode: 'manual' });
  await call('POST', `/orders/${String(order2)}/ack`, { body: accepted });
  await call('POST', '/acks', { body: { entity: 'order', items: [{ id: order2, ...accepted }] } });
  await admin('PATCH', '/companies/DEMO', { erp_mode: 'api' });
  await admin('POST', '/customers', { code: 'OA-SVC', name: 'Started in the service' });
  await call('PUT', '/customers/OA-SVC', { body: { name: name('Adopt me'), blocked: false } });
  await admin('POST', '/routes', { customer_ref: 'OA-C1', branch_ref: 'OA-B1' });
  await call('DELETE', '/customers/OA-C1/branches/OA-B1');
  await Promise.all([
    call('PUT', '/units/OA-RACE', { body: { name: name('Race') }, key: 'openapi-race' }),
    call('PUT', '/units/OA-RACE', { body: { name: name('Race') }, key: 'openapi-race' }),
  ]);
  // 413: a body over the limit
  await call('PUT', '/units/OA-BIG', { body: { name: name('x'.repeat(5 * 1024 * 1024)) } });
  // 422: data that cannot be accepted, an unknown reference, a key reused for another body
  await call('PUT', '/units/OA-EMPTY', { body: {} });
  await call('PUT', `/units/${'k'.repeat(65)}`, { body: { name: name('Too long a key') } });
  await call('PUT', '/products/OA-P9', { body: { name: name('Orphan'), base_unit_ref: 'OA-NONE' } });
  await call('PUT', '/price-lists/OA-PL/prices', { body: { prices: [{ ...price, price: -1 }] } });
  await call('PUT', '/units/OA-OTHER', { body: { name: name('Other') }, key: 'openapi-unit' });
  // 429: over a client's rate limit
  const { token: slow } = await newClient({ scopes: [], rate_limit_per_minute: 1 });
  await call('GET', '/me', { token: slow });
  await call('GET', '/me', { token: slow });
  // 503 and 429 from faults injected in the console (docs/decisions/017-console-lists-and-faults.md)
  const down = await newClient({ scopes: ['catalog:write'] });
  await admin('POST', '/faults', { client_id: down.clientId, kind: 'unavailable', seconds: 60 });
  await call('GET', '/me', { token: down.token });
  await call('PUT', '/units/OA-DOWN', { token: down.token, body: { name: name('Down') } });
  await call('GET', '/openapi.json', { token: down.token });
  const storm = await newClient({ scopes: [] });
  await admin('POST', '/faults', { client_id: storm.clientId, kind: 'rate_storm', seconds: 60 });
  await call('GET', '/me', { token: storm.token });
  return exchanges;
}

const headerAjv = new Ajv2020({ strict: true });

/** Whether a header's text matches a (string) schema. */
function matchesText(schema: Record<string, unknown>, value: unknown): boolean {
  return headerAjv.validate(schema, value);
}

/** What in an answer the document does not say: an undocumented status, a body, a code or a header. */
function problemsOf(exchange: Exchange, at: (pointer: string) => ValidateFunction): string[] {
  const what = `${exchange.method} ${exchange.url.slice(0, 120)} -> ${exchange.status}`;
  const operation = document.paths[exchange.template]?.[operationKey(exchange.method)];
  if (!operation) return [`${what}: no operation in the document`];
  const declared = operation.responses[String(exchange.status)];
  if (!declared) return [`${what}: the status is not documented`];
  const operationPointer = `#/paths/${escapePointer(exchange.template)}/${operationKey(exchange.method)}`;
  const response = follow(declared, `${operationPointer}/responses/${exchange.status}`);
  const problems: string[] = [];

  const validate = at(`${response.pointer}/content/application~1json/schema`);
  if (!validate(exchange.body))
    problems.push(`${what}: body ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  const codes = response.value['x-error-codes'];
  const error = isObject(exchange.body) && isObject(exchange.body.error) ? exchange.body.error : undefined;
  if (Array.isArray(codes) && !codes.includes(error?.code)) {
    problems.push(`${what}: code ${String(error?.code)} is not among ${codes.join(', ')}`);
  }
  const headers = isObject(response.value.headers) ? response.value.headers : {};
  for (const [name, header] of Object.entries(headers)) {
    const { value: declaredHeader } = follow(header, '');
    const value = exchange.headers[name.toLowerCase()];
    if (value === undefined) {
      if (declaredHeader.required === true) problems.push(`${what}: header ${name} is missing`);
      continue;
    }
    // A header is text: an integer header must read as one, any other must match its schema as text.
    const schema = isObject(declaredHeader.schema) ? declaredHeader.schema : {};
    const isValid = schema.type === 'integer' ? /^\d+$/.test(String(value)) : matchesText(schema, value);
    if (!isValid) problems.push(`${what}: header ${name} is ${String(value)}`);
  }
  if (exchange.status < 300 && operation.requestBody && exchange.sent !== undefined) {
    const request = at(`${operationPointer}/requestBody/content/application~1json/schema`);
    if (!request(exchange.sent))
      problems.push(`${what}: request body ${JSON.stringify(request.errors?.slice(0, 3))}`);
  }
  return problems;
}
