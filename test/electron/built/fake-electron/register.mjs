// `node --import ./register.mjs`: maps `electron` and `@napi-rs/keyring` to the stand-ins of this
// folder, for ES imports (hooks.mjs) and for require() from CommonJS packages alike.
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

register('./hooks.mjs', import.meta.url);

const standIns = new Map([
  ['electron', fileURLToPath(new URL('./electron.cjs', import.meta.url))],
  ['@napi-rs/keyring', fileURLToPath(new URL('./keyring.cjs', import.meta.url))],
]);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return standIns.get(request) ?? resolveFilename.call(this, request, ...rest);
};
