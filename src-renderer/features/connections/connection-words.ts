// The one table of the Connections feature that turns codes into plain words and a next step
// (STYLE, Errors: one table per feature; code switches end in assertNever).
import type { ConnectionStatus } from '../../../src-shared/bridge/contract';
import type { DeskError } from '../../../src-shared/bridge/result';
import { assertNever } from '../ui/assert-never';

/** The codes this feature has words for: the interface's 401, 403 and 429 codes and the app's own. */
export type ConnectionProblem =
  | 'TOKEN_REVOKED'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_INVALID'
  | 'COMPANY_SUSPENDED'
  | 'SCOPE_MISSING'
  | 'IP_NOT_ALLOWED'
  | 'RATE_LIMITED'
  | 'NOT_FOUND'
  | 'NETWORK_UNREACHABLE'
  | 'WIRE_MISMATCH'
  | 'NOT_CONFIGURED'
  | 'TOKEN_MISSING'
  | 'UNKNOWN_CONNECTION'
  | 'OTHER_CLIENT'
  | 'SAME_TOKEN'
  | 'INSECURE_ADDRESS'
  | 'INVALID_ARGUMENT'
  | 'INTERNAL';

/** What the user reads about a problem: what happened, and what to do. */
export interface ProblemWords {
  title: string;
  next: string;
}

/** Codes to words (spec, Authentication 6 and Errors for the interface's codes). */
export const connectionProblems: Record<ConnectionProblem, ProblemWords> = {
  TOKEN_REVOKED: { title: 'The token was revoked.', next: 'Paste a new one in Connections (Rotate token).' },
  TOKEN_EXPIRED: {
    title: 'The token has expired.',
    next: "Make a new token with Rotate in the service's console and paste it in Connections (Rotate token).",
  },
  TOKEN_INVALID: {
    title: 'The service does not know this token.',
    next: 'Check that it was copied whole, or make a new one in the console.',
  },
  COMPANY_SUSPENDED: {
    title: 'The company is suspended on the service.',
    next: 'Its administrator must contact the service to have it restored; until then nothing can be synced.',
  },
  SCOPE_MISSING: {
    title: 'The client lacks a permission (scope) this needs.',
    next: "An administrator adds the scope to the client in the service's console.",
  },
  IP_NOT_ALLOWED: {
    title: "This computer's address is not on the client's IP allow-list.",
    next: 'An administrator adds this address (or its block) to the allow-list in the console.',
  },
  RATE_LIMITED: { title: 'The service asked the app to slow down.', next: 'Wait a minute, then try again.' },
  NOT_FOUND: {
    title: 'Nothing answers at that address.',
    next: 'Check the address: it ends in /api/integration/v1.',
  },
  NETWORK_UNREACHABLE: {
    title: 'The service did not answer.',
    next: "Check the address and this computer's network connection, then try again.",
  },
  WIRE_MISMATCH: {
    title: 'Something answered at that address, but not like the service.',
    next: 'Check the address: it ends in /api/integration/v1.',
  },
  NOT_CONFIGURED: { title: 'No connection yet.', next: 'Add the service address and token in Connections.' },
  TOKEN_MISSING: {
    title: 'The token is not kept on this computer.',
    next: 'Paste it again with Rotate token (there is no keychain here, so tokens last one session).',
  },
  UNKNOWN_CONNECTION: {
    title: 'That connection is no longer saved.',
    next: 'The list has been reloaded; choose again.',
  },
  OTHER_CLIENT: {
    title: 'The new token is for another client or company.',
    next: 'Paste a token made by Rotate for this same client, or add it as a new connection.',
  },
  SAME_TOKEN: {
    title: 'This is the token the connection already uses.',
    next: "Paste the new token made by Rotate in the service's console.",
  },
  INSECURE_ADDRESS: {
    title: 'Plain http:// would send the token unencrypted.',
    next: 'Use the https:// address of the service (http:// is only for a sandbox on this computer).',
  },
  INVALID_ARGUMENT: {
    title: 'Some fields are not filled in correctly.',
    next: 'Check the fields marked below.',
  },
  INTERNAL: {
    title: 'Something went wrong inside the app.',
    next: 'Try again; if it repeats, restart the app.',
  },
};

/** Whether a code has words in the table. */
export function isConnectionProblem(code: string): code is ConnectionProblem {
  return Object.hasOwn(connectionProblems, code);
}

/**
 * Plain words for a failure; a code the table does not know keeps the service's own message, which
 * the spec says tells "what happened and how to fix it" (spec, Errors).
 */
export function describeProblem(error: Pick<DeskError, 'code' | 'message'>): ProblemWords {
  return isConnectionProblem(error.code)
    ? connectionProblems[error.code]
    : { title: error.message, next: '' };
}

/** Words for a refused field of the add or rotate form (the bridge names fields, never values). */
export function describeField(field: string): string {
  switch (field) {
    case 'label':
      return 'Give the connection a name, e.g. "Live" or "Sandbox".';
    case 'baseUrl':
      return 'Enter the service address, e.g. https://service.example.com/api/integration/v1.';
    case 'token':
      return 'A token starts with svc_live_ or svc_test_ followed by 43 characters. Copy it again, whole.';
    default:
      return `Check ${field}.`;
  }
}

/** The tone of a state in the header badge. */
export type Tone = 'ok' | 'warn' | 'error' | 'idle';

/** One line for the header: the active connection's state in plain words. */
export function describeConnection(status: ConnectionStatus | null): { tone: Tone; text: string } {
  if (!status) return { tone: 'idle', text: 'Checking the connection…' };
  switch (status.state) {
    case 'not-configured':
      return { tone: 'warn', text: 'No connection yet. Add the service address and token in Connections.' };
    case 'connected': {
      const base = `Connected to ${status.company?.name ?? ''} (${status.company?.code ?? ''}) as ${status.client?.name ?? ''}`;
      if (status.tokenExpiry?.isExpiringSoon)
        return { tone: 'warn', text: `${base} · ${expiryWarning(status.tokenExpiry.daysLeft)}` };
      return { tone: 'ok', text: base };
    }
    case 'error': {
      const words = describeProblem(status.error ?? { code: 'NETWORK_UNREACHABLE', message: '' });
      return { tone: 'error', text: `${words.title} ${words.next}`.trim() };
    }
    default:
      return assertNever(status.state);
  }
}

/** The 30-day warning before a token expires (issue 5). */
export function expiryWarning(daysLeft: number): string {
  if (daysLeft < 0) return 'The token has expired: rotate it now.';
  if (daysLeft === 0) return 'The token expires today: rotate it now.';
  return `The token expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}: rotate it soon.`;
}
