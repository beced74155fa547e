import type { Database } from 'better-sqlite3';
import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Principal } from './auth';
import type { SandboxClock } from './clock';
import type { IdempotentWrite } from './idempotency';

/** Options the sandbox runs with (flags of ../shared/spec/sandbox-contract.md). */
export interface SandboxOptions {
  /** Default requests per minute for new clients (`--rate-limit`). */
  rateLimitPerMinute: number;
  /** Where the store and the demo files live (`--data`). */
  dataDir: string;
  /** Tests only: hold each write this long after marking its key in progress. */
  writeDelayMs: number;
}

/** What every route and the admin API share. */
export interface SandboxContext {
  db: Database;
  clock: SandboxClock;
  options: SandboxOptions;
  idempotentWrite: IdempotentWrite;
  /** The admin secret (`DIR/admin-secret`). */
  adminSecret: string;
}

/** The Fastify instance of the sandbox, typed by TypeBox schemas. */
export type SandboxApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
  interface FastifyRequest {
    /** The calling client, set on every interface call (null on admin calls). */
    principal: Principal | null;
  }
}
