import type { DeskEventListener, DeskEventName, DeskEvents } from '../../src-shared/bridge/contract';
import { logRedacted } from './redact';

/**
 * The core's events for the renderer (`DeskEvents`): each host subscribes once and forwards them over
 * its transport (Electron IPC, the browser host's Server-Sent Events).
 */
export class DeskEventBus {
  readonly #listeners = new Set<DeskEventListener>();

  /** Adds a listener of every event; the answer removes it. */
  subscribe(listener: DeskEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Sends an event to every listener; a failing listener is logged and does not stop the others. */
  emit<E extends DeskEventName>(event: E, payload: DeskEvents[E]): void {
    for (const listener of this.#listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        logRedacted('error', `desk: a listener of ${event} failed`, error);
      }
    }
  }
}
