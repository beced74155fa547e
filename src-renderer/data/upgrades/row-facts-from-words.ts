// Rows stored before the desk kept facts (store versions 1 to 10 as first shipped) hold their note and
// changes as English words (`note: "CHEQUE 123 · DEPOSITED"`, `changes: ["Cheque 123 bounced."]`), and
// rows stored before they kept their ack's problem as facts hold it as words in `answerError`
// ("Already answered elsewhere: ACCEPTED as ERP-1. …"). `rowWithFacts` reads them back into facts; the
// store writes each such row with its facts once: version 7's rows as they move to the paged tables
// (review-rows/row-move.ts), later ones when version 11 opens (v11-row-facts.ts). So an Arabic desk words
// them in Arabic, and no read pays for reading words. The words came from fixed English templates (the
// change sentences, the note's and the ack sender's below), so each is read by its template; one that
// none reads (a failed ack's problem line, said from the catalogue in the language of its day) is kept
// as words.
import type { ChangeFact } from '../../../src-shared/domain/review';
import type { FeedKind } from '../../../src-shared/wire';
import type { AckProblemFact, NoteFacts, ReviewRow } from '../rows';

/**
 * A row as an earlier build stored it: English `note` and `changes` instead of their facts, and no
 * `ackProblem` (its `answerError` words instead).
 */
interface RowWithWords extends Omit<ReviewRow, 'noteFacts' | 'changeFacts' | 'ackProblem'> {
  noteFacts?: NoteFacts;
  changeFacts?: ChangeFact[];
  ackProblem?: AckProblemFact | null;
  note?: string;
  changes?: string[];
}

/**
 * A row as read from the store, with its note, changes and ack problem as facts: the row itself when
 * it has them, else a copy with them read from its English words (and the words left out or emptied,
 * so a write of the copy stores the facts). `undefined` (nothing found) passes through.
 */
export function rowWithFacts(kind: FeedKind, stored: ReviewRow | undefined): ReviewRow | undefined {
  if (!stored || (stored.noteFacts && stored.ackProblem !== undefined)) return stored;
  const { note, changes, noteFacts, changeFacts, ackProblem, ...row } = stored as RowWithWords;
  return {
    ...row,
    noteFacts: noteFacts ?? noteFactsOfWords(kind, note ?? ''),
    changeFacts: changeFacts ?? (changes ?? []).map(changeFactOfWords),
    answerError: ackProblem === undefined ? '' : row.answerError,
    ackProblem: ackProblem === undefined ? ackProblemOfWords(row.answerError ?? '') : ackProblem,
  };
}

/** An earlier build's note (projection.ts wrote it from the document): read by its kind's template. */
export function noteFactsOfWords(kind: FeedKind, note: string): NoteFacts {
  switch (kind) {
    case 'orders': {
      // `${n} line` / `${n} lines`
      const lines = /^(\d+) lines?$/.exec(note);
      return lines ? { kind: 'lines', count: Number(lines[1]) } : { kind: 'words', text: note };
    }
    case 'invoices': {
      // `Order ${order.number}`
      const order = /^Order (.+)$/s.exec(note);
      return order ? { kind: 'order', number: order[1]! } : { kind: 'words', text: note };
    }
    case 'payments': {
      // `${method}`, or `${method} ${cheque.number} · ${cheque.status}`
      const cheque = /^(\S+) (.+) · (\S+)$/s.exec(note);
      if (cheque)
        return { kind: 'method', method: cheque[1]!, cheque: { number: cheque[2]!, status: cheque[3]! } };
      return /^\S+$/.test(note)
        ? { kind: 'method', method: note, cheque: null }
        : { kind: 'words', text: note };
    }
    case 'returns': {
      // `${reason} · invoice ${invoice.number}`
      const reason = /^(.+?) · invoice (.+)$/s.exec(note);
      return reason
        ? { kind: 'reason', reason: reason[1]!, invoice: reason[2]! }
        : { kind: 'words', text: note };
    }
  }
}

const date = '(\\d{4}-\\d{2}-\\d{2})';

