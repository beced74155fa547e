import type {
  ConnectionIdentity,
  ConnectionStatus,
  ConnectionView,
  TokenExpiry,
} from '../../../src-shared/bridge/contract';
import type { Me } from '../../../src-shared/wire';
import { LocalError } from '../local-error';

const dayMs = 24 * 60 * 60 * 1000;

/** How long before `token_expires_at` the app starts warning (issue 5: a warning 30 days before). */
export const expiryWarningDays = 30;

/** The interface's own path, which `{base_url}` ends in (spec, introduction). */
export const interfacePath = '/api/integration/v1';

/** Who a token speaks for, from `GET /me`'s data. */
export function identityOf(me: Me): ConnectionIdentity {
  return {
    companyId: me.company.id,
    companyCode: me.company.code,
    companyName: me.company.name,
    clientId: me.client.id,
    clientName: me.client.name,
    system: me.client.system,
    tokenPrefix: me.client.token_prefix,
  };
}

/**
 * Days left before a token expires and whether to warn, measured with the app's clock.
 *
 * Spec, Authentication 4: tokens last 12 months and `GET /me` shows `token_expires_at`.
 */
export function tokenExpiryOf(expiresAt: string, nowMs: number): TokenExpiry {
  const leftMs = Date.parse(expiresAt) - nowMs;
  return {
    expiresAt,
    daysLeft: Math.floor(leftMs / dayMs),
    isExpiringSoon: leftMs <= expiryWarningDays * dayMs,
  };
}

/** The `connected` status of a connection from `GET /me`'s data. */
export function connectedStatus(view: ConnectionView, me: Me, nowMs: number): ConnectionStatus {
  return {
    connection: view,
    state: 'connected',
    company: { code: me.company.code, name: me.company.name },
    client: {
      name: me.client.name,
      system: me.client.system,
      rateLimitPerMinute: me.client.rate_limit_per_minute,
      tokenExpiresAt: me.client.token_expires_at,
      tokenPrefix: me.client.token_prefix,
    },
    scopes: me.scopes,
    tokenExpiry: tokenExpiryOf(me.client.token_expires_at, nowMs),
  };
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The `{base_url}` to save for what the user typed: http or https, no user name, query or fragment,
 * no trailing slash; a bare address (`https://erp.example.com`) gets the interface's path appended.
 *
 * Plain http is taken only for this machine (a self-run sandbox): anywhere else the bearer token
 * (spec, Authentication 1) would cross the network unencrypted.
 */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidAddress(
      'That is not a web address. Enter the service address, e.g. https://service.example.com/api/integration/v1.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidAddress(
      'The service address must start with https:// (or http:// for a sandbox on this machine).',
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw invalidAddress('Enter the service address without a user name, "?" or "#" part.');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new LocalError(
      'INSECURE_ADDRESS',
      'Plain http:// would send the token unencrypted. Use the https:// address of the service (http:// is only for a sandbox on this machine).',
      false,
      [{ field: 'baseUrl', code: 'INSECURE' }],
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? interfacePath : path}`;
}

function invalidAddress(message: string): LocalError {
  return new LocalError('INVALID_ARGUMENT', message, false, [{ field: 'baseUrl', code: 'INVALID' }]);
}
