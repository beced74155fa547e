import type { SandboxApp } from '../context';
import { identityRoutes } from './identity';

/** Every route of the interface, registered under `{base_url}` behind authentication and rate limit. */
export async function interfaceRoutes(app: SandboxApp): Promise<void> {
  await identityRoutes(app);
}
