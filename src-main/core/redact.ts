/**
 * Redaction of secrets from anything that may be shown, logged or sent to the renderer.
 *
 * A client token is a bearer secret (spec, Authentication 1 and 3); only its prefix (the live prefix
 * plus 8 characters, as `GET /me` shows it in `token_prefix`) may appear anywhere outside the keychain
 * and the memory of the call that uses it.
 */
import { tokenPattern } from '../../src-shared/wire/token-pattern';

const bearerPattern = /\b(Bearer)\s+[^\s"',;}]+/gi;
const authorizationPattern = /\b(authorization)(["']?\s*[:=]\s*["']?)(?:[A-Za-z]+\s+)?[^\s"',;}]+/gi;

/** The text with every token cut to its prefix and every Authorization value removed. */
export function redactText(text: string): string {
  return text
    .replace(tokenPattern(), '$1…')
    .replace(authorizationPattern, '$1$2[redacted]')
    .replace(bearerPattern, '$1 [redacted]');
}

/**
 * A copy of a value for a log line: strings redacted, an `authorization` member dropped, errors reduced
 * to their name and redacted message, depth bounded.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[…]';
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redactValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key.toLowerCase() === 'authorization' ? '[redacted]' : redactValue(item, depth + 1);
  }
  return copy;
}

/** Writes a warning or an error to the process log, redacted. The core's only logger. */
export function logRedacted(level: 'warn' | 'error', message: string, ...values: unknown[]): void {
  console[level](redactText(message), ...values.map((v) => redactValue(v)));
}
