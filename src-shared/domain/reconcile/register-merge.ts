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
 * The register with a newer import laid over it, line by line id (the ERP number; `number#2`, … for
 * rows kept apart). A line both have keeps its place and takes the newer values; a line only the
 * newer import has is appended; a line only the register has stays (an overlapping export need not
 * repeat it), but for a later row of a number (`number#2`) the newer import holds as one line: that
 * one line stands for all of them (a register read before rows were folded).
 */
export function mergeRegisters(current: Register, incoming: Register): RegisterMerge {
  const incomingById = new Map(incoming.lines.map((line) => [line.id, line]));
  const placed = new Set<string>();
  let unchanged = 0;
  let updated = 0;
  const lines: RegisterLine[] = [];
  for (const line of current.lines) {
    const newer = incomingById.get(line.id);
    if (!newer) {
      const isFoldedNow = line.id !== line.erpNumber && incomingById.has(line.erpNumber);
      if (!isFoldedNow) lines.push(line);
      continue;
    }
    placed.add(line.id);
    if (isSameLine(line, newer)) {
      unchanged += 1;
      lines.push(line);
    } else {
      updated += 1;
      lines.push(newer);
    }
  }
  let added = 0;
  for (const line of incoming.lines) {
    if (placed.has(line.id)) continue;
    added += 1;
    lines.push(line);
  }
  return { register: { lines, isTaxIncluded: incoming.isTaxIncluded }, added, unchanged, updated };
}
