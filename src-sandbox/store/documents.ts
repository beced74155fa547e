import type { Database, Statement } from 'better-sqlite3';
import type { Ack, AckBody, AckEntity, Invoice, Order, Payment, Return } from '../../src-shared/wire';
import { ApiError, type ErrorDetail } from '../errors';

/**
 * The store of the four pulled documents, their acks and their feeds (spec, Pull documents and
 * Acknowledge documents; tables in migrations/001-core.sql and 020-documents-feeds.sql).
 *
 * A document's `body` is its served JSON without `ack`, `external_number` and `external_ref`: those
 * three come from the document's latest ack when it is served, and the ERP keys of its master-data
 * references are read live (docs/decisions/025-refs-and-erp-keys-in-documents.md). Serving splices
 * the stored UTF-8 bytes (SQLite hands them over as Buffers) instead of parsing and re-serialising
 * each document, which keeps a 500-document page within the spec's speed budget; the simulator is
 * the only writer of bodies and a test checks them against the wire schemas.
 */

/** A document kind: the `entity` of a batch ack, and `documents.kind`. */
export type DocumentKind = AckEntity;

type Stored<T> = Omit<T, 'ack' | 'external_number' | 'external_ref'>;
/** An order as stored (served JSON without its ack and ERP number). */
export type StoredOrder = Stored<Order>;
/** An invoice as stored. */
export type StoredInvoice = Stored<Invoice>;
/** A payment as stored. */
export type StoredPayment = Stored<Payment>;
/** A return as stored. */
export type StoredReturn = Stored<Return>;
/** The stored body of each kind. */
export interface StoredBodies {
  order: StoredOrder;
  invoice: StoredInvoice;
  payment: StoredPayment;
  return: StoredReturn;
}

/** A document to insert. */
export interface NewDocument {
  id: string;
  companyId: string;
  kind: DocumentKind;
  number: string;
  version: number;
  seq: number | null;
  status: string;
  customerId: string;
  updatedAt: string;
  body: string;
}

/** A stored document with its latest ack (columns prefixed `ack_` are null when it has none). */
export interface DocumentWithAck {
  id: string;
  company_id: string;
  kind: DocumentKind;
  number: string;
  version: number;
  seq: number | null;
  status: string;
  updated_at: string;
  ack_current: number;
  body: string;
  ack_id: number | null;
  ack_acked_at: string | null;
  ack_acked_version: number | null;
  ack_outcome: 'ACCEPTED' | 'REJECTED' | null;
  ack_external_number: string | null;
  ack_external_ref: string | null;
  ack_message: string | null;
  ack_reason_code: string | null;
}

/** What a single ack, or one item of a batch ack, answers (spec, Acknowledge documents). */
export interface AckResult {
  result: 'applied' | 'unchanged';
  id: string;
  number: string;
  status: string;
  version: number;
  ack: Ack;
}

/** `filter[ack]` (spec, Pull documents). */
export type AckFilter = 'pending' | 'accepted' | 'rejected' | 'any';

/** A feed request after the route has checked the combination of parameters. */
export type FeedRequest =
  | {
      mode: 'version';
      companyId: string;
      kind: DocumentKind;
      perPage: number;
      /** The cursor; absent with `updatedAfter` (a first load). */
      versionAfter: number;
      updatedAfter?: string;
      ack: AckFilter;
      ids?: readonly string[];
      externalRef?: string;
    }
  | { mode: 'seq'; companyId: string; kind: DocumentKind; perPage: number; seqAfter: number };

/** Where a feed stands (spec, Pull documents: `GET /{feed}/cursor`). */
export interface FeedCursorValues {
  high_water: number;
  last_seq: number;
}

const selectWithAck = `SELECT d.id, d.company_id, d.kind, d.number, d.version, d.seq, d.status, d.updated_at, d.ack_current, d.body,
       a.id AS ack_id, a.acked_at AS ack_acked_at, a.acked_version AS ack_acked_version, a.outcome AS ack_outcome,
       a.external_number AS ack_external_number, a.external_ref AS ack_external_ref, a.message AS ack_message,
       a.reason_code AS ack_reason_code
  FROM documents d LEFT JOIN acks a ON a.id = d.ack_id`;

