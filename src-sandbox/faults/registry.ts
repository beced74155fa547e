import type { SandboxContext } from '../context';

/**
 * The faults the console can inject into one client's calls (sandbox contract, Additions:
 * `POST /_sandbox/faults`; docs/decisions/017-console-lists-and-faults.md):
 * - `rate_storm`: every call answers 429 `RATE_LIMITED` with `Retry-After`;
 * - `unavailable`: every call answers 503 (the gateway's answer) with `Retry-After`;
 * - `slow`: every call is answered normally, `delayMs` later.
 */
export const faultKinds = ['rate_storm', 'unavailable', 'slow'] as const;

/** One kind of injected fault. */
export type FaultKind = (typeof faultKinds)[number];

/** How long a slow call is held when the console names no delay. */
export const defaultSlowDelayMs = 2000;

/** A fault in force for one client until `endsAtMs` (wall clock, `Date.now()`). */
export interface ActiveFault {
  clientId: string;
  kind: FaultKind;
  endsAtMs: number;
  /** How long each call is held (`slow`); 0 for the other kinds. */
  delayMs: number;
}

/** The faults in force for one client, by kind. */
export type ClientFaults = Partial<Record<FaultKind, ActiveFault>>;

/**
 * The faults in force, kept in memory: they last seconds to minutes of wall-clock time and a restart
 * ends them (docs/decisions/017-console-lists-and-faults.md). One fault per client and kind; setting it
 * again replaces it. Expired faults are dropped when they are next looked at.
 */
export class FaultRegistry {
  private readonly byClient = new Map<string, ClientFaults>();

  /** Puts a fault in force for `seconds` from now (replacing the client's fault of that kind). */
  set(clientId: string, kind: FaultKind, seconds: number, delayMs: number, nowMs = Date.now()): ActiveFault {
    const fault: ActiveFault = {
      clientId,
      kind,
      endsAtMs: nowMs + seconds * 1000,
      delayMs: kind === 'slow' ? delayMs : 0,
    };
    this.byClient.set(clientId, { ...this.byClient.get(clientId), [kind]: fault });
    return fault;
  }

  /**
   * The faults in force for a client, or undefined when there are none. Called on every interface call,
   * so the common case (no fault anywhere) is one map lookup.
   */
  forClient(clientId: string, nowMs = Date.now()): ClientFaults | undefined {
    if (this.byClient.size === 0) return undefined;
    const faults = this.byClient.get(clientId);
    if (!faults) return undefined;
    const live: ClientFaults = {};
    let count = 0;
    for (const kind of faultKinds) {
      const fault = faults[kind];
      if (fault && fault.endsAtMs > nowMs) {
        live[kind] = fault;
        count += 1;
      }
    }
    if (count === 0) {
      this.byClient.delete(clientId);
      return undefined;
    }
    if (count !== Object.keys(faults).length) this.byClient.set(clientId, live);
    return live;
  }

  /** Every fault in force, ordered by client and kind. */
  list(nowMs = Date.now()): ActiveFault[] {
    const all: ActiveFault[] = [];
    for (const clientId of [...this.byClient.keys()].sort()) {
      const faults = this.forClient(clientId, nowMs);
      for (const kind of faultKinds) {
        const fault = faults?.[kind];
        if (fault) all.push(fault);
      }
    }
    return all;
  }

  /** Ends the faults matching `clientId` and `kind` (each absent: any); answers how many were in force. */
  clear(match: { clientId?: string; kind?: FaultKind }, nowMs = Date.now()): number {
    let cleared = 0;
    for (const fault of this.list(nowMs)) {
      if (match.clientId !== undefined && fault.clientId !== match.clientId) continue;
      if (match.kind !== undefined && fault.kind !== match.kind) continue;
      const faults = this.byClient.get(fault.clientId);
      if (!faults) continue;
      delete faults[fault.kind];
      if (Object.keys(faults).length === 0) this.byClient.delete(fault.clientId);
      cleared += 1;
    }
    return cleared;
  }
}

/** Each sandbox's faults, found from any of its encapsulated instances through the shared context. */
const registries = new WeakMap<SandboxContext, FaultRegistry>();

/** The fault registry of one sandbox (made on first use). */
export function faultsOf(context: SandboxContext): FaultRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new FaultRegistry();
    registries.set(context, registry);
  }
  return registry;
}
