import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { defaultSlowDelayMs, faultKinds, faultsOf, type ActiveFault } from '../faults/registry';
import { clientView } from '../store/platform';

/** A fault lasts at most an hour: long enough to watch a client cope, short enough not to be forgotten. */
const maxFaultSeconds = 3600;
/** A slow call is held at most 60 s (the sandbox's own request timeout is 60 s too). */
const maxDelayMs = 60_000;

const FaultKindSchema = Type.Enum(faultKinds);
const FaultBody = Type.Object(
  {
    client_id: Type.String({ minLength: 1 }),
    kind: FaultKindSchema,
    seconds: Type.Integer({ minimum: 1, maximum: maxFaultSeconds }),
    delay_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: maxDelayMs })),
  },
  { additionalProperties: false },
);
const ClearQuery = Type.Object({
  client_id: Type.Optional(Type.String({ minLength: 1 })),
  kind: Type.Optional(FaultKindSchema),
});
const FaultView = Type.Object({
  client_id: Type.String(),
  kind: FaultKindSchema,
  ends_at: Type.String(),
  seconds_left: Type.Integer(),
  delay_ms: Type.Integer(),
});

function view(fault: ActiveFault, nowMs: number) {
  return {
    client_id: fault.clientId,
    kind: fault.kind,
    ends_at: new Date(fault.endsAtMs).toISOString(),
    seconds_left: Math.max(0, Math.ceil((fault.endsAtMs - nowMs) / 1000)),
    delay_ms: fault.delayMs,
  };
}

/**
 * Faults injected into one client's calls to `{base_url}` (sandbox contract, Additions;
 * docs/decisions/017-console-lists-and-faults.md):
 *
 * - `POST /_sandbox/faults` `{client_id, kind, seconds, delay_ms?}`: for `seconds` of wall-clock time
 *   the client's calls answer 429 `RATE_LIMITED` (`rate_storm`), 503 (`unavailable`), or are answered
 *   `delay_ms` late (`slow`, default 2000). Answers the fault; 404 `NOT_FOUND` for an unknown client.
 * - `GET /_sandbox/faults`: `{data: [fault]}`, the faults in force.
 * - `DELETE /_sandbox/faults[?client_id&kind]`: ends the matching faults (all without a query);
 *   answers `{cleared: n}`.
 *
 * A fault is `{client_id, kind, ends_at, seconds_left, delay_ms}` (`delay_ms` 0 unless `slow`).
 */
export async function faultAdminRoutes(app: SandboxApp): Promise<void> {
  const { db, clock } = app.sandbox;
  const faults = faultsOf(app.sandbox);

  app.post('/faults', { schema: { body: FaultBody, response: { 200: FaultView } } }, async (request) => {
    const body = request.body;
    clientView(db, clock, body.client_id); // 404 for an unknown client
    const nowMs = Date.now();
    const fault = faults.set(
      body.client_id,
      body.kind,
      body.seconds,
      body.delay_ms ?? defaultSlowDelayMs,
      nowMs,
    );
    return view(fault, nowMs);
  });

  app.get(
    '/faults',
    { schema: { response: { 200: Type.Object({ data: Type.Array(FaultView) }) } } },
    async () => {
      const nowMs = Date.now();
      return { data: faults.list(nowMs).map((fault) => view(fault, nowMs)) };
    },
  );

  app.delete(
    '/faults',
    { schema: { querystring: ClearQuery, response: { 200: Type.Object({ cleared: Type.Integer() }) } } },
    async (request) => ({
      cleared: faults.clear({
        ...(request.query.client_id !== undefined ? { clientId: request.query.client_id } : {}),
        ...(request.query.kind !== undefined ? { kind: request.query.kind } : {}),
      }),
    }),
  );
}
