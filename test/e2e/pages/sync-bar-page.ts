import type { Locator, Page } from 'playwright-core';

/** The sync bar's seq gap alarm and the notice of documents fetched (docs/decisions/091-seq-gaps.md). */
export class SyncBarPage {
  constructor(readonly page: Page) {}

  get bar(): Locator {
    return this.page.getByRole('region', { name: 'Sync' });
  }

  /** The alarm of a document missing from a feed. */
  get missing(): Locator {
    return this.bar.getByRole('alert', { name: 'Missing document' });
  }

  /** The notice of documents fetched because the feed never delivered them. */
  get fetched(): Locator {
    return this.bar.getByRole('status', { name: 'Fetched documents' });
  }

  get syncNow(): Locator {
    return this.bar.getByRole('button', { name: 'Sync now' });
  }

  /** Each feed's progress line ("payments: up to date, 3 new"). */
  get progress(): Locator {
    return this.bar.getByRole('list', { name: 'Sync progress' }).getByRole('listitem');
  }
}
