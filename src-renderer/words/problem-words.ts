// Plain words for the codes the app meets: the interface's (spec, Errors) and the app's own, each with
// what happened and what to do next (STYLE, Errors). A floor of its own, below sync/ and features/:
// the ack sender records these words on the rows it settles, and the screens show them.
import type { DeskError } from '../../src-shared/bridge/result';
import type { ItemError } from '../../src-shared/wire';

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
function isConnectionProblem(code: string): code is ConnectionProblem {
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

/** The codes an answer (an ack, a batch of acks) can fail with, beyond the connection's own. */
export type AckProblem =
  | 'ALREADY_ACKNOWLEDGED'
  | 'ORDER_NOT_AWAITING_ACK'
  | 'ERP_MODE_NOT_API'
  | 'NOT_FOUND'
  | 'INVALID_REQUEST'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'REQUEST_IN_PROGRESS'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE';

/** What happened, and what to do. */
export type Words = ProblemWords;

/** Answer codes to words (spec, Errors; the conditions of the 409s: sandbox contract, "not shown"). */
const ackProblems: Record<AckProblem, Words> = {
  ALREADY_ACKNOWLEDGED: {
    title: 'This version was already answered differently.',
    next: 'Sync to see the answer the service holds; answer again only if the document changes.',
  },
  ORDER_NOT_AWAITING_ACK: {
    title: 'The order is no longer waiting for the ERP.',
    next: 'Sync to see its status; the office may have to send it again.',
  },
  ERP_MODE_NOT_API: {
    title: "The company's ERP mode on the service is not API.",
    next: "An administrator sets it to API in the service's console, under Company settings → ERP mode; until then answers cannot be sent.",
  },
  NOT_FOUND: {
    title: 'The service does not know this document.',
    next: 'Sync; it may belong to another company or connection.',
  },
  INVALID_REQUEST: {
    title: 'The service refused the answer as malformed.',
    next: 'Check the ERP number and reason, then answer again.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    title: 'The service already holds a different answer sent under this batch key.',
    next: 'Answer the documents again; a new batch gets a new key.',
  },
  REQUEST_IN_PROGRESS: {
    title: 'The service is still working on this batch.',
    next: 'It is sent again shortly with the same key.',
  },
  INTERNAL: {
    title: 'The service failed while answering.',
    next: 'It is sent again shortly with the same key.',
  },
  SERVICE_UNAVAILABLE: {
    title: 'The service is unavailable for a moment.',
    next: 'It is sent again shortly with the same key.',
  },
};

function isAckProblem(code: string): code is AckProblem {
  return Object.hasOwn(ackProblems, code);
}

/** The words of any code this feature meets; unknown codes keep the service's own message. */
function wordsFor(code: string, message: string): Words {
  if (isAckProblem(code)) return ackProblems[code];
  if (isConnectionProblem(code)) return connectionProblems[code];
  return { title: message, next: 'Try again; if it repeats, tell support the request id.' };
}

/**
 * The codes whose cause the connection check-up explains (docs/decisions/093-connection-check-up.md):
 * a missing scope, the ERP mode, the IP allow-list, the token. Where they are shown, the screen offers
 * "Open the check-up".
 */
const checkupCodes: ReadonlySet<string> = new Set([
  'SCOPE_MISSING',
  'ERP_MODE_NOT_API',
  'IP_NOT_ALLOWED',
  'TOKEN_REVOKED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'TOKEN_MISSING',
  'COMPANY_SUSPENDED',
]);

/** Whether the check-up explains a refusal with this code. */
export function isExplainedByCheckup(code: string): boolean {
  return checkupCodes.has(code);
}

/**
 * Plain words for any refused call shown as a problem: the connection's codes, then an answer's
 * (`ERP_MODE_NOT_API`, …, as the Review rows say them); other codes keep the service's own message.
 */
export function describeRefusal(error: Pick<DeskError, 'code' | 'message'>): ProblemWords {
  return !isConnectionProblem(error.code) && isAckProblem(error.code)
    ? ackProblems[error.code]
    : describeProblem(error);
}

/** One line for a failed batch item. */
export function itemErrorWords(error: ItemError): string {
  const words = wordsFor(error.code, error.message);
  return `${words.title} ${words.next}`;
}

/** One line for a failed call. */
export function deskErrorWords(error: DeskError): string {
  const words = wordsFor(error.code, error.message);
  return `${words.title} ${words.next}`;
}

/** Failures of a read that the next try may get past: a sync says so instead of an answer's resend. */
const passingCodes: ReadonlySet<string> = new Set(['SERVICE_UNAVAILABLE', 'INTERNAL', 'REQUEST_IN_PROGRESS']);

/**
 * A failed sync in words: as `deskErrorWords`, but a failure the next try may get past says that the
 * next sync tries again (a feed read carries no key to send again).
 */
export function syncErrorWords(error: DeskError): string {
  if (!passingCodes.has(error.code)) return deskErrorWords(error);
  const words = wordsFor(error.code, error.message);
  return `${words.title} The next sync tries again: press Sync now, or wait for the next poll.`;
}
