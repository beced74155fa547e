// Plain words for push outcomes and run states: one table for the feature, every switch closed.
import type { PushOutcome, PushRunState } from '../../../src-shared/domain/master-data';
import { assertNever } from '../ui/assert-never';

/** An outcome as the results screen names it. */
export function outcomeWords(outcome: PushOutcome): string {
  switch (outcome) {
    case 'created':
      return 'Created';
    case 'updated':
      return 'Updated';
    case 'unchanged':
      return 'Unchanged';
    case 'stale':
      return 'Stale (the service has newer data)';
    case 'deleted':
      return 'Removed';
    case 'failed':
      return 'Failed';
    case 'pending':
      return 'Not sent yet';
    default:
      return assertNever(outcome);
  }
}

/** A run's state as the runs list names it. */
export function runStateWords(state: PushRunState): string {
  switch (state) {
    case 'queued':
      return 'Waiting';
    case 'running':
      return 'Sending';
    case 'paused':
      return 'Paused';
    case 'stopped':
      return 'Stopped';
    case 'done':
      return 'Finished';
    default:
      return assertNever(state);
  }
}
