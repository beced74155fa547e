// The register worker (a module Web Worker, `new Worker(new URL('./register-worker.ts',
// import.meta.url), { type: 'module' })`, bundled by Vite as a file of the build, so the page's
// `script-src 'self'` admits it): reads a register file and its rows off the screen's thread. Its work
// is ./register-worker-handler.ts; this file only ties it to the worker's messages.
import {
  createRegisterWorkerHandler,
  type RegisterWorkerReply,
  type RegisterWorkerRequest,
} from './register-worker-handler';

/**
 * The worker's global scope, as far as this file uses it: the DOM library the renderer is typed with
 * describes a window's `self`, not a dedicated worker's.
 */
interface RegisterWorkerScope {
  postMessage(message: RegisterWorkerReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RegisterWorkerRequest>) => void): void;
}
declare const self: RegisterWorkerScope;

const handle = createRegisterWorkerHandler();
// One request at a time, in the order sent: a mapping read after a file waits for that file's table.
let queue = Promise.resolve();
self.addEventListener('message', (event) => {
  queue = queue
    .then(() => handle(event.data))
    .then((reply) => {
      if (reply) self.postMessage(reply);
    })
    .catch((error: unknown) => console.error('register worker: a reply could not be sent', error));
});
self.postMessage({ type: 'ready' });
