// Module resolution hooks (node:module register) for the built-output test: `electron` and
// `@napi-rs/keyring` resolve to this folder's stand-ins, for import and require alike.
const standIns = {
  electron: new URL('./electron.cjs', import.meta.url).href,
  '@napi-rs/keyring': new URL('./keyring.cjs', import.meta.url).href,
};

export async function resolve(specifier, context, nextResolve) {
  const standIn = standIns[specifier];
  if (standIn) return { url: standIn, format: 'commonjs', shortCircuit: true };
  return nextResolve(specifier, context);
}
