import type { Locator, Page } from 'playwright-core';

/** The six states as the Reconcile section names them, in the order its buttons show them. */
export const stateNames = [
  'Matched',
  'Suggested',
  'Differs',
  'Ambiguous',
  'Only in the service',
  'Only in the ERP',
] as const;

/** One state's name on screen. */
export type StateName = (typeof stateNames)[number];

/** The Reconcile section as a clerk uses it: import a register, read the states, decide and answer. */
export class ReconcilePage {
  constructor(readonly page: Page) {}

  /** Opens the section from the navigation. */
  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Reconcile' })
      .click();
  }

  get main(): Locator {
    return this.page.getByRole('main', { name: 'Reconcile' });
  }

  /** The import panel (file, columns, options). */
  get importPanel(): Locator {
    return this.main.getByRole('region', { name: 'Import an ERP register' });
  }

  /** Chooses a register file through "Choose file…" in the file chooser. */
  async chooseFile(name: string, bytes: Buffer): Promise<void> {
    const mimeType = name.endsWith('.xlsx')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'text/csv';
    const [chooser] = await Promise.all([
      this.page.waitForEvent('filechooser'),
      this.importPanel
        .getByRole('group', { name: 'ERP register file' })
        .getByRole('button', { name: 'Choose file…' })
        .click(),
    ]);
    await chooser.setFiles({ name, mimeType, buffer: bytes });
  }

  /** What the import says of the chosen file: "invoices.csv · CSV, UTF-8, comma · 60 rows". */
  get draftSummary(): Locator {
    return this.importPanel.locator('.register-draft > p.muted');
  }

  /** The column chosen for one register field, by its label ("ERP document number", "Amount"). */
  column(label: string): Locator {
    return this.importPanel
      .getByRole('group', { name: 'Register columns' })
      .getByLabel(label, { exact: true });
  }

  /** The chosen header of one register field ("(none)" when none). */
  async columnChosen(label: string): Promise<string> {
    const select = this.column(label);
    const value = await select.inputValue();
    return (await select.locator(`option[value="${value}"]`).textContent()) ?? '';
  }

  /** The button that keeps the register ("Reconcile 60 documents", "Add 3 new documents"). */
  get importButton(): Locator {
    return this.importPanel.getByRole('button', {
      name: /^(Reconcile [\d,]+ documents?|Add [\d,]+ new documents?)$/,
    });
  }

  /** "N of these documents are already in the open reconciliation: add only what is new to it". */
  get addToOpen(): Locator {
    return this.importPanel.getByRole('checkbox', { name: /already in the open reconciliation/ });
  }

  /** What the desk read of the chosen file, sentence by sentence. */
  get reading(): Locator {
    return this.importPanel.getByLabel('What the desk read');
  }

  /** Chooses a file and imports it with the columns as suggested (or remembered). */
  async importRegister(name: string, bytes: Buffer): Promise<void> {
    await this.chooseFile(name, bytes);
    await this.importButton.click();
  }

  /** The open reconciliation's line: file, format, lines against staged documents, answer conflicts. */
  get register(): Locator {
    return this.main.getByRole('status', { name: 'Register' });
  }

  /** The saved reconciliations of the kind shown (present once there is one). */
  get reconciliations(): Locator {
    return this.main.getByLabel('Reconciliation', { exact: true });
  }

  get forget(): Locator {
    return this.main.getByRole('button', { name: 'Forget this reconciliation' });
  }

  /** One state's button ("Matched 45"). */
  state(name: StateName): Locator {
    return this.main
      .getByRole('group', { name: 'States' })
      .getByRole('button', { name: new RegExp(`^${name} \\d`) });
  }

  /** The count a state's button shows (groups). */
  async count(name: StateName): Promise<number> {
    const text = (await this.state(name).locator('.count').textContent()) ?? '';
    return Number(text.replaceAll(',', ''));
  }

  /** Every state's count, by name. */
  async counts(): Promise<Record<StateName, number>> {
    const out = {} as Record<StateName, number>;
    for (const name of stateNames) out[name] = await this.count(name);
    return out;
  }

  /** Every state's totals as its button's tooltip gives them ('' when the state is empty). */
  async totals(): Promise<Record<StateName, string>> {
    const out = {} as Record<StateName, string>;
    for (const name of stateNames) out[name] = (await this.state(name).getAttribute('title')) ?? '';
    return out;
  }

  /** The totals line under the states: the state shown. */
  get shownTotals(): Locator {
    return this.main.getByLabel('Totals of the state');
  }

  /** The rules box: each rule's switch with how many groups it found, days apart, tolerance. */
  get rules(): Locator {
    return this.main.getByRole('group', { name: 'Matching rules' });
  }

  /** How many groups a rule found, as its label shows it. */
  async ruleFound(label: string): Promise<number> {
    const text =
      (await this.rules.locator('label.rule', { hasText: label }).locator('.count').textContent()) ?? '';
    return Number(text.replaceAll(',', ''));
  }

  get tolerance(): Locator {
    return this.main.getByLabel('Amount tolerance');
  }

  get daysApart(): Locator {
    return this.main.getByLabel('Days apart');
  }

  get actions(): Locator {
    return this.main.getByRole('toolbar', { name: 'Reconciliation actions' });
  }

  action(name: string | RegExp): Locator {
    return this.actions.getByRole('button', { name });
  }

  get acceptAllMatched(): Locator {
    return this.action(/^Accept all matched \(\d+\)$/);
  }

  /** The N of "Accept all matched (N)". */
  async acceptableCount(): Promise<number> {
    const text = (await this.acceptAllMatched.textContent()) ?? '';
    return Number(/\(([\d,]+)\)/.exec(text)?.[1]?.replaceAll(',', '') ?? NaN);
  }

  get grid(): Locator {
    return this.main.getByRole('region', { name: 'Reconciliation grid' });
  }

  /** A group's row by its id (`d:invoices:<id>`, `l:<line id>`); ag-grid renders a row per container. */
  row(groupId: string): Locator {
    return this.grid.locator(`.ag-row[row-id="${groupId}"]`).first();
  }

  /** The ids of the groups the grid shows (a state of a few dozen groups is rendered whole). */
  async groupIds(): Promise<string[]> {
    const ids = await this.grid
      .locator('.ag-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('row-id') ?? ''));
    return [...new Set(ids)].sort();
  }

  /** A cell of a group's row: `notes` (What disagrees), `erpNumber`, `differenceCents`, … */
  cell(groupId: string, column: string): Locator {
    return this.grid.locator(`.ag-row[row-id="${groupId}"] [col-id="${column}"]`).first();
  }

  /** Ticks a group's checkbox. */
  async select(groupId: string): Promise<void> {
    await this.grid.locator(`.ag-row[row-id="${groupId}"] .ag-selection-checkbox input`).first().check();
  }

  /** Ticks every group of the state shown. */
  async selectAll(): Promise<void> {
    await this.grid.locator('.ag-header-select-all input').first().check();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The notice after answers were queued ("45 acceptance(s) queued; …"). */
  get notice(): Locator {
    return this.main.getByRole('status').filter({ hasText: 'queued' });
  }
}
