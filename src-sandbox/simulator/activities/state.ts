import type { Database } from 'better-sqlite3';
import { ApiError } from '../../errors';
import { createDocumentStore, type DocumentKind, type DocumentStore } from '../../store/documents';
import type { Prng } from '../prng';
import type { SimCustomer, World } from '../world';

/** The currency of every simulated document (the demo company sells in Egyptian pounds). */
export const currency = 'EGP';

/** The ids made or changed, per activity (the answer of `POST /_sandbox/simulate`). */
export interface CreatedIds {
  orders: string[];
  invoices: string[];
  payments: string[];
  returns: string[];
  reversals: string[];
  cheque_bounces: string[];
  receipt_voids: string[];
}

/** In-memory per-company counters, read and written once per transaction. */
export class Counters {
  private readonly values = new Map<string, number>();
  private readonly changed = new Set<string>();
  constructor(
    private readonly db: Database,
    private readonly companyId: string,
  ) {}

  load(): void {
    this.values.clear();
    this.changed.clear();
    const rows = this.db
      .prepare('SELECT name, value FROM counters WHERE company_id = ?')
      .all(this.companyId) as Array<{ name: string; value: number }>;
    for (const row of rows) this.values.set(row.name, row.value);
  }

  next(name: string): number {
    const value = (this.values.get(name) ?? 0) + 1;
    this.values.set(name, value);
    this.changed.add(name);
    return value;
  }

  save(): void {
    const upsert = this.db.prepare(
      'INSERT INTO counters(company_id, name, value) VALUES (?, ?, ?) ON CONFLICT(company_id, name) DO UPDATE SET value = excluded.value',
    );
    for (const name of this.changed) upsert.run(this.companyId, name, this.values.get(name) ?? 0);
    this.changed.clear();
  }
}

/**
 * What every activity of one run shares: the company's world, the store, the counters, the seeded
 * generator, the ids made so far, and the lists an activity picks from (payments still recorded,
 * cheques in hand, confirmed orders awaiting delivery, how many invoices are open). The document
 * modules (orders, invoices, payments, returns) read and change it; the coordinator
 * (`../activity.ts`) decides which activity runs when.
 */
export class ActivityState {
  readonly store: DocumentStore;
  readonly counters: Counters;
  readonly created: CreatedIds = {
    orders: [],
    invoices: [],
    payments: [],
    returns: [],
    reversals: [],
    cheque_bounces: [],
    receipt_voids: [],
  };
  /** Payments still RECORDED, and cheques of those still in hand: what a change can pick. */
  readonly recorded: string[];
  readonly inHand: string[];
  /** Orders the ERP confirmed that await delivery, oldest first. */
  readonly confirmed: string[];
  /** How many invoices, over all customers, still have money open. */
  openCount = 0;

  /** The payments the next changes take, in order (ActivityOptions `targets`). */
  readonly targets: string[];

  constructor(
    readonly db: Database,
    readonly world: World,
    readonly rng: Prng,
    targets: readonly string[] = [],
  ) {
    this.targets = [...targets];
    this.store = createDocumentStore(db);
    this.counters = new Counters(db, world.companyId);
    const ids = (sql: string): string[] =>
      (db.prepare(sql).all(world.companyId) as Array<{ id: string }>).map((row) => row.id);
    this.recorded = ids(
      "SELECT id FROM documents WHERE company_id = ? AND kind = 'payment' AND status = 'RECORDED' ORDER BY version DESC LIMIT 2000",
    ).reverse();
    this.inHand = ids(
      "SELECT id FROM documents WHERE company_id = ? AND kind = 'payment' AND status = 'RECORDED' AND json_extract(body, '$.cheque.status') = 'IN_HAND' ORDER BY version DESC LIMIT 2000",
    ).reverse();
    this.confirmed = ids(
      "SELECT id FROM documents WHERE company_id = ? AND kind = 'order' AND status = 'ERP_CONFIRMED' ORDER BY version",
    );
    for (const customer of world.customers) this.openCount += customer.open.length;
  }

  /** Stores a new document of the company. */
  insert(
    kind: DocumentKind,
    id: string,
    number: string,
    seq: number | null,
    customerId: string,
    body: { version: number; status: string; updated_at: string },
  ): void {
    this.store.insert({
      id,
      companyId: this.world.companyId,
      kind,
      number,
      version: body.version,
      seq,
      status: body.status,
      customerId,
      updatedAt: body.updated_at,
      body: JSON.stringify(body),
    });
  }

  /** A customer a rep can sell to; refused (409) when the company has no one to sell to or nothing to sell. */
  pickCustomer(): SimCustomer {
    const candidates = this.world.customers.filter((c) => !c.blocked);
    if (candidates.length === 0 || this.world.products.length === 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        'The company has no customer with a branch, no sales rep or no product with a price, so reps cannot sell. Push master data first.',
        { status: 409 },
      );
    }
    return this.rng.pick(candidates);
  }

  /** Drops settled invoices from the head of a customer's open list. */
  compact(customer: SimCustomer): void {
    const before = customer.open.length;
    customer.open = customer.open.filter((invoice) => invoice.openCents > 0);
    this.openCount -= before - customer.open.length;
  }
}