/**
 * The served JSON of a document, spliced in SQLite: the stored body plus, when it has one, its latest
 * ack (null members left out) and the ack's `external_number` and `external_ref` as the document's
 * own (docs/decisions/025-refs-and-erp-keys-in-documents.md). `length` and `substr` count characters
 * on both sides, so Arabic text is cut correctly.
 */
const servedSql = `CASE WHEN a.id IS NULL THEN d.body ELSE substr(d.body, 1, length(d.body) - 1)
  || ',"ack":' || json_patch('{}', json_object('acked_at', a.acked_at, 'acked_version', a.acked_version, 'outcome', a.outcome,
       'external_number', a.external_number, 'external_ref', a.external_ref, 'message', a.message, 'reason_code', a.reason_code))
  || CASE WHEN a.external_number IS NULL THEN '' ELSE ',"external_number":' || json_quote(a.external_number) END
  || CASE WHEN a.external_ref IS NULL THEN '' ELSE ',"external_ref":' || json_quote(a.external_ref) END
  || '}' END`;

// As a BLOB the served JSON reaches JavaScript as UTF-8 bytes: no UTF-16 string to build and encode
// again (a 500-invoice page with Arabic descriptions costs several milliseconds each way as a string).
const selectServed = `SELECT d.version, d.seq, CAST((${servedSql}) AS BLOB) AS served FROM documents d LEFT JOIN acks a ON a.id = d.ack_id`;

/** A served document (UTF-8 JSON) with the columns a feed's meta needs. */
interface ServedRow {
  version: number;
  seq: number | null;
  served: Buffer;
}

/**
 * Takes `count` values of a per-company counter at once and answers the first (spec, Versioning:
 * `version` strictly increases; `seq` has no gaps). 'version' is shared with master-data records.
 */
export function reserveCounter(db: Database, companyId: string, name: string, count = 1): number {
  const row = db
    .prepare(
      `INSERT INTO counters(company_id, name, value) VALUES (?, ?, ?)
       ON CONFLICT(company_id, name) DO UPDATE SET value = value + excluded.value RETURNING value`,
    )
    .get(companyId, name, count) as { value: number };
  return row.value - count + 1;
}

/** The ack of a document row, or null when it has none. */
export function ackOf(row: DocumentWithAck): Ack | null {
  if (
    row.ack_id === null ||
    row.ack_acked_at === null ||
    row.ack_acked_version === null ||
    row.ack_outcome === null
  )
    return null;
  const ack: Ack = {
    acked_at: row.ack_acked_at,
    acked_version: row.ack_acked_version,
    outcome: row.ack_outcome,
  };
  if (row.ack_external_number !== null) ack.external_number = row.ack_external_number;
  if (row.ack_external_ref !== null) ack.external_ref = row.ack_external_ref;
  if (row.ack_message !== null) ack.message = row.ack_message;
  if (row.ack_reason_code !== null) ack.reason_code = row.ack_reason_code;
  return ack;
}

/** Absent and null members of an ack body are the same answer. */
function sameAck(stored: Ack, given: AckBody): boolean {
  return (
    stored.outcome === given.outcome &&
    (stored.external_number ?? null) === (given.external_number ?? null) &&
    (stored.external_ref ?? null) === (given.external_ref ?? null) &&
    (stored.message ?? null) === (given.message ?? null) &&
    (stored.reason_code ?? null) === (given.reason_code ?? null)
  );
}

/** A stored body parsed as a plain object (the store wrote it; only top-level members are touched). */
function bodyObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error('a stored document body is not an object');
  return Object.fromEntries(Object.entries(value));
}

const refStart = '{"id":"';
const codeStart = ',"code":"';

/**
 * Adds `external_ref` to every master-data reference of served JSON (UTF-8) whose record has an
 * ERP key. References are stored as `{"id":"…"}` or `{"id":"…","code":"…"}`; other objects whose
 * first member is `id` name no record and are left alone.
 *
 * The bytes are read as a one-byte (latin1) string, one byte per character: ids and the JSON syntax
 * are ASCII, no byte of a multi-byte UTF-8 character can be taken for a quote or a backslash, and the result
 * goes back to the same bytes. This keeps a whole 500-document page to a few milliseconds.
 */
