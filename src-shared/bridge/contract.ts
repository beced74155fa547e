/**
 * The bridge contract between the renderer and the main-process core.
 *
 * Both transports (Electron IPC through the preload, and the browser-mode host over HTTP) expose exactly
 * these operations; `deskOperations` lists them for the loops that build each side. A type test proves
 * the list and the interface agree. This file has type-only imports so that the sandboxed preload can
 * load it.
 *
 * No operation answers with a token: a token goes in (`connections.add`, `connections.rotate`) and
 * stays in the main process (keychain and memory).
 */
import type { Result } from './result';
import type { MenuCommand, MenuWords } from './commands';
import type { AnyFeedPage } from '../domain/feeds';
import type { PushPlan, PushResultsPage, PushRunSummary } from '../domain/master-data';
import type {
  BatchAckResponse,
  BatchAckItem,
  FeedCursor,
  FeedKind as WireFeedKind,
  LookupEntity,
  LookupRecord,
  NameMap,
  ReferenceEntry,
  ReferenceKind,
} from '../wire';

/** Which runtime hosts the core. */
export type DeskRuntime = 'electron' | 'browser';

/** What the shell shows about the app itself. */
export interface AppInfo {
  name: string;
  version: string;
  runtime: DeskRuntime;
  /** Where this app keeps tokens: the OS keychain, or memory only when no keychain answered. */
  tokenStorage: TokenStorage;
  /** The core's files found damaged since the app started, each kept aside (the clerk is told). */
  damagedFiles: DamagedFile[];
}

/**
 * A file of the core's found damaged (not JSON: empty or cut by a power cut) and kept aside: its
 * document's name (`connections`, `push-runs`, `push-run-<id>`…), the file it was kept as, and when.
 */
export interface DamagedFile {
  name: string;
  keptAs: string;
  at: string;
}

/**
 * How a saved connection's token is kept.
 *
 * `os-keychain`: the OS keychain (kept across restarts); `memory`: this session only, never on disk.
 */
export type TokenStorage = 'os-keychain' | 'memory';

/**
 * Who a connection's token speaks for, as `GET /me` told when it was last verified.
 *
 * Spec, Identity and lookup: `GET /me` names the client and its company; `token_prefix` is the live
 * prefix plus 8 characters, enough to find the token in the console, never enough to use it.
 */
export interface ConnectionIdentity {
  companyId: string;
  companyCode: string;
  companyName: string;
  clientId: string;
  clientName: string;
  system: string;
  tokenPrefix: string;
}

/** A saved connection as the renderer may see it: never the token. */
export interface ConnectionView {
  id: string;
  label: string;
  baseUrl: string;
  isActive: boolean;
  tokenStorage: TokenStorage;
  /** Null until the connection's token has been verified once with `GET /me`. */
  identity: ConnectionIdentity | null;
  /**
   * Where the desk's feeds start on this connection, chosen once when it was added (connections saved
   * before the choice existed start from everything). docs/decisions/090-where-to-start.md.
   */
  start: StartPoint;
}

/**
 * Where a new connection's feeds start, as the user chooses it: every document the service holds, the
 * documents changed from a date on (`filter[updated_after]`), or only what happens from now on (each
 * feed's `/cursor`).
 */
export type StartChoice = { mode: 'everything' } | { mode: 'date'; date: string } | { mode: 'now' };

/**
 * A start as the connection keeps it. `now` is pinned when the connection is added (each feed's cursor
 * as the service told it then), so that a store dropped and synced again starts at the same place.
 * `date` is a `YYYY-MM-DD` day, taken from 00:00 UTC.
 */
export type StartPoint =
  | { mode: 'everything' }
  | { mode: 'date'; date: string }
  | { mode: 'now'; at: string; cursors: Partial<Record<FeedKind, FeedCursor>> };

/** The token's end of life, measured with the app's clock. */
export interface TokenExpiry {
  /** `token_expires_at` of `GET /me`. */
  expiresAt: string;
  /** Whole days left (negative once expired). */
  daysLeft: number;
  /** True from 30 days before the expiry: time to rotate. */
  isExpiringSoon: boolean;
}

