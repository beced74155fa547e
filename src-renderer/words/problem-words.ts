// Plain words for the codes the app meets: the interface's (spec, Errors) and the app's own, each with
// what happened and what to do next (STYLE, Errors), said from the catalogue (`problems.…` in
// messages/*/connections.json) in the desk's language. A floor of its own, below sync/ and features/:
// the ack sender records these words on the rows it settles, and the screens show them.
import type { DeskError } from '../../src-shared/bridge/result';
import { isolate, say } from '../messages/intl';

/**
 * The codes this feature has words for: the interface's 401, 403 and 429 codes and the app's own (the
 * store's refusal to save among them: data/storage-problem.ts).
 */
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
  | 'INTERNAL'
  | 'STORAGE_FULL'
  | 'STORAGE_FAILED';

/** What the user reads about a problem: what happened, and what to do. */
export interface ProblemWords {
  title: string;
  next: string;
}

/** Each connection code's key in the catalogue (`problems.connection.<key>.title` and `.next`). */
const connectionKeys = {
  TOKEN_REVOKED: 'tokenRevoked',
  TOKEN_EXPIRED: 'tokenExpired',
  TOKEN_INVALID: 'tokenInvalid',
  COMPANY_SUSPENDED: 'companySuspended',
  SCOPE_MISSING: 'scopeMissing',
  IP_NOT_ALLOWED: 'ipNotAllowed',
  RATE_LIMITED: 'rateLimited',
  NOT_FOUND: 'notFound',
  NETWORK_UNREACHABLE: 'networkUnreachable',
  WIRE_MISMATCH: 'wireMismatch',
  NOT_CONFIGURED: 'notConfigured',
  TOKEN_MISSING: 'tokenMissing',
  UNKNOWN_CONNECTION: 'unknownConnection',
  OTHER_CLIENT: 'otherClient',
  SAME_TOKEN: 'sameToken',
  INSECURE_ADDRESS: 'insecureAddress',
  INVALID_ARGUMENT: 'invalidArgument',
  INTERNAL: 'internal',
  STORAGE_FULL: 'storageFull',
  STORAGE_FAILED: 'storageFailed',
} as const satisfies Record<ConnectionProblem, string>;

const connectionCodes = Object.keys(connectionKeys) as ConnectionProblem[];

/** A connection code's words, in the desk's language now. */
function connectionWords(code: ConnectionProblem): ProblemWords {
  return {
    title: say(`problems.connection.${connectionKeys[code]}.title`),
    next: say(`problems.connection.${connectionKeys[code]}.next`),
  };
}

/**
 * Codes to words (spec, Authentication 6 and Errors for the interface's codes): each entry reads its
 * words from the catalogue when it is read, so it speaks the desk's language of that moment.
 */
export const connectionProblems: Readonly<Record<ConnectionProblem, ProblemWords>> = Object.defineProperties(
  {} as Record<ConnectionProblem, ProblemWords>,
  Object.fromEntries(
    connectionCodes.map((code) => [code, { enumerable: true, get: () => connectionWords(code) }]),
  ),
);

/** Whether a code has words in the table. */
function isConnectionProblem(code: string): code is ConnectionProblem {
  return (connectionCodes as readonly string[]).includes(code);
}

/**
 * Plain words for a failure; a code the table does not know keeps the service's own message, which
 * the spec says tells "what happened and how to fix it" (spec, Errors).
 */
export function describeProblem(error: Pick<DeskError, 'code' | 'message'>): ProblemWords {
  return isConnectionProblem(error.code) ? connectionWords(error.code) : { title: error.message, next: '' };
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

/**
 * Each answer code's key in the catalogue (`problems.ack.<key>.…`; spec, Errors; the conditions of the
 * 409s: sandbox contract, "not shown").
 */
const ackKeys = {
  ALREADY_ACKNOWLEDGED: 'alreadyAcknowledged',
  ORDER_NOT_AWAITING_ACK: 'orderNotAwaitingAck',
  ERP_MODE_NOT_API: 'erpModeNotApi',
  NOT_FOUND: 'notFound',
  INVALID_REQUEST: 'invalidRequest',
  IDEMPOTENCY_KEY_REUSED: 'idempotencyKeyReused',
  REQUEST_IN_PROGRESS: 'requestInProgress',
  INTERNAL: 'internal',
  SERVICE_UNAVAILABLE: 'serviceUnavailable',
} as const satisfies Record<AckProblem, string>;

const ackCodes = Object.keys(ackKeys) as AckProblem[];

function isAckProblem(code: string): code is AckProblem {
  return (ackCodes as readonly string[]).includes(code);
}

/** An answer code's words, in the desk's language now. */
function ackWords(code: AckProblem): Words {
  return {
    title: say(`problems.ack.${ackKeys[code]}.title`),
    next: say(`problems.ack.${ackKeys[code]}.next`),
  };
}

/** The words of any code this feature meets; unknown codes keep the service's own message. */
function wordsFor(code: string, message: string): Words {
  if (isAckProblem(code)) return ackWords(code);
  if (isConnectionProblem(code)) return connectionWords(code);
  return { title: message, next: say('problems.unknown.next') };
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
    ? ackWords(error.code)
    : describeProblem(error);
}

/** A problem's words as one line: what happened, then what to do. */
export function problemLine(words: ProblemWords): string {
  return say('problems.line', { title: words.title, next: words.next });
}

/**
 * One line for a refusal kept as facts (a review row's failed ack): the desk's words for a code it
 * knows, else the service's own message, set apart as data inside the desk's sentence.
 */
export function refusalLine(code: string, message: string): string {
  return problemLine(wordsFor(code, isolate.name(message)));
}

/** One line for a failed call. */
export function deskErrorWords(error: DeskError): string {
  return problemLine(wordsFor(error.code, error.message));
}

/** Failures of a read that the next try may get past: a sync says so instead of an answer's resend. */
const passingCodes: ReadonlySet<string> = new Set(['SERVICE_UNAVAILABLE', 'INTERNAL', 'REQUEST_IN_PROGRESS']);

/**
 * A failed sync in words: as `deskErrorWords`, but a failure the next try may get past says that the
 * next sync tries again (a feed read carries no key to send again).
 */
export function syncErrorWords(error: DeskError): string {
  if (!passingCodes.has(error.code)) return deskErrorWords(error);
  return say('problems.syncTriesAgain', { title: wordsFor(error.code, error.message).title });
}
