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

/**
 * How many issued feeds had their seqs checked (`seq.checkedAt` of their cursor in the app's IndexedDB)
 * at or after `since` (ISO): the gap check is a sync's last step for a feed.
 */
export async function seqChecksSince(page: Page, since: string): Promise<number> {
  const script = `(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('reconciliation-desk');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const cursors = await new Promise((resolve, reject) => {
        const request = db.transaction('cursors').objectStore('cursors').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return cursors.filter((cursor) => cursor.seq && cursor.seq.checkedAt && cursor.seq.checkedAt >= ${JSON.stringify(since)}).length;
    } finally {
      db.close();
    }
  })()`;
  return Number(await page.evaluate(script));
}