/** The state of the active connection. */
export type ConnectionState = 'not-configured' | 'connected' | 'error';

/** What `GET /me` told about the active connection, in the app's words. */
export interface ConnectionStatus {
  connection: ConnectionView | null;
  state: ConnectionState;
  company?: { code: string; name: string };
  client?: {
    name: string;
    system: string;
    rateLimitPerMinute: number;
    tokenExpiresAt: string;
    tokenPrefix: string;
  };
  scopes?: string[];
  tokenExpiry?: TokenExpiry;
  /** Why the state is `error`: the interface's code (`TOKEN_REVOKED`, …) or the app's own. */
  error?: { code: string; message: string; requestId?: string };
}

/** A connection the user enters once: a label, `{base_url}` and a client token. */
export interface NewConnection {
  label: string;
  baseUrl: string;
  token: string;
  /** Where its feeds start; everything when absent. */
  start?: StartChoice;
}

/** A new token for a saved connection (the rotation helper). */
export interface TokenRotation {
  id: string;
  token: string;
}

/**
 * What a rotation did: the connection now uses the new token; the old one still works until it is
 * revoked in the console (spec, Authentication 5), which is the user's next step.
 */
export interface RotationReceipt {
  connection: ConnectionView;
  /** The prefix of the token to revoke now. */
  oldTokenPrefix: string;
  newTokenPrefix: string;
  newTokenExpiresAt: string;
}

/** A feed the desk pulls (spec, Pull documents), as the wire defines it. */
export type FeedKind = WireFeedKind;

