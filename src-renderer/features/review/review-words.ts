// The one table of the Review feature that turns codes into plain words and a next step (STYLE,
// Errors: one table per feature). Codes are the interface's (spec, Errors) and the app's own.
import type { DeskError } from '../../../src-shared/bridge/result';
import type { ItemError } from '../../../src-shared/wire';
import { connectionProblems, isConnectionProblem } from '../connections/connection-words';

/** The codes an answer (an ack, a batch of acks) can fail with, beyond the connection's own. */
export type AnswerProblem =
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
export interface Words {
  title: string;
  next: string;
}

/** Answer codes to words (spec, Errors; the conditions of the 409s: sandbox contract, "not shown"). */
export const answerProblems: Record<AnswerProblem, Words> = {
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
    next: 'An administrator switches the company to API mode; until then answers cannot be sent.',
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

function isAnswerProblem(code: string): code is AnswerProblem {
  return Object.hasOwn(answerProblems, code);
}

/** The words of any code this feature meets; unknown codes keep the service's own message. */
export function wordsFor(code: string, message: string): Words {
  if (isAnswerProblem(code)) return answerProblems[code];
  if (isConnectionProblem(code)) return connectionProblems[code];
  return { title: message, next: 'Try again; if it repeats, tell support the request id.' };
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

/**
 * Whether a batch refused as a whole is kept and sent again later with the same key, rather than
 * failed: no answer (offline), the service busy or limiting (spec, Errors: 429, 500, 503 and
 * `REQUEST_IN_PROGRESS` are worth a retry), or a connection problem a person fixes without changing
 * the answers (a token, a scope, an allow-list).
 */
export function isKeptForLater(error: DeskError): boolean {
  if (error.retryable) return true;
  switch (error.code) {
    case 'NETWORK_UNREACHABLE':
    case 'RATE_LIMITED':
    case 'INTERNAL':
    case 'SERVICE_UNAVAILABLE':
    case 'REQUEST_IN_PROGRESS':
    case 'NOT_CONFIGURED':
    case 'TOKEN_MISSING':
    case 'TOKEN_INVALID':
    case 'TOKEN_EXPIRED':
    case 'TOKEN_REVOKED':
    case 'COMPANY_SUSPENDED':
    case 'SCOPE_MISSING':
    case 'IP_NOT_ALLOWED':
    case 'ERP_MODE_NOT_API':
      return true;
    default:
      return false;
  }
}
