import { inspect } from 'node:util';
import { tokenPattern } from '../src-shared/wire/token-pattern';

/** A bearer credential: `Bearer <anything up to white space>`. */
const bearerPattern = /\b(Bearer)\s+\S+/gi;
/** An Authorization header as `inspect` or JSON shows it: `authorization: 'value'`, `"Authorization":"value"`. */
const authorizationPattern = /\b(authorization["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,}]+)/gi;

/**
 * `text` with every client token, bearer credential, Authorization header value and each of
 * `secrets` (the admin secret) masked, so that a log line never carries one (../shared/STYLE.md,
 * Errors: "logs never contain the token or an Authorization header"). Each pattern is linear in
 * the text.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let redacted = text;
  for (const secret of secrets) if (secret.length > 0) redacted = redacted.split(secret).join('[redacted]');
  return redacted
    .replace(authorizationPattern, '$1[redacted]')
    .replace(bearerPattern, '$1 [redacted]')
    .replace(tokenPattern(), 'svc_$2_[redacted]');
}

/** An error (or anything thrown) as log text: its stack when it has one, else what `inspect` shows. */
function describe(error: unknown): string {
  if (error instanceof Error && typeof error.stack === 'string') {
    const cause = error.cause === undefined ? '' : `\ncaused by: ${describe(error.cause)}`;
    return `${error.stack}${cause}`;
  }
  return inspect(error, { depth: 4, breakLength: Infinity });
}

/** Logs a failure on stderr as `sandbox: <what>` and the error, secrets masked (see `redactSecrets`). */
export function logFailure(what: string, error: unknown, secrets: readonly string[] = []): void {
  let text: string;
  try {
    text = describe(error);
  } catch {
    text = '(the error could not be described)';
  }
  console.error(redactSecrets(`sandbox: ${what}\n${text}`, secrets));
}
