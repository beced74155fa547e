import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { liveOf, maxClockSpeed, maxRatePerMinute } from '../live/controller';

const LiveBody = Type.Object(
  {
    rate_per_minute: Type.Number({ exclusiveMinimum: 0, maximum: maxRatePerMinute }),
    clock_speed: Type.Optional(Type.Number({ minimum: 1, maximum: maxClockSpeed })),
  },
  { additionalProperties: false },
);
const LiveStatusSchema = Type.Object({
  running: Type.Boolean(),
  rate_per_minute: Type.Number(),
  clock_speed: Type.Number(),
  ticks: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Live mode of the demo company (sandbox contract, Additions; docs/decisions/028-live-mode.md):
 *
 * - `GET /_sandbox/live`: `{running, rate_per_minute, clock_speed, ticks, last_error}`;
 * - `POST /_sandbox/live` `{rate_per_minute, clock_speed?}`: starts live mode, or changes a running
 *   one (`clock_speed` omitted: 1 when starting, unchanged when changing); answers the status;
 * - `DELETE /_sandbox/live`: stops it; answers the status.
 *
 * Closing the sandbox stops it too, before the store is closed.
 */
export async function liveAdminRoutes(app: SandboxApp): Promise<void> {
  const live = liveOf(app.sandbox);
  const response = { 200: LiveStatusSchema };

  app.addHook('onClose', async () => {
    live.stop();
  });

  app.get('/live', { schema: { response } }, async () => live.status());

  app.post('/live', { schema: { body: LiveBody, response } }, async (request) =>
    live.start({
      ratePerMinute: request.body.rate_per_minute,
      clockSpeed: request.body.clock_speed ?? live.current()?.clockSpeed ?? 1,
    }),
  );

  app.delete('/live', { schema: { response } }, async () => live.stop());
}
