import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { db } from '../../src-renderer/data/db';
import { StoreUpgradeNote } from '../../src-renderer/features/shell/StoreUpgradeNote';
import { openOldDesk } from './data/upgrades/old-schemas';

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('opening a store an older version left', () => {
  it('says that documents are being moved while they are, and nothing once the store is open', async () => {
    db.close();
    await db.delete();
    const old = await openOldDesk(db.name, 3, { customerNames: 'id' });
    await old.table('invoices').put({ id: 'a', review: 'pending', customerId: 'cu-1' });
    await old
      .table('documents')
      .put({ kind: 'invoices', id: 'a', version: 1, doc: { id: 'a' }, answered: null });
    old.close();

    const seen: boolean[] = [];
    const { container } = render(<StoreUpgradeNote />);
    const observer = new MutationObserver(() => seen.push(container.textContent !== ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    await db.open();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    observer.disconnect();
    expect(seen).toContain(true);
    expect((await db.rowsOf('invoices').get('a'))?.chunk).not.toBe('');
  });
});
