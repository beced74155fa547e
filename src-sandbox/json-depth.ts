import { ApiError } from './errors';

/**
 * How deeply a request body's arrays and objects may nest (docs/decisions/061-json-depth-limit.md).
 * The deepest body of the interface (a batch push item's name map) nests 5 levels; 32 leaves room
 * for any extra member a client may send along, and keeps every recursive step over a body (the
 * idempotency fingerprint, schema checks) far from the stack's limit.
 */
export const maxJsonDepth = 32;

const openBrace = 0x7b; // {
const closeBrace = 0x7d; // }
const openBracket = 0x5b; // [
const closeBracket = 0x5d; // ]
const quote = 0x22; // "
const backslash = 0x5c; // \

/**
 * Whether JSON text nests arrays and objects deeper than `limit`. One pass over the text, stopping
 * at the first level past the limit, so a hostile body costs no more than reading it; brackets
 * inside strings are skipped. Text that is not JSON gives an answer with no meaning, so callers
 * parse it as well.
 */
export function isJsonTextDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === backslash) i += 1;
      else if (c === quote) inString = false;
    } else if (c === quote) {
      inString = true;
    } else if (c === openBrace || c === openBracket) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === closeBrace || c === closeBracket) {
      depth -= 1;
    }
  }
  return false;
}

/** `400 INVALID_REQUEST` for a body nested deeper than `maxJsonDepth` (docs/decisions/061-json-depth-limit.md). */
export function tooDeepError(): ApiError {
  return new ApiError(
    'INVALID_REQUEST',
    `The body nests arrays and objects more than ${maxJsonDepth} levels deep; no call of the interface needs more than 5. Send the members the endpoint takes, without deeper structures.`,
    { details: [{ field: 'body', code: 'too_deep', value: String(maxJsonDepth) }] },
  );
}
