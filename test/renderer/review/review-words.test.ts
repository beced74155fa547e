import { describe, expect, it } from 'vitest';
import { say } from '../../../src-renderer/messages/intl';
import { reviewChip, reviewColumns } from '../../../src-renderer/features/review/columns';
import { row } from './fixtures';

// The review's sentences built from pieces before the catalogue, said as one message each: in English
// they read as they did, word for word (the cases the screen tests do not reach).
describe('the review’s English, said from the catalogue', () => {
  it('tells what was queued, what was left out and where it stopped', () => {
    expect(say('review.queued', { queued: 1234, alreadyQueued: 0, isStopped: 'no' })).toBe(
      '1,234 answer(s) queued; they are sent now, or as soon as the service answers.',
    );
    expect(say('review.queued', { queued: 3, alreadyQueued: 2, isStopped: 'yes' })).toBe(
      '3 answer(s) queued; they are sent now, or as soon as the service answers. 2 already queued were left out. Stopped before the end: select the view again and answer it to queue the rest (what is queued is left out).',
    );
    expect(say('review.whole.progress', { queued: '1,000', count: '40,000', alreadyQueued: 0 })).toBe(
      'Queued 1,000 of 40,000',
    );
    expect(say('review.whole.progress', { queued: '1,000', count: '40,000', alreadyQueued: 5 })).toBe(
      'Queued 1,000 of 40,000 (5 already queued, left out)',
    );
  });

  it('tells what a paste or a file of ERP numbers gave', () => {
    expect(say('review.accept.whole.read', { count: 2, unreadable: 0, lines: '' })).toBe(
      '2 number(s) read; each is matched to its document (id or number) as the answers are queued.',
    );
    expect(say('review.accept.whole.read', { count: 1, unreadable: 2, lines: '3, 9' })).toBe(
      '1 number(s) read; each is matched to its document (id or number) as the answers are queued; line(s) 3, 9 unreadable.',
    );
    expect(say('review.accept.rows.applied', { count: 0, unmatched: 0, unreadable: 1, lines: '4' })).toBe(
      '0 number(s) applied, line(s) 4 unreadable.',
    );
    expect(say('review.accept.rows.applied', { count: 2, unmatched: 1, unreadable: 2, lines: '4, 5' })).toBe(
      '2 number(s) applied, 1 line(s) name no selected document, line(s) 4, 5 unreadable.',
    );
  });

  it('says the dialogs’ titles and hints with the plural English had', () => {
    expect(say('review.accept.title', { count: 1 })).toBe('Accept 1 document');
    expect(say('review.accept.title', { count: 1500 })).toBe('Accept 1,500 documents');
    expect(say('review.reject.title', { count: 1 })).toBe('Reject 1 document');
    expect(say('review.reject.rows', { numbers: 'INV-1, INV-2', more: 0, total: '10.00 EGP' })).toBe(
      'INV-1, INV-2 · total 10.00 EGP',
    );
    expect(say('review.reject.rows', { numbers: 'INV-1, INV-2', more: 4, total: '10.00 EGP' })).toBe(
      'INV-1, INV-2 and 4 more · total 10.00 EGP',
    );
    expect(say('review.accept.rows.hint', { needsNumber: 'yes', total: '10.00 EGP' })).toBe(
      'Type the ERP number of each document, or paste/import CSV lines of id (or number) and ERP number. Selected total: 10.00 EGP.',
    );
    expect(say('review.accept.whole.hint', { needsNumber: 'no', total: 'counting…' })).toBe(
      'Every document of the view as filtered is accepted, but those unticked and those whose answer is already queued. Selected total: counting…. ERP numbers are optional here; paste or import them if the ERP gave any.',
    );
  });

  it('names each feed in the section’s sentences', () => {
    expect(say('review.command.selectFirst', { kind: 'payments', command: 'reject' })).toBe(
      'Select payments with the checkboxes first, then Reject.',
    );
    expect(say('review.empty.cannotPull', { kind: 'orders' })).toBe(
      'No orders are staged: this connection may not pull them (see above).',
    );
    expect(say('review.toolbar.label', { kind: 'returns' })).toBe('returns tools');
    expect(say('review.grid.label', { kind: 'invoices' })).toBe('invoices grid');
    expect(reviewColumns('payments').map((column) => column.headerName)).toEqual([
      'Receipt',
      'Collected',
      'Customer',
      'Rep',
      'Branch',
      'Method',
      'Cheque',
      'Status',
      'Amount',
      'Cur.',
      'Review',
      'Answered',
      'ERP number',
      'What changed',
    ]);
  });

  it('says a document’s answers as the detail panel did', () => {
    expect(
      say('review.detail.history.entry', {
        time: '2025-03-01 09:30',
        outcome: 'accepted',
        reason: '',
        hasNumber: 'yes',
        number: 'ERP-1',
        result: 'applied',
        isReplayed: 'yes',
        hasError: 'no',
        error: '',
      }),
    ).toBe('2025-03-01 09:30 · Accept as ERP-1 · applied (replayed)');
    expect(
      say('review.detail.history.entry', {
        time: '2025-03-01 09:30',
        outcome: 'rejected',
        reason: 'DAMAGED',
        hasNumber: 'no',
        number: '',
        result: 'failed',
        isReplayed: 'no',
        hasError: 'yes',
        error: 'Not pending.',
      }),
    ).toBe('2025-03-01 09:30 · Reject (DAMAGED) · failed — Not pending.');
    expect(say('review.detail.ack.versionOf', { acked: '3', version: '3', isCurrent: 'yes' })).toBe(
      '3 (current)',
    );
    expect(say('review.detail.ack.versionOf', { acked: '3', version: '5', isCurrent: 'no' })).toBe(
      '3 (now 5)',
    );
    expect(reviewChip(row('a', { answerState: 'failed', answerError: 'Refused.' }))).toBe('Failed');
    expect(say('review.detail.chip', { state: 'Pending again', status: 'ISSUED', version: '2' })).toBe(
      'Pending again · status ISSUED · version 2',
    );
  });
});
