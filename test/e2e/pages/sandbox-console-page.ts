import type { Locator, Page } from 'playwright-core';

/** What a new client is made of, as typed into the console's form. */
export interface ConsoleClientInput {
  name: string;
  system?: string;
  scopes: string[];
  ipAllow?: string;
  rateLimit?: number;
}

/** The sandbox's console page (`/_sandbox/`), as an ERP developer sees it. */
export class SandboxConsolePage {
  constructor(readonly page: Page) {}

  /** Opens the page with the admin secret in the fragment, as the printed address does. */
  async open(origin: string, secret: string): Promise<void> {
    await this.page.goto(`${origin}/_sandbox/#secret=${encodeURIComponent(secret)}`);
  }

  get signIn(): Locator {
    return this.page.getByRole('region', { name: 'Admin secret' });
  }

  get companies(): Locator {
    return this.page.getByRole('region', { name: 'Companies' });
  }

  get clients(): Locator {
    return this.page.getByRole('region', { name: 'Clients' });
  }

  get newToken(): Locator {
    return this.page.getByRole('region', { name: /^New token/ });
  }

  get clock(): Locator {
    return this.page.getByRole('region', { name: 'Clock' });
  }

  get activity(): Locator {
    return this.page.getByRole('region', { name: 'Field activity' });
  }

  get live(): Locator {
    return this.page.getByRole('region', { name: 'Live mode' });
  }

  get faults(): Locator {
    return this.page.getByRole('region', { name: 'Faults' });
  }

  /** The line that says what the last action of one part of the page did, or why it failed. */
  outcome(
    part: 'companies' | 'clients' | 'new-client' | 'revoke' | 'clock' | 'simulate' | 'live' | 'faults',
  ): Locator {
    return this.page.locator(`[data-outcome="${part}"]`);
  }

  /** A company's row, by its code. */
  companyRow(code: string): Locator {
    return this.companies
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: code, exact: true }) });
  }

  /** A client's row, by its name. */
  clientRow(name: string): Locator {
    return this.clients.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  async signInWith(secret: string): Promise<void> {
    await this.signIn.getByLabel('Admin secret').fill(secret);
    await this.signIn.getByRole('button', { name: 'Use this secret' }).click();
  }

  async createClient(input: ConsoleClientInput): Promise<void> {
    const form = this.clients.getByRole('form', { name: 'New client' });
    await form.getByLabel('Name').fill(input.name);
    if (input.system) await form.getByLabel('System').fill(input.system);
    for (const scope of input.scopes) await form.getByRole('checkbox', { name: scope, exact: true }).check();
    if (input.ipAllow !== undefined) await form.getByLabel('IP allow-list').fill(input.ipAllow);
    if (input.rateLimit !== undefined)
      await form.getByLabel('Rate limit (calls per minute)').fill(String(input.rateLimit));
    await form.getByRole('button', { name: 'Create client' }).click();
  }

  /** The token shown once, after creating or rotating. */
  async shownToken(): Promise<string> {
    return this.newToken.getByLabel('Token').inputValue();
  }

  async revokeByPrefix(prefix: string): Promise<void> {
    const form = this.clients.getByRole('form', { name: 'Revoke a token' });
    await form.getByLabel('Token prefix').fill(prefix);
    await form.getByRole('button', { name: 'Revoke' }).click();
  }
}
