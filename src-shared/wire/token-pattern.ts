/**
 * A client token anywhere in a text (spec, Authentication 3: `svc_live_` or `svc_test_` and 43
 * characters of `[A-Za-z0-9_-]`), for the app's core and the sandbox to mask in whatever they log or
 * show. No word boundary is asked for before it: a token glued to a letter, a digit or `_` (after a
 * URL-encoded `%3D`, a JSON-escaped `\n`, or another word) is a token all the same. It runs to the last
 * token character that follows, however many (a token glued to a word after it, or cut short, is masked
 * whole). Group 1: the part a token's prefix shows (`svc_live_` and up to 8 characters, as `GET /me`
 * shows it in `token_prefix`); group 2: `live` or `test`.
 */
export const tokenPatternSource = '(svc_(live|test)_[A-Za-z0-9_-]{0,8})[A-Za-z0-9_-]*';

/** A new global RegExp of `tokenPatternSource` (a global RegExp keeps state: one each use). */
export function tokenPattern(): RegExp {
  return new RegExp(tokenPatternSource, 'g');
}
