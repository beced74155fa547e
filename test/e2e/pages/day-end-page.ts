import type { Locator, Page } from 'playwright-core';

/** Amounts per currency in whole cents, as a clerk reads `1,234.50 EGP · 10.00 USD`. */
export type Totals = Record<string, number>;

/** One line of figures of the Day end tables, read back as numbers. */
export interface ReportLine {
  issued: number;
  totals: Totals;
  accepted: number;
  rejected: number;
  pending: number;
  /** "3 (2 reversed, 1 bounced)" as `{ reversed: 2, bounced: 1 }`. */
  again: Record<string, number>;
  here: number;
  elsewhere: number;
  /** "101–142", "7", "–" or "no seq". */
  seq: string;
}

/** `1,234.50 EGP · 10.00 USD` as `{ EGP: 123450, USD: 1000 }`; a dash is none. */
export function parseTotals(text: string): Totals {
  const totals: Totals = {};
  for (const part of text.split('·')) {
    const match = /^\s*(-?[\d,]+)\.(\d{2}) ([A-Z]{3})\s*$/.exec(part);
    if (!match) continue;
    const whole = Number(match[1]!.replaceAll(',', ''));
    const cents = Math.abs(whole) * 100 + Number(match[2]);
    totals[match[3]!] = whole < 0 ? -cents : cents;
  }
  return totals;
}

function parseAgain(text: string): Record<string, number> {
  const again: Record<string, number> = {};
  for (const match of text.matchAll(/(\d+) (reversed|bounced|voided|changed)/g))
    again[match[2]!] = Number(match[1]);
  return again;
}

const count = (text: string): number => Number(text.replaceAll(',', '')) || 0;

/** The Day end section as a clerk uses it. */
export class DayEndPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Day end' })
      .click();
  }

  get main(): Locator {
    return this.page.getByRole('main', { name: 'Day end' });
  }

  get report(): Locator {
    return this.main.getByRole('region', { name: 'Day-end report' });
  }

  get from(): Locator {
    return this.main.getByLabel('From', { exact: true });
  }

  get to(): Locator {
    return this.main.getByLabel('To', { exact: true });
  }

  quickRange(name: 'Today' | 'This week' | 'Last 7 days' | 'This month'): Locator {
    return this.main.getByRole('group', { name: 'Quick ranges' }).getByRole('button', { name });
  }

  action(name: 'Export XLSX' | 'Print'): Locator {
    return this.main.getByRole('button', { name });
  }

  /** Waits until the report of the range shown is read (not busy). */
  async settled(): Promise<void> {
    await this.main.locator('.day-end-report[aria-busy="false"] table').first().waitFor();
  }

  /** The seq check's lines, as shown. */
  async seqLines(): Promise<string[]> {
    return (await this.report.locator('.seq-gaps li').allTextContents()).map((line) => line.trim());
  }

  /** A kind's line of the summary table ("Each kind over these days"). */
  async summary(kind: 'Invoices' | 'Payments' | 'Returns' | 'Orders'): Promise<ReportLine> {
    const table = this.report.getByRole('table', { name: 'Each kind over these days' });
    const cells = await table
      .locator('tbody tr')
      .filter({ hasText: kind })
      .first()
      .locator('th, td')
      .allTextContents();
    const [, issued, totals, accepted, rejected, pending, again, here, elsewhere, seq] = cells;
    return {
      issued: count(issued ?? ''),
      totals: parseTotals(totals ?? ''),
      accepted: count(accepted ?? ''),
      rejected: count(rejected ?? ''),
      pending: count(pending ?? ''),
      again: parseAgain(again ?? ''),
      here: count(here ?? ''),
      elsewhere: count(elsewhere ?? ''),
      seq: (seq ?? '').trim(),
    };
  }

  /** A kind's table by day: each day's line (by its date), and the total line under `total`. */
  async byDay(kind: 'Invoices' | 'Payments' | 'Returns' | 'Orders'): Promise<Map<string, ReportLine>> {
    const table = this.report.getByRole('table', { name: `${kind} by day` });
    const lines = new Map<string, ReportLine>();
    const isOrders = kind === 'Orders';
    for (const row of await table.locator('tbody tr, tfoot tr').all()) {
      const date = (await row.getAttribute('data-date')) ?? 'total';
      const cells = await row.locator('th, td').allTextContents();
      // Day, issued, total, accepted, accepted total, rejected, pending, again, [not awaiting], here, elsewhere, [seq, gaps]
      const at = (index: number) => cells[index] ?? '';
      const shift = isOrders ? 1 : 0;
      lines.set(date, {
        issued: count(at(1)),
        totals: parseTotals(at(2)),
        accepted: count(at(3)),
        rejected: count(at(5)),
        pending: count(at(6)),
        again: parseAgain(at(7)),
        here: count(at(8 + shift)),
        elsewhere: count(at(9 + shift)),
        seq: isOrders ? 'no seq' : at(10).trim(),
      });
    }
    return lines;
  }
}