/** Each English sentence an earlier build stored (review.ts `changeInEnglish`), read back to its fact. */
const changeTemplates: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => ChangeFact]> = [
  [
    /^Changed after it was answered \(answered version (\d+|\?), now version (\d+)\)\.$/,
    (m) => ({ kind: 'versions', acked: m[1] === '?' ? null : Number(m[1]), now: Number(m[2]) }),
  ],
  [
    /^It changed after you answered it \(you answered version (\d+); it is now version (\d+)\)\.$/,
    (m) => ({ kind: 'moved', acked: Number(m[1]), now: Number(m[2]) }),
  ],
  [/^Amount changed from (\S+) to (\S+)\.$/, (m) => ({ kind: 'amount', from: m[1]!, to: m[2]! })],
  [/^Status changed from (\S+) to (\S+)\.$/, (m) => ({ kind: 'status', from: m[1]!, to: m[2]! })],
  [/^Lines changed from (\d+) to (\d+)\.$/, (m) => ({ kind: 'lines', from: Number(m[1]), to: Number(m[2]) })],
  [
    new RegExp(`^Reversed ${date} by (.+?): (.*)\\.$`, 's'),
    (m) => ({ kind: 'reversed', date: m[1]!, by: m[2]!, reason: m[3]! }),
  ],
  [
    /^Cheque (.+?) bounced(?:: (.*))?\.$/s,
    (m) => ({ kind: 'cheque-bounced', number: m[1]!, reason: m[2] ?? null }),
  ],
  [
    new RegExp(`^Receipt (.+?) voided ${date}(?:: (.*))?\\.$`, 's'),
    (m) => ({ kind: 'receipt-voided', number: m[1]!, date: m[2]!, reason: m[3] ?? null }),
  ],
  [/^Held: (.*)\.$/s, (m) => ({ kind: 'held', reason: m[1]! })],
  [
    new RegExp(`^Approval decided ${date}(?: by (.+))?\\.$`, 's'),
    (m) => ({ kind: 'approval-decided', date: m[1]!, by: m[2] ?? null }),
  ],
];

/** An earlier build's change sentence as its fact; words no template reads stay words. */
export function changeFactOfWords(text: string): ChangeFact {
  for (const [template, factOf] of changeTemplates) {
    const found = template.exec(text);
    if (found) return factOf(found);
  }
  return { kind: 'words', text };
}

/** A row's note before the sender said a document moved: several change sentences joined by spaces. */
function changeFactsOfJoined(text: string): ChangeFact[] | null {
  if (text === '') return [];
  // Each sentence ends with '.', but a reason inside one may hold '. ' too: the first split whose
  // every part a template reads.
  for (let end = text.indexOf('. '); end !== -1; end = text.indexOf('. ', end + 1)) {
    const first = changeFactOfWords(text.slice(0, end + 1));
    if (first.kind === 'words') continue;
    const rest = changeFactsOfJoined(text.slice(end + 2));
    if (rest) return [first, ...rest];
  }
  const whole = changeFactOfWords(text);
  return whole.kind === 'words' ? null : [whole];
}

/** What the ack sender wrote for an ack the service holds (`ACCEPTED as ERP-1`, `REJECTED (DUP)`). */
function elsewhereOfWords(label: string): AckProblemFact | null {
  const accepted = /^ACCEPTED(?: as (.+))?$/s.exec(label);
  if (accepted)
    return { kind: 'elsewhere', outcome: 'ACCEPTED', externalNumber: accepted[1] ?? null, reasonCode: null };
  const rejected = /^REJECTED(?: \((.+)\))?$/s.exec(label);
  if (rejected)
    return { kind: 'elsewhere', outcome: 'REJECTED', externalNumber: null, reasonCode: rejected[1] ?? null };
  return null;
}

/**
 * An earlier build's `answerError` as its fact (ack-outbox.ts and sync/send-acks.ts wrote it): no
 * result, answered elsewhere, or moved since the clerk answered; anything else (a failed ack's problem
 * line) stays words. Empty words: no problem.
 */
export function ackProblemOfWords(text: string): AckProblemFact | null {
  if (text === '') return null;
  if (text === 'The service sent no result for this document.') return { kind: 'no-result' };
  const elsewhere =
    /^Already answered elsewhere: (.+)\. Your answer was not sent and is not retried\.$/s.exec(text);
  const ack = elsewhere ? elsewhereOfWords(elsewhere[1]!) : null;
  if (ack) return ack;
  const moved =
    /^Changed since you answered: (.*) Your answer was not sent; answer it again or drop your answer\.$/s.exec(
      text,
    );
  const changes = moved ? changeFactsOfJoined(moved[1]!) : null;
  if (changes) {
    const versions = changes.find((change) => change.kind === 'moved');
    return { kind: 'moved', ackedVersion: versions?.acked ?? null, changes };
  }
  return { kind: 'words', text };
}
