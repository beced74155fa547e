-- Documents, feeds, acks and the activity simulator (issue 3, documents part).

-- filter[updated_after]: the first version changed at or after a time (docs/decisions/021-feed-filters.md).
CREATE INDEX IF NOT EXISTS documents_by_updated_020 ON documents(company_id, kind, updated_at, version);

-- filter[ack]=pending on orders (status ERP_PENDING) and the simulator's picks (confirmed orders to
-- deliver, recorded payments to reverse).
CREATE INDEX IF NOT EXISTS documents_by_status_020 ON documents(company_id, kind, status, version);

-- The newest master-data version of a company: when it moves, the ERP keys served in documents' refs
-- are read again (docs/decisions/025-refs-and-erp-keys-in-documents.md).
CREATE INDEX IF NOT EXISTS records_by_version_020 ON records(company_id, version);

-- What the activity simulator remembers between calls (docs/decisions/026-demo-data-and-simulator.md);
-- never served.
-- A customer's price list, sales rep and running balance (what receipts print as balance_after).
CREATE TABLE sim_customers (
  customer_id   TEXT PRIMARY KEY,
  company_id    TEXT NOT NULL,
  price_list_id TEXT,
  sales_rep_id  TEXT,
  balance_cents INTEGER NOT NULL
) STRICT;

-- An issued invoice's amount still open for payments, and the quantity of each line still returnable
-- (JSON array of [line_number, thousandths]).
CREATE TABLE sim_invoices (
  invoice_id  TEXT PRIMARY KEY,
  company_id  TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  branch_id   TEXT NOT NULL,
  number      TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  open_cents  INTEGER NOT NULL,
  returnable  TEXT NOT NULL
) STRICT;
CREATE INDEX sim_invoices_by_company ON sim_invoices(company_id, customer_id);
