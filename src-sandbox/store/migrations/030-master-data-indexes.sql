-- Master data (issue 4): the reads a push or /lookup makes often.

-- A customer's invoices and payments, for its current balance (docs/decisions/035-balances-and-current-balance.md).
CREATE INDEX IF NOT EXISTS documents_by_customer_030 ON documents(company_id, customer_id, kind);

-- A customer's branches, for tombstoning them with it (docs/decisions/032-tombstones-and-routes.md).
CREATE INDEX IF NOT EXISTS records_by_parent_030 ON records(company_id, entity, parent_id);
