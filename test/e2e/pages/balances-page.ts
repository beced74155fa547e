import type { Locator, Page } from 'playwright-core';

/** The Balances section (the balance worksheet), as a clerk uses it. */
export class BalancesPage {
  constructor(readonly page: Page) {}

  get main(): Locator {
    return this.page.getByRole('main', { name: 'Balances' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Balances' })
      .click();
  }

  /** "31 customers, all listed: …" or "Read 10 of 31 customers…". */
  get listed(): Locator {
    return this.main.getByRole('status', { name: 'Customers listed' });
  }

  get unexplainedTotal(): Locator {
    return this.main.getByRole('status', { name: 'Unexplained in total' });
  }

  get grid(): Locator {
    return this.main.getByRole('region', { name: 'Balance worksheet grid' });
  }

  view(name: 'All customers' | 'Only differences' | 'Only needing a fresh balance'): Locator {
    return this.main
      .getByRole('group', { name: 'Views' })
      .getByRole('button', { name: new RegExp(`^${name}`) });
  }

  /** The count shown on a view button. */
  async count(name: 'All customers' | 'Only differences' | 'Only needing a fresh balance'): Promise<number> {
    return Number(((await this.view(name).locator('.count').textContent()) ?? '').replaceAll(',', ''));
  }

  /**
   * Every row the grid renders, as the clerk reads it: code and the money columns' text by column id
   * (ag-grid renders the rows in view; the tests use a window tall enough for all of them).
   */
  async rows(): Promise<Array<Record<string, string>>> {
    // A pinned column's cells sit in a row of their own with the same row-id: the parts are merged.
    const parts = await this.grid.locator('.ag-row').evaluateAll((rows) =>
      rows.map((row) => {
        const cells: Record<string, string> = { id: row.getAttribute('row-id') ?? '' };
        for (const cell of row.querySelectorAll('[col-id]')) {
          cells[cell.getAttribute('col-id') ?? ''] = (cell.textContent ?? '').trim();
        }
        return cells;
      }),
    );
    const byId = new Map<string, Record<string, string>>();
    for (const part of parts) byId.set(part.id!, { ...byId.get(part.id!), ...part });
    return [...byId.values()];
  }

  /** Opens a customer's detail by clicking its row. */
  async openCustomer(id: string): Promise<void> {
    await this.grid.locator(`.ag-row[row-id="${id}"] [col-id="service"]`).click();
  }

  get detail(): Locator {
    return this.main.getByRole('complementary', { name: 'Customer balance' });
  }

  /** A fact of the detail panel ("Difference", "Unexplained", …). */
  fact(label: string): Locator {
    return this.detail.getByRole('listitem', { name: label }).locator('.fact-value');
  }

  /** The explanation lines: document number, kind, amount and effect on the service's balance. */
  async explanation(): Promise<string[][]> {
    return this.detail
      .getByRole('table', { name: 'Explanation' })
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())),
      );
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get pushOutcome(): Locator {
    return this.main.getByRole('status', { name: 'Fresh balance push' });
  }
}
