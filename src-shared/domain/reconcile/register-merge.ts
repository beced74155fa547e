/**
 * Importing a register again: the same export, or one overlapping the last (a week exported twice),
 * adds nothing twice. Lines are one per ERP number (./register.ts), so a number already in the
 * register is the same document: its line takes the newer file's values (the ERP may have corrected
 * it) under the same id, and every decision that names it still does.
 */
import type { Register, RegisterLine } from './register';

/** What a second import did to a register. */
export interface RegisterMerge {
  register: Register;
  /** Lines of numbers the register did not have, appended in the new file's order. */
  added: number;
  /** Lines of numbers it had, exactly as they were. */
  unchanged: number;
  /** Lines of numbers it had, whose amount, date, customer, currency, references or cheque changed. */
  updated: number;
}

function isSameLine(a: RegisterLine, b: RegisterLine): boolean {
  return (
    a.kind === b.kind &&
    a.amountCents === b.amountCents &&
    a.currency === b.currency &&
    a.date === b.date &&
    a.customer === b.customer &&
    (a.customerName ?? null) === (b.customerName ?? null) &&
    a.serviceRef === b.serviceRef &&
    a.erpKey === b.erpKey &&
    a.chequeNumber === b.chequeNumber
  );
}

/**
 * The register with a newer import laid over it. A number both have keeps its place and its id and
 * takes the newer values; a number only the newer import has is appended; a number only the register
 * has stays (an overlapping export need not repeat it). Lines a register read before rows were folded
 * holds under `number#2` are dropped when the newer import has the number: its one line stands for
 * all of them.
 */
export function mergeRegisters(current: Register, incoming: Register): RegisterMerge {
  const incomingByNumber = new Map(incoming.lines.map((line) => [line.erpNumber, line]));
  const placed = new Set<string>();
  let unchanged = 0;
  let updated = 0;
  const lines: RegisterLine[] = [];
  for (const line of current.lines) {
    const newer = incomingByNumber.get(line.erpNumber);
    if (!newer) {
      lines.push(line);
      continue;
    }
    if (placed.has(line.erpNumber)) continue;
    placed.add(line.erpNumber);
    if (isSameLine(line, newer)) {
      unchanged += 1;
      lines.push(line);
    } else {
      updated += 1;
      lines.push({ ...newer, id: line.id, line: newer.line });
    }
  }
  let added = 0;
  for (const line of incoming.lines) {
    if (placed.has(line.erpNumber)) continue;
    added += 1;
    lines.push(line);
  }
  return { register: { lines, isTaxIncluded: incoming.isTaxIncluded }, added, unchanged, updated };
}
