import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  ErrorEnvelopeSchema,
  LookupResponseSchema,
  PushResponseSchema,
  type ErrorBody,
  type LookupRecord,
  type PushResponseData,
} from '../../src-shared/wire';
import type { RunningSandbox } from '../support/sandbox';

/** One answer of the interface, as seen over loopback. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A small client of the interface for master-data tests: each write gets a fresh Idempotency-Key. */
export interface Api {
  call(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Answer>;
  get(path: string): Promise<Answer>;
  put(path: string, body: unknown): Promise<Answer>;
  post(path: string, body: unknown): Promise<Answer>;
  del(path: string): Promise<Answer>;
}

/** A client of `sandbox` with `token` (the demo client's by default). */
export function apiOf(sandbox: RunningSandbox, token: string = sandbox.token): Api {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (method !== 'GET') headers['idempotency-key'] = idempotencyKey ?? randomUUID();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }
  return {
    call,
    get: (path) => call('GET', path),
    put: (path, body) => call('PUT', path, body),
    post: (path, body) => call('POST', path, body),
    del: (path) => call('DELETE', path),
  };
}

/** The body of a 200 answer checked against `schema`; throws with the answer when it is not. */
export function okBody<T extends TSchema>(schema: T, answer: Answer): Static<T> {
  if (answer.status !== 200 || !Value.Check(schema, answer.body)) {
    throw new Error(`expected 200 matching the schema, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** The `data` of a push answer. */
export function pushed(answer: Answer): PushResponseData {
  return okBody(PushResponseSchema, answer).data;
}

/** The error of an error answer, checked against the envelope and the expected status. */
export function errorOf(answer: Answer, status: number): ErrorBody {
  if (answer.status !== status || !Value.Check(ErrorEnvelopeSchema, answer.body)) {
    throw new Error(
      `expected ${status} with the envelope, got ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body.error;
}

/** `GET /lookup` with `query`; the record, or null on 404. */
export async function lookup(api: Api, query: Record<string, string>): Promise<LookupRecord | null> {
  const answer = await api.get(`/lookup?${new URLSearchParams(query).toString()}`);
  if (answer.status === 404) return null;
  return okBody(LookupResponseSchema, answer).data;
}

/** A short unique key for test data, so tests in one sandbox never collide. */
export function key(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/**
 * Writes a record the way the service's own seed does (a code, no ERP key) straight into the
 * sandbox's store, for adoption tests when the demo seed has no such record. The sandbox process
 * reads it on its next query (WAL lets both open the file).
 */
export function insertServiceRecord(
  sandbox: RunningSandbox,
  entity: 'unit' | 'product' | 'price_list' | 'branch' | 'warehouse',
  code: string,
  body: object,
  parentId = '',
): string {
  const db = new Database(join(sandbox.dataDir, 'sandbox.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const company = db.prepare("SELECT id FROM companies WHERE code = 'DEMO'").get();
    const companyId =
      company !== null && typeof company === 'object' ? String(Reflect.get(company, 'id')) : '';
    const id = `${entity}_${randomUUID().slice(0, 12)}`;
    const now = new Date().toISOString();
    db.transaction(() => {
      const counter = db
        .prepare(
          `INSERT INTO counters(company_id, name, value) VALUES (?, 'version', 1)
          ON CONFLICT(company_id, name) DO UPDATE SET value = value + 1 RETURNING value`,
        )
        .get(companyId);
      const version =
        counter !== null && typeof counter === 'object' ? Number(Reflect.get(counter, 'value')) : 1;
      db.prepare(
        `INSERT INTO records(id, company_id, entity, parent_id, code, external_ref, version, source_version, body, deleted, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, ?, 0, ?, ?)`,
      ).run(id, companyId, entity, parentId, code, version, JSON.stringify(body), now, now);
    })();
    return id;
  } finally {
    db.close();
  }
}
