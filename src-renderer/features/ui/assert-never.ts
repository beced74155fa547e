/** Ends a switch over a closed union: a new member that is not handled becomes a type error here. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}
