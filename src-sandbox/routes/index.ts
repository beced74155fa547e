import type { SandboxApp } from '../context';
import { ackRoutes } from './acks';
import { documentRoutes } from './documents';
import { identityRoutes } from './identity';
import { lookupRoutes } from './lookup';
import { openApiRoutes } from './openapi';
import { pushRoutes } from './push';
import { referenceRoutes } from './reference';

/** Every route of the interface, registered under `{base_url}` behind authentication and rate limit. */
export async function interfaceRoutes(app: SandboxApp): Promise<void> {
  await identityRoutes(app);
  await pushRoutes(app);
  await lookupRoutes(app);
  await referenceRoutes(app);
  await documentRoutes(app);
  await ackRoutes(app);
  await openApiRoutes(app); // served without a token: see ./openapi.ts
}
