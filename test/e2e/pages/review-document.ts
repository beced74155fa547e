import type { Locator } from 'playwright-core';
import type { ReviewPage } from './review-page';

/** The columns a scenario reads a document's cell from. */
export type ReviewDocumentColumn = 'number' | 'review' | 'externalNumber' | 'status' | 'ackedBy';

/**
 * One document of a review grid, found by the service's id, and the answers a clerk gives it from its
 * row. Two desks list the same documents in their own order, so a scenario across desks names a
 * document by id, not by its place in the grid; the grid shows the row once the view and the quick
 * filter let it through (a small view is rendered whole).
 */
export class ReviewDocument {
  constructor(
    readonly review: ReviewPage,
    readonly id: string,
  ) {}

  /** The row (ag-grid renders a row once per column container; the first is the centre). */
  get row(): Locator {
    return this.review.main.locator(`.ag-row[row-id="${this.id}"]`).first();
  }

  /**
   * A cell of the row by column: `number`, `review` (the Review column), `externalNumber` (ERP number),
   * `ackedBy` (Answered: this desk or elsewhere).
   */
  cell(column: ReviewDocumentColumn): Locator {
    return this.review.main.locator(`.ag-row[row-id="${this.id}"] [col-id="${column}"]`).first();
  }

  /** A cell's text as shown (empty while the row is not rendered). */
  async text(column: ReviewDocumentColumn): Promise<string> {
    if ((await this.cell(column).count()) === 0) return '';
    return ((await this.cell(column).textContent()) ?? '').trim();
  }

  /** Ticks the row's checkbox. */
  async select(): Promise<void> {
    await this.review.main
      .locator(`.ag-row[row-id="${this.id}"] .ag-selection-checkbox input`)
      .first()
      .check();
  }

  /** Accepts this document alone with its ERP number, through the Accept dialog. */
  async accept(erpNumber: string): Promise<void> {
    await this.select();
    await this.review.main.getByRole('button', { name: 'Accept…' }).click();
    await this.review.dialog.getByLabel(/^ERP number for /).fill(erpNumber);
    await this.review.dialog.getByRole('button', { name: 'Accept 1' }).click();
  }

  /** Rejects this document alone with a reason code, through the Reject dialog. */
  async reject(reasonCode: string, message?: string): Promise<void> {
    await this.select();
    await this.review.main.getByRole('button', { name: 'Reject…' }).click();
    await this.review.dialog.getByLabel('Reason').selectOption(reasonCode);
    if (message !== undefined) await this.review.dialog.getByLabel('Message').fill(message);
    await this.review.dialog.getByRole('button', { name: 'Reject 1' }).click();
  }
}