/** The operations the renderer may call. */
export interface DeskApi {
  app: {
    info(): Promise<Result<AppInfo>>;
    /** The menu's words in the clerk's language: the desktop shell builds its menu with them; elsewhere nothing. */
    setMenuWords(words: MenuWords): Promise<Result<null>>;
  };
  connections: {
    list(): Promise<Result<ConnectionView[]>>;
    /** Asks the active connection's service `GET /me`. */
    status(): Promise<Result<ConnectionStatus>>;
    /** Verifies with `GET /me` first; saves (token to the keychain) and activates only then. */
    add(input: NewConnection): Promise<Result<ConnectionView>>;
    activate(id: string): Promise<Result<ConnectionStatus>>;
    /** Forgets the connection and deletes its token from the keychain. */
    remove(id: string): Promise<Result<ConnectionView[]>>;
    /** Verifies the new token for the same client and company, then switches to it. */
    rotate(input: TokenRotation): Promise<Result<RotationReceipt>>;
    /**
     * The active connection's check-up: `GET /me` now, the clock difference from the answers' `Date`
     * header, the rate budget and the last 429, what the ERP mode looks like, and the recent calls
     * with their request ids (no token, no query values that could hold one).
     */
    checkup(): Promise<Result<ConnectionCheckup>>;
  };
  feeds: {
    /**
     * One page (at most 500 documents) of a feed after a version: `GET /{kind}?filter[version_after]=…`.
     * The renderer stages it; the core keeps nothing.
     */
    pull(kind: FeedKind, request: FeedPullRequest): Promise<Result<AnyFeedPage>>;
    /** Where the feed's stream stands: `GET /{kind}/cursor`. */
    cursor(kind: FeedKind): Promise<Result<FeedCursor>>;
    /**
     * Documents by the service's ids as the service holds them now (`filter[id]`, at most 100 ids):
     * their current version and ack, which a version-ordered feed does not show when only an ack
     * changed (docs/decisions/020-invoice-acks.md). The ack sender checks a batch with it.
     */
    documents(kind: FeedKind, ids: string[]): Promise<Result<AnyFeedPage>>;
  };
  acks: {
    /**
     * Sends one stored batch of answers with `POST /acks`, its `id` as the `Idempotency-Key`: the same
     * batch sent again (a retry, after a restart) is applied once.
     */
    send(batch: AckBatch): Promise<Result<AckReceipt>>;
  };
  reference: {
    /**
     * A code list: `GET /reference/{kind}` (reasons, payment methods, statuses). A screen that shows the
     * list asks without options; the refresh after a sync asks with `isBackground` and is refused with
     * `BUDGET_NOT_SPARE` instead of spending the budget the clerk's work keeps (`BackgroundCall`).
     */
    list(kind: ReferenceKind, options?: BackgroundCall): Promise<Result<ReferenceEntry[]>>;
    /**
     * The names of customers by the service's ids (at most 100), one `GET /lookup?entity=customer&id=…`
     * each, so the grids read names rather than codes; `name` is null for an id the service does not know.
     */
    customerNames(ids: string[]): Promise<Result<CustomerName[]>>;
  };
  push: {
    /**
     * Starts a push of master data on the active connection: every call gets its `Idempotency-Key`
     * and the run is stored before the first call is sent; runs go one at a time.
     */
    start(plan: PushPlan): Promise<Result<PushRunSummary>>;
    /** Pauses a run; the call in flight is resent with its key on resume. */
    pause(runId: string): Promise<Result<PushRunSummary>>;
    /** Resumes a paused or stopped run (also after a restart) with the same keys. */
    resume(runId: string): Promise<Result<PushRunSummary>>;
    status(runId: string): Promise<Result<PushRunSummary>>;
    /** Every run kept on this computer, newest first. */
    list(): Promise<Result<PushRunSummary[]>>;
    /** One page (at most 500) of a run's per-record results. */
    results(runId: string, page: PushResultsPageRequest): Promise<Result<PushResultsPage>>;
  };
  lookup: {
    /** A customer by the ERP's key, with the service's current balance: `GET /lookup?entity=customer&ref=…`. */
    customer(ref: string): Promise<Result<LookupRecord>>;
    /**
     * Customers by the service's ids (at most 100), one `GET /lookup?entity=customer&id=…` each, with
     * the ERP balance last pushed, its `as_of` and the service's current balance; `record` is null for an
     * id the service does not know. The balance worksheet reads them.
     */
    customerBalances(ids: string[]): Promise<Result<CustomerBalance[]>>;
    /**
     * Customers by the ERP's keys (at most 100) in one bridge call; the core asks
     * `GET /lookup?entity=customer&ref=…` once per key, in order, through its paced, retrying client (the
     * interface has no lookup of several records). Each key gets its record or its own failure
     * (`NOT_FOUND` for a key the service does not know, `INVALID_ARGUMENT` for one that cannot be a
     * record key). The first failure of any other kind (no answer, a missing scope, the rate window
     * spent) would refuse every later key too: it is the last entry, and the keys after it are not asked.
     */
    customers(refs: string[]): Promise<Result<CustomerByRef[]>>;
    /**
     * Records of one entity by the service's ids (at most `maxLookupIds`) in one bridge call, so the desk
     * shows products, branches, units and warehouses by name (docs/decisions/107-names-not-codes.md);
     * the core asks `GET /lookup?entity=…&id=…` once per id, in order, through its paced, retrying
     * client. Each id gets its record or its own `NOT_FOUND`; the first failure of any other kind (no
     * answer, a missing scope, the rate window spent) would refuse every later id too: it is the last
     * entry, and the ids after it are not asked.
     *
     * Names are background work: each lookup is sent only while the rate window has budget to spare
     * beyond the half kept for the clerk's work (`BackgroundCall`). When it has not, the entry of the
     * first id not asked is `BUDGET_NOT_SPARE` (retryable) and is the last: the entries before it are
     * the ids looked up.
     */
    records(entity: LookupEntity, ids: string[]): Promise<Result<RecordById[]>>;
  };
  /**
   * Files the clerk saves (exports) and opens (imports). The desktop app shows its native Save and Open
   * dialogs (the main process writes and reads the file); browser mode keeps the browser's download and
   * file input. The renderer asks the same way in both and never sees a path it did not get back here.
   */
  files: {
    /** Offers `suggestedName` in a Save dialog and writes the bytes there; null when the clerk cancelled. */
    save(request: SaveFileRequest): Promise<Result<SavedFile | null>>;
    /**
     * An Open dialog for files of the given types: the files chosen (names and bytes), exactly one unless
     * `multiple`, or null when cancelled. A choice over the limits of file-limits.ts (`maxOpenFiles`
     * files, `maxFileBytes` per file and in all) is refused before anything is read.
     */
    open(request: OpenFileRequest): Promise<Result<OpenedFile[] | null>>;
  };
  audit: {
    /**
     * A page of the audit trail (docs/decisions/110-audit-trail.md): every call the desk made to any
     * service, newest first, as the core wrote it to its durable files, filtered; `next` asks for the
     * page after. No call holds a token or a body.
     */
    calls(query: AuditQuery): Promise<Result<AuditPage>>;
  };
  demo: {
    /**
     * "Open the demo company": starts the bundled sandbox (a separate process, its data in the app's
     * user-data folder) unless it runs already, saves a connection to its demo company with the demo
     * token (once; later calls reuse it), and makes it active. `DEMO_UNAVAILABLE` where this app has no
     * bundled sandbox.
     */
    open(): Promise<Result<ConnectionView>>;
  };
}

