import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { expect } from 'vitest';
import {
  ErrorEnvelopeSchema,
  MeResponseSchema,
  errorCodes,
  isErrorCode,
  type ErrorEnvelope,
  type MeResponse,
} from '../../src-shared/wire';

const checkEnvelope = Compile(ErrorEnvelopeSchema);

/** An answer read whole: status, headers and the body as text and as JSON (or undefined). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Options of one call. */
export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw body, sent as is (with `contentType`). */
  raw?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One HTTP call over loopback, read whole. */
export async function call(url: string, method: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers['content-type'] = options.contentType;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/**
 * Asserts an error answer: the status, the envelope of the spec (all five members), `request_id` equal
 * to the `X-Request-Id` header, and `retryable` as the spec's table has it. Returns the envelope.
 */
export function expectError(answer: Answer, status: number, code: string): ErrorEnvelope {
  if (!checkEnvelope.Check(answer.json))
    throw new Error(`${answer.status} is not the error envelope: ${answer.text}`);
  const envelope = answer.json;
  expect({ status: answer.status, code: envelope.error.code }).toEqual({ status, code });
  expect(envelope.error.request_id).toBe(answer.headers.get('x-request-id'));
  expect(envelope.error.message.length).toBeGreaterThan(20);
  if (isErrorCode(code)) expect(envelope.error.retryable).toBe(errorCodes[code].retryable);
  return envelope;
}

/** The body of a success answer, checked against its wire schema (throws naming the body if it fails). */
export function readWire<T extends TSchema>(schema: T, answer: Answer): Static<T> {
  const check = Compile(schema);
  if (answer.status < 200 || answer.status >= 300 || !check.Check(answer.json)) {
    throw new Error(`${answer.status} is not the expected answer: ${answer.text.slice(0, 500)}`);
  }
  return answer.json;
}

/** The body of a `GET /me` answer, checked against the wire schema. */
export function readMe(answer: Answer): MeResponse {
  return readWire(MeResponseSchema, answer);
}
