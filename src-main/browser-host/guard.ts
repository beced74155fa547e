import { redactText } from '../core/redact';

const stackFrames = 8;

/**
 * One log line for an error nobody expected: its name, message and first stack frames, with tokens and
 * Authorization values redacted (core/redact.ts) and every one of `secrets` (this launch's host secret)
 * cut out, wherever an error message may have quoted a request.
 */
export function describeError(error: unknown, secrets: readonly string[]): string {
  let text: string;
  if (error instanceof Error) {
    // The stack names where it broke; its first line repeats name and message.
    text = (error.stack ?? `${error.name}: ${error.message}`)
      .split('\n')
      .slice(0, stackFrames + 1)
      .join('\n');
  } else {
    text = `${typeof error}: ${String(error).slice(0, 500)}`;
  }
  text = redactText(text);
  for (const secret of secrets) if (secret) text = text.replaceAll(secret, '[secret]');
  return text;
}

/**
 * Keeps the browser-mode host serving through an error no request handler caught (each request has its
 * own try/catch in server.ts; this is the net under it): logs it, redacted and without `secrets`, and
 * goes on. The host is a single local process whose only state is the core's store, which writes each
 * change whole; one broken request is no reason to drop the clerk's session.
 */
export function keepServingThroughErrors(
  secrets: readonly string[],
  log: (line: string) => void = (line) => console.error(line),
): void {
  process.on('unhandledRejection', (reason) => {
    log(`desk host: an unhandled rejection; still serving.\n${describeError(reason, secrets)}`);
  });
  process.on('uncaughtException', (error) => {
    log(`desk host: an uncaught exception; still serving.\n${describeError(error, secrets)}`);
  });
}