/** A file type a Save or Open dialog offers: "CSV file" with `['csv']`. */
export interface FileFilter {
  name: string;
  /** Extensions without the dot. */
  extensions: string[];
}

/** `files.save`'s request: the name offered, its type, and what the file holds. */
export interface SaveFileRequest {
  /** A file name without a folder ("invoices-2026-11-24.csv"). */
  suggestedName: string;
  filter: FileFilter;
  bytes: Uint8Array;
}

/** Where a saved file went: its name, and the full path where the app knows it (the desktop app). */
export interface SavedFile {
  name: string;
  path: string | null;
}

/** `files.open`'s request: the dialog's title, the types it offers, and whether several files may be chosen. */
export interface OpenFileRequest {
  title: string;
  filters: FileFilter[];
  /** Lets the clerk choose several files in one dialog (at most `maxOpenFiles`); one when absent. */
  multiple?: boolean;
}

/** A file the clerk opened: its name (no folder) and bytes. */
export interface OpenedFile {
  name: string;
  bytes: Uint8Array;
}

/** Which records `push.results` answers: from `offset`, at most `limit` (1 to 500). */
export interface PushResultsPageRequest {
  offset: number;
  limit: number;
}

/** A customer's name as `GET /lookup` gives it (docs/decisions/004-lookup-parameters-and-answer.md). */
export interface CustomerName {
  id: string;
  code: string | null;
  name: NameMap | null;
}

/** A customer's balance as `GET /lookup` answered it, read at `readAt` (the app's clock). */
export interface CustomerBalance {
  id: string;
  record: LookupRecord | null;
  readAt: string;
}

/** One ERP key of `lookup.customers` and what `GET /lookup` said of it: the customer, or why not. */
export interface CustomerByRef {
  ref: string;
  result: Result<LookupRecord>;
}

/** The most ERP keys of one `lookup.customers` call (one `GET /lookup` each). */
export const maxCustomerRefs = 100;

/**
 * How a call made by background work (names after a sync) is sent.
 *
 * `isBackground`: only while the connection's rate window has budget to spare beyond the half the
 * clerk's work keeps, never waiting for it; else refused with `BUDGET_NOT_SPARE`, for the next pass.
 */
export interface BackgroundCall {
  isBackground: boolean;
}

/** One service id of `lookup.records` and what `GET /lookup` said of it: the record, or why not. */
export interface RecordById {
  id: string;
  result: Result<LookupRecord>;
}

/** The most ids of one `lookup.records` call (one `GET /lookup` each). */
export const maxLookupIds = 100;

