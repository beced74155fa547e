import type { Locator, Page } from 'playwright-core';

/** The Master data section, as a clerk sees it. */
export class MasterDataPage {
  constructor(readonly page: Page) {}

  get main(): Locator {
    return this.page.getByRole('main', { name: 'Master data' });
  }

  /**
   * Adds export files chosen together in one file chooser, through "Choose files…", and waits for
   * their cards. Answers whether the chooser let several files be chosen (Playwright also refuses
   * several files for a chooser that takes one).
   */
  async addFiles(files: Array<{ name: string; text: string }>): Promise<{ isMultiple: boolean }> {
    const [chooser] = await Promise.all([
      this.page.waitForEvent('filechooser'),
      this.main
        .getByRole('group', { name: 'Add files' })
        .getByRole('button', { name: 'Choose files…' })
        .click(),
    ]);
    const isMultiple = chooser.isMultiple();
    await chooser.setFiles(
      files.map((file) => ({
        name: file.name,
        mimeType: 'text/csv',
        buffer: Buffer.from(file.text, 'utf8'),
      })),
    );
    for (const file of files) await this.card(file.name).waitFor();
    return { isMultiple };
  }

  card(fileName: string): Locator {
    return this.main.getByRole('article', { name: fileName });
  }

  async chooseColumn(fileName: string, field: string, column: string): Promise<void> {
    const card = this.card(fileName);
    const select = card.getByLabel(`Column for ${field}`);
    if (!(await select.isVisible())) await card.getByRole('button', { name: 'Columns…' }).click();
    await select.selectOption({ label: column });
  }

  check(fileName: string): Locator {
    return this.card(fileName).getByRole('status', { name: `Check of ${fileName}` });
  }

  pushButton(): Locator {
    return this.main.getByRole('button', { name: /^Push \d+ records?$/ });
  }

  get runState(): Locator {
    return this.main.getByRole('status', { name: 'Push state' });
  }

  filter(name: string): Locator {
    return this.main
      .getByRole('group', { name: 'Filter by result' })
      .getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
  }

  /** The keys in the results grid, as shown (ag-grid renders only what is in view; a run here is small). */
  async resultKeys(): Promise<string[]> {
    const grid = this.main.getByRole('region', { name: 'Push results grid' });
    return grid.locator('[role="gridcell"][col-id="key"]').allTextContents();
  }
}