export function addErpKeys(json: Buffer, keys: ReadonlyMap<string, string>): Buffer {
  const text = json.toString('latin1');
  let out = '';
  let copied = 0;
  let at = text.indexOf(refStart);
  while (at >= 0) {
    const idStart = at + refStart.length;
    const idEnd = text.indexOf('"', idStart);
    if (idEnd < 0) break;
    const key = keys.get(text.slice(idStart, idEnd));
    let close = -1;
    if (key !== undefined) {
      if (text.charCodeAt(idEnd + 1) === 0x7d /* } */) {
        close = idEnd + 1;
      } else if (text.startsWith(codeStart, idEnd + 1)) {
        let i = idEnd + 1 + codeStart.length;
        while (i < text.length && text.charCodeAt(i) !== 0x22 /* " */)
          i += text.charCodeAt(i) === 0x5c /* backslash */ ? 2 : 1;
        if (text.charCodeAt(i + 1) === 0x7d) close = i + 1;
      }
    }
    if (key !== undefined && close >= 0) {
      out += `${text.slice(copied, close)},"external_ref":${Buffer.from(JSON.stringify(key)).toString('latin1')}`;
      copied = close;
    }
    at = text.indexOf(refStart, idEnd);
  }
  return copied === 0 ? json : Buffer.from(out + text.slice(copied), 'latin1');
}

const comma = Buffer.from(',');

/** `{"data":[d1,d2,…],"meta":{…}}` from served documents. */
function pageJson(documents: readonly Buffer[], meta: object): Buffer {
  const parts: Buffer[] = [Buffer.from('{"data":[')];
  documents.forEach((doc, i) => {
    if (i > 0) parts.push(comma);
    parts.push(doc);
  });
  parts.push(Buffer.from(`],"meta":${JSON.stringify(meta)}}`));
  return Buffer.concat(parts);
}

/** `{"data":doc}` from a served document. */
export function responseJson(document: Buffer): Buffer {
  return Buffer.concat([Buffer.from('{"data":'), document, Buffer.from('}')]);
}

/** The store of documents, acks and feeds over one database. */
export type DocumentStore = ReturnType<typeof createDocumentStore>;

