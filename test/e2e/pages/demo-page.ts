import type { Locator, Page } from 'playwright-core';

/** "Open the demo company", on the first screen of a desk with no connection and on Connections. */
export class DemoPage {
  constructor(readonly page: Page) {}

  /** The first screen of a desk with no active connection. */
  get welcome(): Locator {
    return this.page.getByRole('region', { name: 'Welcome' });
  }

  /** The offer itself: what the demo company is, its button, its progress and problems. */
  get offer(): Locator {
    return this.page.getByRole('region', { name: 'Try the demo company' });
  }

  get openButton(): Locator {
    return this.offer.getByRole('button', { name: 'Open the demo company' });
  }

  get progress(): Locator {
    return this.offer.getByRole('status');
  }

  get problem(): Locator {
    return this.offer.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.openButton.click();
  }
}
