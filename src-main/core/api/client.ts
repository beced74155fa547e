import { Pool, type Dispatcher } from 'undici';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ErrorEnvelopeSchema, MeAnswerSchema } from '../../../src-shared/wire';
import { NetworkError, ServiceError, WireError } from './errors';

type Validator = ReturnType<typeof Compile>;
const validators = new WeakMap<TSchema, Validator>();

/** Compiles a schema once and checks a value against it; a mismatch is a WireError naming the path. */
export function checkWire<S extends TSchema>(schema: S, value: unknown, path: string): Static<S> {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  if (validator.Check(value)) return value as Static<S>;
  const problems = [...validator.Errors(value)].slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
  throw new WireError(path, problems);
}

/** Where and as whom a client talks to the service. The token never leaves the core. */
export interface ApiClientOptions {
  /** `{base_url}`, ending in `/api/integration/v1`. */
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}

/**
 * A typed client of the interface on one keep-alive pool. Every answer is checked against its schema.
 */
export class ApiClient {
  readonly #pool: Pool;
  readonly #basePath: string;
  readonly #token: string;
  readonly #timeoutMs: number;

  constructor(options: ApiClientOptions) {
    const url = new URL(options.baseUrl);
    this.#pool = new Pool(url.origin, { connections: 4 });
    this.#basePath = url.pathname.replace(/\/$/, '');
    this.#token = options.token;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** `GET /me`: the client, its company and scopes. */
  async me(): Promise<Static<typeof MeAnswerSchema>> {
    return this.#call('GET', '/me', MeAnswerSchema);
  }

  async #call<S extends TSchema>(method: Dispatcher.HttpMethod, path: string, schema: S): Promise<Static<S>> {
    let response: Dispatcher.ResponseData;
    try {
      response = await this.#pool.request({
        method,
        path: this.#basePath + path,
        headers: { authorization: `Bearer ${this.#token}`, accept: 'application/json' },
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
    } catch (error) {
      throw new NetworkError(`The service at ${this.#pool ? 'the configured address' : ''} did not answer (${(error as Error).message}).`, error);
    }
    const text = await response.body.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new WireError(path, [`answer ${response.statusCode} is not JSON`]);
    }
    if (response.statusCode >= 400) {
      const envelope = checkWire(ErrorEnvelopeSchema, body, path);
      throw new ServiceError(response.statusCode, envelope.error);
    }
    return checkWire(schema, body, path);
  }

  /** Closes the pool. */
  async close(): Promise<void> {
    await this.#pool.close();
  }
}
