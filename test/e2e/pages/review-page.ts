import type { Locator, Page } from 'playwright-core';

/** A review section (Invoices, Payments, Returns, Orders) as a clerk uses it. */
export class ReviewPage {
  constructor(readonly page: Page) {}

  /** Opens a section from the navigation. */
  async open(section: 'Invoices' | 'Payments' | 'Returns' | 'Orders'): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: section })
      .click();
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** A view button ("Pending 12"). */
  view(name: 'Pending' | 'Accepted' | 'Rejected' | 'All'): Locator {
    return this.main
      .getByRole('group', { name: 'Views' })
      .getByRole('button', { name: new RegExp(`^${name}`) });
  }

  /** The count shown on a view button. */
  async count(name: 'Pending' | 'Accepted' | 'Rejected' | 'All'): Promise<number> {
    const text = (await this.view(name).locator('.count').textContent()) ?? '';
    return Number(text.replaceAll(',', '')) || 0;
  }

  get network(): Locator {
    return this.page.getByRole('status', { name: 'Network' });
  }

  get waiting(): Locator {
    return this.page.getByRole('status', { name: 'Answers waiting' });
  }

  get lastSend(): Locator {
    return this.page.getByRole('status', { name: 'Last send' });
  }

  get syncNow(): Locator {
    return this.page.getByRole('button', { name: 'Sync now' });
  }

  /** The grid's data rows in the centre viewport. */
  get rows(): Locator {
    return this.main.locator('.ag-row');
  }

  /** Ticks the checkbox of the row at `index` (as displayed). */
  /** Ticks the row whose id is `id` (where it is now: rows move as a sync stages newer ones). */
  async selectRowById(id: string): Promise<void> {
    await this.tick(this.main.locator(`.ag-row[row-id="${id}"] .ag-selection-checkbox input`).first());
  }

  async selectRow(index: number): Promise<void> {
    await this.rowId(index);
    await this.tick(this.main.locator(`.ag-row[row-index="${index}"] .ag-selection-checkbox input`).first());
  }

  /**
   * Ticks a row's box and sees that it stays ticked: a block read again after a sync or a name looked
   * up repaints the row, and a click that lands on the row being repainted is lost, as it would be for
   * a clerk, who clicks again.
   */
  private async tick(box: Locator): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await box.check({ timeout: 5_000 });
        await this.page.waitForTimeout(100);
        if (await box.isChecked()) return;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
      if (attempt >= 5) throw new Error('the row did not stay ticked');
    }
  }

  /** The Review column's text of the row displayed at `index` ("Pending", "Accepted", …). */
  async reviewOf(index: number): Promise<string> {
    return (
      (await this.main.locator(`.ag-row[row-index="${index}"] [col-id="review"]`).first().textContent()) ?? ''
    );
  }

  /** The service id of the row displayed at `index`. */
  async rowId(index: number): Promise<string> {
    // A paged grid paints a row before its block is read (no data, an id of its own): wait for its data.
    const row = this.main.locator(`.ag-row[row-index="${index}"]`).first();
    for (const started = Date.now(); Date.now() - started < 30_000;) {
      const number = ((await row.locator('[col-id="number"]').first().textContent()) ?? '').trim();
      if (number !== '') return (await row.getAttribute('row-id')) ?? '';
      await this.page.waitForTimeout(50);
    }
    throw new Error(`row ${index} was not read within 30 s`);
  }

  /** A cell's text of the row displayed at `index`, by column id (`amountCents`, `customer`, `date`…). */
  async cellOf(index: number, colId: string): Promise<string> {
    const cell = this.main.locator(`.ag-row[row-index="${index}"] [col-id="${colId}"]`).first();
    return (await cell.count()) === 0 ? '' : ((await cell.textContent()) ?? '').trim();
  }

  /** The header checkbox: every row of the view as filtered, not only the rows loaded. */
  get selectAll(): Locator {
    return this.main.locator('.ag-header-select-all input').first();
  }

  /** The selection bar: how many are selected and their total. */
  get selectionBar(): Locator {
    return this.main.locator('.selection-bar');
  }

  /** Sorts by a column by clicking its header (once ascending, twice descending). */
  async sortBy(headerName: string): Promise<void> {
    await this.main
      .locator('.ag-header-cell', { hasText: headerName })
      .first()
      .locator('.ag-header-cell-label')
      .click();
  }

  /** The index of the row whose cell has the keyboard's focus, or null when no cell has it. */
  async focusedRowIndex(): Promise<number | null> {
    const row = this.main.locator('.ag-row:has(:focus)');
    if ((await row.count()) === 0) return null;
    const index = await row.first().getAttribute('row-index');
    return index === null ? null : Number(index);
  }

  /** Goes to the last row of the view with the keyboard (Ctrl+End from a cell), as a clerk would. */
  async goToLastRow(): Promise<void> {
    await this.main.locator('.ag-row[row-index="0"] [col-id="number"]').first().click();
    await this.page.keyboard.press('Control+End');
  }

  /** Opens a column's filter (its header's filter button) and types `text` in its first field. */
  async filterColumn(colId: string, text: string): Promise<void> {
    await this.openFilter(colId);
    await this.page.locator('.ag-filter .ag-filter-from input').first().fill(text);
    await this.page.keyboard.press('Escape');
  }

  /** Filters a column by one of its filter's choices with nothing to type (the Answered column's). */
  async filterChoice(colId: string, choice: string): Promise<void> {
    await this.openFilter(colId);
    await this.page.locator('.ag-filter .ag-filter-select').first().click();
    await this.page.locator('.ag-select-list .ag-list-item', { hasText: choice }).first().click();
    await this.page.keyboard.press('Escape');
  }

  /** Filters the date column to a range of days (its filter's first option), both included. */
  async filterDays(from: string, to: string): Promise<void> {
    await this.openFilter('date');
    await this.page.locator('.ag-filter .ag-filter-from input').first().fill(from);
    await this.page.locator('.ag-filter .ag-filter-to input').first().fill(to);
    await this.page.keyboard.press('Escape');
  }

  private async openFilter(colId: string): Promise<void> {
    const header = this.main.locator(`.ag-header-cell[col-id="${colId}"]`).first();
    await header.hover();
    await header.locator('.ag-header-cell-filter-button').click();
    await this.page.locator('.ag-filter').first().waitFor();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async quickFilter(text: string): Promise<void> {
    await this.main.getByLabel('Quick filter').fill(text);
  }
}
