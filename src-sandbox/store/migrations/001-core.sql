-- The sandbox's store. One company's rows never mix with another's: every table carries company_id
-- (or hangs off a row that does), and every query filters by it.

-- Key/value facts of the store itself: the clock offset, the seed used for the demo company.
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE companies (
  id         TEXT PRIMARY KEY,
  code       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  suspended  INTEGER NOT NULL DEFAULT 0,
  erp_mode   TEXT NOT NULL DEFAULT 'api',      -- 'api' | 'manual' (ERP_MODE_NOT_API)
  created_at TEXT NOT NULL
) STRICT;

-- A connected system of one company (not a person).
CREATE TABLE clients (
  id                    TEXT PRIMARY KEY,
  company_id            TEXT NOT NULL REFERENCES companies(id),
  name                  TEXT NOT NULL,
  system                TEXT NOT NULL,
  scopes                TEXT NOT NULL,              -- JSON array of scope strings
  ip_allow              TEXT NOT NULL DEFAULT '[]', -- JSON array of addresses or CIDR blocks; [] = any
  rate_limit_per_minute INTEGER NOT NULL,
  created_at            TEXT NOT NULL
) STRICT;

-- Only a hash of each token is kept (spec, Authentication 3).
CREATE TABLE tokens (
  id           TEXT PRIMARY KEY,
  client_id    TEXT NOT NULL REFERENCES clients(id),
  token_hash   TEXT NOT NULL UNIQUE,               -- hex SHA-256 of the whole token
  token_prefix TEXT NOT NULL,                      -- live prefix plus 8 characters (GET /me)
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  revoked_at   TEXT
) STRICT;
CREATE INDEX tokens_by_client ON tokens(client_id);

-- Stored answers of writes, per client and Idempotency-Key (spec, Limits: kept 7 days).
CREATE TABLE idempotency_keys (
  client_id    TEXT NOT NULL,
  key          TEXT NOT NULL,
  request_hash TEXT NOT NULL,                      -- hex SHA-256 of method, path with query, body
  status       INTEGER NOT NULL,
  headers      TEXT NOT NULL,                      -- JSON object of answer headers to replay
  body         TEXT NOT NULL,                      -- the answer body, byte for byte
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  PRIMARY KEY (client_id, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX idempotency_by_expiry ON idempotency_keys(expires_at);

-- Monotonic counters per company: 'version' (documents' and records' version, shared so that it
-- strictly increases across every change), 'seq:invoice', 'seq:payment', 'seq:return' (issue order),
-- 'number:<kind>' (document numbers).
CREATE TABLE counters (
  company_id TEXT NOT NULL,
  name       TEXT NOT NULL,
  value      INTEGER NOT NULL,
  PRIMARY KEY (company_id, name)
) STRICT, WITHOUT ROWID;

-- Master data and the service's own records, one table for every entity that is addressed by the
-- ERP's key: 'unit', 'product', 'price_list', 'customer', 'branch', 'warehouse', 'sales_rep'.
-- A branch hangs off its customer (parent_id); every other entity has parent_id ''.
CREATE TABLE records (
  id             TEXT PRIMARY KEY,
  company_id     TEXT NOT NULL,
  entity         TEXT NOT NULL,
  parent_id      TEXT NOT NULL DEFAULT '',
  code           TEXT,                             -- the service's code (adoption by code)
  external_ref   TEXT,                             -- the ERP's key, once pushed or linked
  version        INTEGER NOT NULL,                 -- moves on created, updated, deleted only
  source_version TEXT,
  body           TEXT NOT NULL,                    -- JSON: the record's fields (push body shape)
  deleted        INTEGER NOT NULL DEFAULT 0,       -- tombstone
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX records_by_ref ON records(company_id, entity, parent_id, external_ref) WHERE external_ref IS NOT NULL;
CREATE INDEX records_by_code ON records(company_id, entity, code);

-- A product's sellable units; the whole list is replaced on push.
CREATE TABLE product_units (
  product_id     TEXT NOT NULL,
  unit_id        TEXT NOT NULL,
  factor_to_base REAL NOT NULL,
  order_default  INTEGER NOT NULL,
  position       INTEGER NOT NULL,
  PRIMARY KEY (product_id, unit_id)
) STRICT, WITHOUT ROWID;

-- A price list's rows, keyed by product, unit and valid_from (spec, Push bodies: Prices).
CREATE TABLE prices (
  list_id    TEXT NOT NULL,
  product_id TEXT NOT NULL,
  unit_id    TEXT NOT NULL,
  valid_from TEXT NOT NULL,
  valid_to   TEXT,
  price      REAL NOT NULL,
  min_price  REAL,
  PRIMARY KEY (list_id, product_id, unit_id, valid_from)
) STRICT, WITHOUT ROWID;

-- The ERP's balance of a customer, taken at as_of.
CREATE TABLE balances (
  customer_id  TEXT PRIMARY KEY,
  company_id   TEXT NOT NULL,
  balance      REAL NOT NULL,
  credit_limit REAL,
  as_of        TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

-- Which branches a route visits (BRANCH_ON_ROUTE).
CREATE TABLE routes (
  company_id TEXT NOT NULL,
  branch_id  TEXT NOT NULL,
  PRIMARY KEY (company_id, branch_id)
) STRICT, WITHOUT ROWID;

-- The four pulled documents. `body` is the document as served (JSON of the wire schema, without `ack`,
-- which is joined from `acks`); the other columns are what feeds filter and sort by.
CREATE TABLE documents (
  id           TEXT PRIMARY KEY,
  company_id   TEXT NOT NULL,
  kind         TEXT NOT NULL,                      -- 'order' | 'invoice' | 'payment' | 'return'
  number       TEXT NOT NULL,
  version      INTEGER NOT NULL,
  seq          INTEGER,                            -- issue order (invoices, payments, returns)
  status       TEXT NOT NULL,
  customer_id  TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  ack_id       INTEGER,                            -- the current ack (acks.id), if any
  ack_current  INTEGER NOT NULL DEFAULT 0,         -- 1 when the current ack answers the current version
  body         TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX documents_by_version ON documents(company_id, kind, version);
CREATE UNIQUE INDEX documents_by_seq ON documents(company_id, kind, seq) WHERE seq IS NOT NULL;

-- Every ack ever stored (the current one is documents.ack_id).
CREATE TABLE acks (
  id              INTEGER PRIMARY KEY,
  document_id     TEXT NOT NULL,
  client_id       TEXT NOT NULL,
  acked_version   INTEGER NOT NULL,
  outcome         TEXT NOT NULL,                   -- 'ACCEPTED' | 'REJECTED'
  external_number TEXT,
  external_ref    TEXT,
  message         TEXT,
  reason_code     TEXT,
  acked_at        TEXT NOT NULL
) STRICT;
CREATE INDEX acks_by_document ON acks(document_id);
CREATE INDEX acks_by_external_ref ON acks(external_ref) WHERE external_ref IS NOT NULL;
