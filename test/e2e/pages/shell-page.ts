import type { Locator, Page } from 'playwright-core';

/** The app's frame, as a clerk sees it. */
export class ShellPage {
  constructor(readonly page: Page) {}

  get connection(): Locator {
    return this.page.getByRole('status', { name: 'Connection' });
  }

  section(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
  }

  main(name: string): Locator {
    return this.page.getByRole('main', { name });
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
  }
}
