import type { DeskApi, DeskEvents } from '../src-shared/bridge/contract';

declare global {
  interface Window {
    /** The bridge exposed by the Electron preload; absent in browser mode. */
    desk?: DeskApi & {
      on<E extends keyof DeskEvents>(event: E, listener: (payload: DeskEvents[E]) => void): () => void;
    };
  }
}

export {};