/** One call the core made on the active connection, as the check-up lists it: never a token. */
export interface CallRecord {
  at: string;
  method: string;
  /** The path under `{base_url}` with the query's names but not its values (`/invoices?filter[version_after]=…`). */
  path: string;
  /** The HTTP status, or null when no answer came (offline, timed out). */
  status: number | null;
  /** The interface's error code, when it answered one. */
  code: string | null;
  requestId: string | null;
  durationMs: number;
}

/**
 * One call the desk made, as the audit trail keeps it (docs/decisions/110-audit-trail.md): each attempt
 * on its own (a retry is a call), never its token or body.
 */
export interface AuditCall extends CallRecord {
  /** The connection it was made on (its id), or null for a connection not saved yet (a token tried). */
  connectionId: string | null;
  /** The connection's name as the clerk gave it then, or the service's host. */
  connection: string;
  /**
   * What the clerk did that made it: the bridge operation (`feeds.pull`, `acks.send`, `push.start`,
   * `connections.add`, …), or `desk` for the desk's own calls (the start-up's check of the connection).
   */
  action: string;
  /** The attempt's number within its call (1, then 2, … for retries). */
  attempt: number;
  idempotencyKey: string | null;
  /** Whether the service answered a repeated key with the first response (`Idempotent-Replayed`). */
  replayed: boolean;
}

/** Which calls of the audit trail a page holds. */
export interface AuditQuery {
  /** Calls sent at or after this time (ISO 8601); the start of the trail when absent. */
  from?: string;
  /** Calls sent before this time (ISO 8601); now when absent. */
  to?: string;
  connectionId?: string;
  /** `failed`: no answer, or an answer of 400 or more; `writes`: every method but GET. */
  outcome?: 'all' | 'failed' | 'writes';
  /** Words each found in the call's method, path, status, error code, request id, key or action. */
  text?: string;
  /** Where the page starts (a previous page's `next`); the newest call when absent. */
  after?: string;
  /** Calls a page holds at most (default and most: 500). */
  limit?: number;
}

/** A page of the audit trail, newest first. */
export interface AuditPage {
  calls: AuditCall[];
  /** Where the next (older) page starts, or null when this was the last. */
  next: string | null;
  /** Lines of the trail's files in the days read that could not be read (a line cut by a power cut). */
  unreadable: number;
  /** Calls the disk refused to keep since the app started (a full disk), which the trail lacks. */
  unwritten: number;
  /** The oldest day (`YYYY-MM-DD`, UTC) the trail still holds, or null when it holds nothing. */
  keptFrom: string | null;
}

/** Calls an audit page holds at most. */
export const maxAuditPage = 500;

/** How long and how much the audit trail keeps, whichever comes first (docs/decisions/110-audit-trail.md). */
export const auditKeepDays = 90;
export const auditMaxBytes = 256 * 1024 * 1024;

/**
 * The active connection's check-up (docs/decisions/093-connection-check-up.md).
 *
 * - `clock`: the service's `Date` header of the last answer against this computer's clock then;
 *   `skewSeconds` is service minus local (null before any answer).
 * - `rate`: `X-RateLimit-*` of the last answer, and when the service last answered 429.
 * - `erpMode`: `not-api` once an ack was refused with `ERP_MODE_NOT_API` (the interface shows the
 *   company's ERP mode nowhere else), `api` once an ack was applied since, `unknown` before either.
 */
export interface ConnectionCheckup {
  checkedAt: string;
  status: ConnectionStatus;
  clock: { serviceDate: string | null; localAt: string | null; skewSeconds: number | null };
  rate: {
    limit: number | null;
    remaining: number | null;
    resetSeconds: number | null;
    last429At: string | null;
    /** Calls answered 429 since the app started. */
    refused429: number;
  };
  erpMode: { state: 'api' | 'not-api' | 'unknown'; seenAt: string | null; requestId: string | null };
  /** The newest first, at most 50. */
  recentCalls: CallRecord[];
}

/** The most ids of one `feeds.documents` call (spec, Limits: `filter[id]` at most 100 ids). */
export const maxDocumentIds = 100;

