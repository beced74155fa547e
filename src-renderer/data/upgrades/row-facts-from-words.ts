// Rows stored before the desk kept facts (store versions 1 to 9 as first shipped) hold their note and
// changes as English words (`note: "CHEQUE 123 · DEPOSITED"`, `changes: ["Cheque 123 bounced."]`). They
// are read back into facts as they are read (db.ts registers `rowWithFacts` as the row tables' reading
// hook), so an Arabic desk words them in Arabic at once: no version, no index, no pass over the rows,
// and nothing the clerk waits for. A row is written with its facts the next time anything writes it (a
// sync, an ack). The words came from fixed English templates (src-shared/domain/review.ts
// `changeInEnglish`, and the note's below), so each is read by its template; one that none reads (not
// expected) is kept as words.
import type { ChangeFact } from '../../../src-shared/domain/review';
import type { FeedKind } from '../../../src-shared/wire';
import type { NoteFacts, ReviewRow } from '../rows';

/** A row as an earlier build stored it: English `note` and `changes` instead of their facts. */
interface RowWithWords extends Omit<ReviewRow, 'noteFacts' | 'changeFacts'> {
  note?: string;
  changes?: string[];
}

/**
 * A row as read from the store, with its note and changes as facts: the row itself when it has them,
 * else a copy with them read from its English words (and the words left out, so a write of the copy
 * stores the facts). `undefined` (nothing found) passes through.
 */
export function rowWithFacts(kind: FeedKind, stored: ReviewRow | undefined): ReviewRow | undefined {
  if (!stored || stored.noteFacts) return stored;
  const { note, changes, ...row } = stored as RowWithWords;
  return {
    ...row,
    noteFacts: noteFactsOfWords(kind, note ?? ''),
    changeFacts: (changes ?? []).map(changeFactOfWords),
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
