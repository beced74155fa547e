import type { Locator, Page } from 'playwright-core';

/** The Connections screen's Check-up panel, and the way to it from a Review section. */
export class CheckupPage {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Check-up' });
  }

  /** The Review section's note where the client may not pull the feed. */
  get scopeNote(): Locator {
    return this.page.getByRole('main').locator('.scope-note');
  }

  /** "Open the check-up", where a note or a refusal offers it. */
  get openButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Open the check-up' });
  }

  /** The Works and Missing cells of one screen's row. */
  async screen(label: string): Promise<{ works: string; missing: string }> {
    const row = this.panel
      .getByRole('table', { name: 'What each screen can do' })
      .locator('tbody tr', { has: this.page.locator('th', { hasText: new RegExp(`^${label}$`) }) });
    const cells = await row.locator('td').allTextContents();
    return { works: cells[0] ?? '', missing: cells[1] ?? '' };
  }

  /** The text of one fact (Clock, Rate budget, ERP mode, Token). */
  async fact(term: string): Promise<string> {
    return (
      (await this.panel
        .locator('dt', { hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()) ?? ''
    );
  }

  /** Presses Check again and waits for a new check-up to be shown. */
  async checkAgain(): Promise<void> {
    const before = await this.report();
    await this.panel.getByRole('button', { name: 'Check again' }).click();
    // Runs in the page (this file is typed for Node, so the page's document is reached by name).
    await this.page.waitForFunction((old) => {
      const page = Reflect.get(globalThis, 'document') as {
        querySelector(selector: string): { value: string } | null;
      };
      return page.querySelector('#checkup-report')?.value !== old;
    }, before);
  }

  /** The report as the read-only text area shows it. */
  async report(): Promise<string> {
    return this.panel.getByLabel(/^Report for the service/).inputValue();
  }
}