/** Prepares the statements of the document store. */
export function createDocumentStore(db: Database) {
  const q = {
    insert:
      db.prepare(`INSERT INTO documents(id, company_id, kind, number, version, seq, status, customer_id, updated_at, ack_id, ack_current, body)
      VALUES (@id, @companyId, @kind, @number, @version, @seq, @status, @customerId, @updatedAt, NULL, 0, @body)`),
    find: db.prepare(`${selectWithAck} WHERE d.company_id = ? AND d.kind = ? AND d.id = ?`),
    findById: db.prepare(`${selectWithAck} WHERE d.id = ?`),
    served: db.prepare(`${selectServed} WHERE d.company_id = ? AND d.kind = ? AND d.id = ?`),
    insertAck:
      db.prepare(`INSERT INTO acks(document_id, client_id, acked_version, outcome, external_number, external_ref, message, reason_code, acked_at)
      VALUES (@documentId, @clientId, @ackedVersion, @outcome, @externalNumber, @externalRef, @message, @reasonCode, @ackedAt)`),
    setAck: db.prepare('UPDATE documents SET ack_id = ?, ack_current = 1 WHERE id = ?'),
    setAckAndChange: db.prepare(
      'UPDATE documents SET ack_id = ?, ack_current = 1, version = ?, status = ?, updated_at = ?, body = ? WHERE id = ?',
    ),
    change: db.prepare(
      'UPDATE documents SET version = @version, status = @status, updated_at = @updatedAt, body = @body, ack_current = COALESCE(@ackCurrent, ack_current) WHERE id = @id',
    ),
    highWater: db.prepare(
      'SELECT COALESCE(MAX(version), 0) AS v FROM documents WHERE company_id = ? AND kind = ?',
    ),
    lastSeq: db.prepare(
      'SELECT COALESCE(MAX(seq), 0) AS v FROM documents WHERE company_id = ? AND kind = ? AND seq IS NOT NULL',
    ),
    firstVersionSince: db.prepare(
      'SELECT MIN(version) AS v FROM documents WHERE company_id = ? AND kind = ? AND updated_at >= ?',
    ),
    recordsVersion: db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM records WHERE company_id = ?'),
    recordKeys: db.prepare(
      'SELECT id, external_ref FROM records WHERE company_id = ? AND external_ref IS NOT NULL',
    ),
  };
  const feedStatements = new Map<string, Statement>();
  const keyCache = new Map<string, { version: number; keys: Map<string, string> }>();

  /** The ERP keys of the company's master-data records, re-read only when a record changed. */
  function recordKeys(companyId: string): Map<string, string> {
    const version = (q.recordsVersion.get(companyId) as { v: number }).v;
    const cached = keyCache.get(companyId);
    if (cached && cached.version === version) return cached.keys;
    const keys = new Map<string, string>();
    for (const row of q.recordKeys.all(companyId) as Array<{ id: string; external_ref: string }>)
      keys.set(row.id, row.external_ref);
    keyCache.set(companyId, { version, keys });
    return keys;
  }

  /** Served JSON with the ERP keys of its references (docs/decisions/025-refs-and-erp-keys-in-documents.md). */
  function withKeys(json: Buffer, keys: ReadonlyMap<string, string>): Buffer {
    return keys.size > 0 ? addErpKeys(json, keys) : json;
  }

  function feedStatement(sql: string): Statement {
    let statement = feedStatements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      feedStatements.set(sql, statement);
    }
    return statement;
  }

  /** Where a feed stands: its highest version and its last issued `seq` (0 when none). */
  function cursor(companyId: string, kind: DocumentKind): FeedCursorValues {
    return {
      high_water: (q.highWater.get(companyId, kind) as { v: number }).v,
      last_seq: (q.lastSeq.get(companyId, kind) as { v: number }).v,
    };
  }

  /**
   * One page of a feed as the answer's JSON, UTF-8 (spec, Pull documents; docs/decisions/021-feed-filters.md).
   *
   * Version mode lists every change in version order after the cursor; `has_more` says whether more
   * matching documents follow; `next_version_after` is the last version on the page, or the cursor
   * when the page is empty. Seq mode lists issued documents once, in `seq` order, with `last_seq`.
   */
  function feedPage(request: FeedRequest): Buffer {
    const { companyId, kind, perPage } = request;
    const highWater = (q.highWater.get(companyId, kind) as { v: number }).v;
    const keys = recordKeys(companyId);
    if (request.mode === 'seq') {
      const rows = feedStatement(
        `${selectServed} WHERE d.company_id = ? AND d.kind = ? AND d.seq > ? ORDER BY d.seq LIMIT ?`,
      ).all(companyId, kind, request.seqAfter, perPage + 1) as ServedRow[];
      const page = rows.slice(0, perPage);
      const last = page.at(-1);
      const meta = {
        has_more: rows.length > perPage,
        high_water: highWater,
        next_version_after: page.reduce((max, row) => Math.max(max, row.version), 0),
        per_page: perPage,
        last_seq: last?.seq ?? request.seqAfter,
      };
      return withKeys(
        pageJson(
          page.map((row) => row.served),
          meta,
        ),
        keys,
      );
    }

    let after = request.versionAfter;
    if (request.updatedAfter !== undefined) {
      // A first load starts at the first change at or after the time (spec: filter[updated_after]).
      const first = (q.firstVersionSince.get(companyId, kind, request.updatedAfter) as { v: number | null })
        .v;
      after = first === null ? highWater : first - 1;
    }
    const where = ['d.company_id = ?', 'd.kind = ?', 'd.version > ?'];
    const args: Array<string | number> = [companyId, kind, after];
    if (request.ack === 'pending') {
      // An order awaits its answer while ERP_PENDING; other kinds while no ack answers their current
      // version (docs/decisions/023-order-lifecycle.md).
      where.push(kind === 'order' ? "d.status = 'ERP_PENDING'" : 'd.ack_current = 0');
    } else if (request.ack === 'accepted' || request.ack === 'rejected') {
      where.push('d.ack_current = 1', 'a.outcome = ?');
      args.push(request.ack === 'accepted' ? 'ACCEPTED' : 'REJECTED');
    }
    if (request.ids) {
      where.push(`d.id IN (${request.ids.map(() => '?').join(',')})`);
      args.push(...request.ids);
    }
    if (request.externalRef !== undefined) {
      where.push('a.external_ref = ?');
      args.push(request.externalRef);
    }
    args.push(perPage + 1);
    const rows = feedStatement(`${selectServed} WHERE ${where.join(' AND ')} ORDER BY d.version LIMIT ?`).all(
      ...args,
    ) as ServedRow[];
    const page = rows.slice(0, perPage);
    const meta = {
      has_more: rows.length > perPage,
      high_water: highWater,
      next_version_after: page.at(-1)?.version ?? after,
      per_page: perPage,
    };
    return withKeys(
      pageJson(
        page.map((row) => row.served),
        meta,
      ),
      keys,
    );
  }

  /** A document of a company, or undefined (another company's id is not found: tenancy). */
  function find(companyId: string, kind: DocumentKind, id: string): DocumentWithAck | undefined {
    return q.find.get(companyId, kind, id) as DocumentWithAck | undefined;
  }

  /** A document by id in any company (the admin API), or undefined. */
  function findById(id: string): DocumentWithAck | undefined {
    return q.findById.get(id) as DocumentWithAck | undefined;
  }

  /** A document's served JSON (UTF-8), or a 404 `NOT_FOUND` naming the kind and id. */
  function serveOne(companyId: string, kind: DocumentKind, id: string): Buffer {
    const row = q.served.get(companyId, kind, id) as ServedRow | undefined;
    if (!row) throw notFound(kind, id);
    return withKeys(row.served, recordKeys(companyId));
  }

  /** Inserts a new document (the simulator's flows). */
  function insert(doc: NewDocument): void {
    q.insert.run(doc);
  }

  /**
   * Records a change of a document at a new version: its body (already carrying `version`,
   * `updated_at` and `status`) replaces the stored one. A change of an invoice, payment or return
   * makes it pending again (spec, Ack: "when the document changes later it is pending again"); an
   * order keeps its ack unless `resetAck` (the office sending it again).
   */
  function change(
    id: string,
    kind: DocumentKind,
    body: { version: number; updated_at: string; status: string },
    resetAck = false,
  ): void {
    q.change.run({
      id,
      version: body.version,
      status: body.status,
      updatedAt: body.updated_at,
      body: JSON.stringify(body),
      ackCurrent: kind !== 'order' || resetAck ? 0 : null,
    });
  }

  /**
   * Applies one ack (spec, Acknowledge documents; triggers in docs/decisions/022-ack-conflicts.md):
   *
   * - the same answer again while it is current answers `unchanged` and writes nothing;
   * - an order not `ERP_PENDING` is refused with `409 ORDER_NOT_AWAITING_ACK`;
   * - an invoice, payment or return whose current version already has a different answer is refused
   *   with `409 ALREADY_ACKNOWLEDGED`;
   * - an order ack needs the ERP's number when ACCEPTED and a reason when REJECTED (`422`);
   * - otherwise the ack is stored at the current version; an order moves to `ERP_CONFIRMED` or
   *   `ERP_FAILED` at a new version and the ack stays current.
   *
   * `fields` names the id and prefixes the body's members in `details` (`params.id` and `body.` for a
   * single ack, `body.items.3.id` and `body.items.3.` in a batch). Throws `ApiError` to refuse.
   */
  function applyAck(
    companyId: string,
    kind: DocumentKind,
    id: string,
    ackBody: AckBody,
    clientId: string,
    nowIso: string,
    fields: { id: string; body: string },
  ): AckResult {
    const field = fields.body;
    const row = find(companyId, kind, id);
    if (!row) throw notFound(kind, id, fields.id);
    const current = row.ack_current === 1 ? ackOf(row) : null;
    if (current && sameAck(current, ackBody)) {
      return {
        result: 'unchanged',
        id: row.id,
        number: row.number,
        status: row.status,
        version: row.version,
        ack: current,
      };
    }
    if (kind === 'order' && row.status !== 'ERP_PENDING') {
      const answered = current
        ? ` It was answered ${current.outcome} at version ${current.acked_version}.`
        : '';
      throw new ApiError(
        'ORDER_NOT_AWAITING_ACK',
        `Order ${row.number} is ${row.status}, not awaiting the ERP (ERP_PENDING).${answered} Only the identical ack may be repeated; an ERP_FAILED order awaits an answer again once the office sends it again.`,
        { details: [{ field: fields.id, code: 'not_awaiting_ack', value: row.status }] },
      );
    }
    if (current) {
      throw new ApiError(
        'ALREADY_ACKNOWLEDGED',
        `The ${kind} ${row.number} at version ${row.version} was already answered ${current.outcome}${current.external_number ? ` (${current.external_number})` : ''} at ${current.acked_at}. Only the identical ack may be repeated; a different answer waits for the document's next version.`,
        { details: [{ field: `${field}outcome`, code: 'already_acknowledged', value: current.outcome }] },
      );
    }
    if (kind === 'order') requireOrderAck(ackBody, field);

    const ack: Ack = { acked_at: nowIso, acked_version: row.version, outcome: ackBody.outcome };
    if (ackBody.external_number != null) ack.external_number = ackBody.external_number;
    if (ackBody.external_ref != null) ack.external_ref = ackBody.external_ref;
    if (ackBody.message != null) ack.message = ackBody.message;
    if (ackBody.reason_code != null) ack.reason_code = ackBody.reason_code;
    const ackId = Number(
      q.insertAck.run({
        documentId: row.id,
        clientId,
        ackedVersion: row.version,
        outcome: ack.outcome,
        externalNumber: ack.external_number ?? null,
        externalRef: ack.external_ref ?? null,
        message: ack.message ?? null,
        reasonCode: ack.reason_code ?? null,
        ackedAt: nowIso,
      }).lastInsertRowid,
    );
    if (kind !== 'order') {
      q.setAck.run(ackId, row.id);
      return {
        result: 'applied',
        id: row.id,
        number: row.number,
        status: row.status,
        version: row.version,
        ack,
      };
    }
    // spec, States and transitions: ACCEPTED → ERP_CONFIRMED, REJECTED → ERP_FAILED; the order
    // changed, so its version moves (spec, Versioning).
    const status = ackBody.outcome === 'ACCEPTED' ? 'ERP_CONFIRMED' : 'ERP_FAILED';
    const version = reserveCounter(db, companyId, 'version');
    const body = bodyObject(row.body);
    body.status = status;
    body.version = version;
    body.updated_at = nowIso;
    q.setAckAndChange.run(ackId, version, status, nowIso, JSON.stringify(body), row.id);
    return { result: 'applied', id: row.id, number: row.number, status, version, ack };
  }

  /**
   * Moves a document to `status` at a new version (the console's resend of an order); `resetAck`
   * makes it await a new answer.
   */
  function setStatus(row: DocumentWithAck, status: string, nowIso: string, resetAck: boolean): void {
    const body = bodyObject(row.body);
    const version = reserveCounter(db, row.company_id, 'version');
    body.status = status;
    body.version = version;
    body.updated_at = nowIso;
    q.change.run({
      id: row.id,
      version,
      status,
      updatedAt: nowIso,
      body: JSON.stringify(body),
      ackCurrent: resetAck ? 0 : null,
    });
  }

  return { insert, find, findById, serveOne, change, setStatus, applyAck, feedPage, cursor };
}