/** What `feeds.pull` asks for: the cursor to resume after and the page size (1 to 500). */
export interface FeedPullRequest {
  versionAfter: number;
  perPage: number;
  /** Only documents with no ack at their current version (spec, Pull documents: `filter[ack]=pending`). */
  ack?: 'pending';
  /**
   * A first load from this time (`filter[updated_after]`, ISO 8601): only with `versionAfter` 0, and
   * then no version cursor is sent (spec: not allowed together with a cursor).
   */
  updatedAfter?: string;
  /**
   * Issued documents in issue order after this `seq` (`filter[seq_after]`, used on its own with
   * `per_page`): `versionAfter` is then not sent. Invoices, payments and returns only.
   */
  seqAfter?: number;
  /**
   * The saved connection whose store the page is for: refused with `OTHER_CONNECTION` when another
   * connection has become active meanwhile, so that one company's page is never staged in another's.
   */
  connectionId?: string;
}

/**
 * A batch of answers as the renderer stored it before its first send: `id` is created once and is the
 * `Idempotency-Key` of every send of this batch (spec, Limits), so `items` must never change.
 */
export interface AckBatch {
  id: string;
  kind: FeedKind;
  /** At most 500 (spec, Acknowledge documents). */
  items: BatchAckItem[];
}

/** What `POST /acks` answered for a batch; `isReplay` when the service replayed a stored answer. */
export interface AckReceipt {
  batchId: string;
  isReplay: boolean;
  requestId: string | null;
  response: BatchAckResponse;
}

/** Events the core pushes to the renderer. */
export interface DeskEvents {
  /** The active connection's state changed (another connection, a refused token, back online). */
  'connection.state': ConnectionStatus;
  /** A push run's progress or state changed. */
  'push.progress': PushRunSummary;
  /**
   * The clerk chose a command from the application menu or pressed its shortcut (commands.ts). In
   * browser mode the page's own shortcuts raise it, so the screens follow one event either way.
   */
  'menu.command': MenuCommand;
}

/** Every operation, as `area.verb`; the IPC channel is `desk:<operation>`. */
export const deskOperations = [
  'app.info',
  'app.setMenuWords',
  'connections.list',
  'connections.status',
  'connections.add',
  'connections.activate',
  'connections.remove',
  'connections.rotate',
  'connections.checkup',
  'feeds.pull',
  'feeds.cursor',
  'feeds.documents',
  'acks.send',
  'reference.list',
  'reference.customerNames',
  'push.start',
  'push.pause',
  'push.resume',
  'push.status',
  'push.list',
  'push.results',
  'lookup.customer',
  'lookup.customerBalances',
  'lookup.customers',
  'lookup.records',
  'files.save',
  'files.open',
  'audit.calls',
  'demo.open',
] as const;

/** One operation name. */
export type DeskOperation = (typeof deskOperations)[number];

/** Every event name; the IPC channel is `desk:event:<name>`. */
// No sync event: the sync engine runs in the renderer (it writes IndexedDB), so its progress lives
// in the renderer's store; the core only answers page by page.
export const deskEventNames = ['connection.state', 'push.progress', 'menu.command'] as const;

/** One event name. */
export type DeskEventName = keyof DeskEvents;

/** A listener of every core event, as the transports forward them. */
export type DeskEventListener = <E extends DeskEventName>(event: E, payload: DeskEvents[E]) => void;

/** The function behind an operation name, e.g. `OperationFn<'connections.list'>`. */
export type OperationFn<O extends DeskOperation> = O extends `${infer A}.${infer V}`
  ? A extends keyof DeskApi
    ? V extends keyof DeskApi[A]
      ? DeskApi[A][V]
      : never
    : never
  : never;

/** The arguments of an operation. */
export type OperationArgs<O extends DeskOperation> =
  OperationFn<O> extends (...args: infer P) => unknown ? P : never;

/** The resolved value of an operation. */
export type OperationValue<O extends DeskOperation> =
  OperationFn<O> extends (...args: never[]) => Promise<Result<infer V>> ? V : never;
