import type { Locator, Page } from 'playwright-core';

/** The Connections screen, as a clerk sees it. */
export class ConnectionsPage {
  constructor(readonly page: Page) {}

  /** Opens the section from the navigation. */
  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Connections' })
      .click();
  }

  get header(): Locator {
    return this.page.getByRole('status', { name: 'Connection' });
  }

  get active(): Locator {
    return this.page.getByRole('region', { name: 'Active connection' });
  }

  get saved(): Locator {
    return this.page.getByRole('region', { name: 'Saved connections' });
  }

  get addForm(): Locator {
    return this.page.getByRole('region', { name: 'Add a connection' });
  }

  /** One saved connection by its label. */
  item(label: string): Locator {
    return this.saved.getByRole('listitem', { name: label, exact: true });
  }

  /** The value of one fact of the active connection (Company, Client, Rate limit, …). */
  fact(term: string): Locator {
    return this.active.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  async add(input: { label: string; baseUrl: string; token: string }): Promise<void> {
    await this.addForm.getByLabel('Label').fill(input.label);
    await this.addForm.getByLabel('Service address').fill(input.baseUrl);
    await this.addForm.getByLabel('Token').fill(input.token);
    await this.addForm.getByRole('button', { name: 'Verify & save' }).click();
  }

  async use(label: string): Promise<void> {
    await this.item(label).getByRole('button', { name: 'Use this connection' }).click();
  }

  async remove(label: string): Promise<void> {
    await this.item(label).getByRole('button', { name: 'Remove' }).click();
    await this.item(label).getByRole('alertdialog').getByRole('button', { name: 'Yes, remove' }).click();
  }
}