/** 404 for an id that no document of the kind has in the caller's company. */
function notFound(kind: DocumentKind, id: string, field = 'id'): ApiError {
  return new ApiError('NOT_FOUND', `No ${kind} has the id ${id}. Use the ids the ${kind} feed gives.`, {
    details: [{ field, value: id }],
  });
}

/**
 * An order's ack carries the ERP's number when ACCEPTED and a reason when REJECTED (spec, States and
 * transitions: "ACCEPTED with the ERP's number", "REJECTED with a reason";
 * docs/decisions/023-order-lifecycle.md).
 */
function requireOrderAck(ackBody: AckBody, field: string): void {
  const details: ErrorDetail[] = [];
  if (ackBody.outcome === 'ACCEPTED' && !ackBody.external_number) {
    details.push({
      field: `${field}external_number`,
      code: 'required',
      value: 'an ACCEPTED order needs the ERP number',
    });
  }
  if (ackBody.outcome === 'REJECTED' && !ackBody.reason_code && !ackBody.message) {
    details.push({
      field: `${field}reason_code`,
      code: 'required',
      value: 'a REJECTED order needs reason_code or message',
    });
  }
  if (details.length > 0) {
    throw new ApiError(
      'INVALID_REQUEST',
      ackBody.outcome === 'ACCEPTED'
        ? "An order is accepted with the ERP's number: send external_number."
        : 'An order is rejected with a reason: send reason_code or message.',
      { status: 422, details },
    );
  }
}
