/**
 * Argument schemas of the bridge operations, checked by the main process before any call.
 *
 * Each entry is a TypeBox tuple of the operation's arguments; the dispatcher refuses anything else with
 * `INVALID_ARGUMENT`, whatever the transport. Every string is bounded and every object closed, so a
 * compromised renderer can hand the core nothing it does not expect.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { maxAuditPage, maxCustomerRefs, maxLookupIds, type DeskOperation } from './contract';
import {
  AckOutcomeSchema,
  FeedKindSchema,
  LookupEntitySchema,
  ReferenceKindSchema,
  RecordKeySchema,
} from '../wire';
import { maxAckBatchItems, maxAckMessageLength, maxExternalNumberLength } from '../domain/acks';
import { maxResultsPage, PushPlanSchema } from '../domain/master-data';
import { maxFileBytes } from './file-limits';
import type { menuRoles } from './commands';

/**
 * A client token as typed into the app.
 *
 * Spec, Authentication 3: `svc_live_` followed by 43 characters; a self-run copy issues `svc_test_`.
 */
export const TokenArgumentSchema = Type.String({ pattern: '^svc_(live|test)_[A-Za-z0-9_-]{43}$' });

/**
 * `{base_url}`: an http or https address (the service's own path included).
 *
 * Spec, introduction: paths are relative to `{base_url}`, which ends in `/api/integration/v1`. The core
 * parses it again and refuses plain http to anything but this machine.
 */
export const BaseUrlArgumentSchema = Type.String({
  minLength: 8,
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$',
});

/** A connection's label as the user names it ("Live", "Sandbox"). */
export const LabelArgumentSchema = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' });

/** A saved connection's id (the core makes them: UUIDs). */
export const ConnectionIdArgumentSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9-]+$',
});

/** Where a new connection's feeds start (contract.ts StartChoice): a date is `YYYY-MM-DD`. */
export const StartChoiceArgumentSchema = Type.Union([
  Type.Object({ mode: Type.Literal('everything') }, { additionalProperties: false }),
  Type.Object(
    { mode: Type.Literal('date'), date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) },
    { additionalProperties: false },
  ),
  Type.Object({ mode: Type.Literal('now') }, { additionalProperties: false }),
]);

/** `connections.add`'s one argument. */
export const NewConnectionArgumentSchema = Type.Object(
  {
    label: LabelArgumentSchema,
    baseUrl: BaseUrlArgumentSchema,
    token: TokenArgumentSchema,
    start: Type.Optional(StartChoiceArgumentSchema),
  },
  { additionalProperties: false },
);

/** `connections.rotate`'s one argument. */
export const TokenRotationArgumentSchema = Type.Object(
  { id: ConnectionIdArgumentSchema, token: TokenArgumentSchema },
  { additionalProperties: false },
);

/** `feeds.pull`'s request: a version cursor and a page size (spec, Limits: `per_page` 1 to 500). */
export const FeedPullRequestArgumentSchema = Type.Object(
  {
    versionAfter: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    perPage: Type.Integer({ minimum: 1, maximum: 500 }),
    ack: Type.Optional(Type.Literal('pending')),
    updatedAfter: Type.Optional(
      Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(Z|[+-]\\d{2}:\\d{2})$' }),
    ),
    seqAfter: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    connectionId: Type.Optional(ConnectionIdArgumentSchema),
  },
  { additionalProperties: false },
);

/** An optional answer text: absent, null, or a bounded string. */
function optionalText(maxLength: number) {
  return Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
}

/**
 * One item of `acks.send`: the service's id, the outcome and the bounded optional members.
 *
 * Spec, Acknowledge documents (batch items); docs/decisions/007-ack-bodies.md (`outcome` required).
 */
export const AckItemArgumentSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    outcome: AckOutcomeSchema,
    external_number: optionalText(maxExternalNumberLength),
    external_ref: optionalText(maxExternalNumberLength),
    message: optionalText(maxAckMessageLength),
    reason_code: optionalText(64),
  },
  { additionalProperties: false },
);

/**
 * `acks.send`'s batch: its id (the `Idempotency-Key`, spec Limits: at most 100 characters), the
 * feed, and 1 to 500 items (spec, Acknowledge documents).
 */
export const AckBatchArgumentSchema = Type.Object(
  {
    id: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' }),
    kind: FeedKindSchema,
    items: Type.Array(AckItemArgumentSchema, { minItems: 1, maxItems: maxAckBatchItems }),
  },
  { additionalProperties: false },
);

/** A push run's id (the core makes them: UUIDs). */
export const PushRunIdArgumentSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' });

/** `push.results`' page: an offset and 1 to 500 records (STYLE: data crosses in pages of at most 500). */
export const PushResultsPageArgumentSchema = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    limit: Type.Integer({ minimum: 1, maximum: maxResultsPage }),
  },
  { additionalProperties: false },
);

// Defined with the Open limits, which the renderer checks too (file-limits.ts imports no schema).
export { maxFileBytes };

/** A Save or Open dialog's file type: a short name and 1 to 10 extensions of letters and digits. */
export const FileFilterArgumentSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    extensions: Type.Array(Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' }), { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);

/** A file's bytes: a Uint8Array (IPC's structured clone keeps it one) no larger than `maxFileBytes`. */
export const FileBytesArgumentSchema = Type.Refine(
  Type.Unsafe<Uint8Array>({}),
  (value) => value instanceof Uint8Array && value.byteLength <= maxFileBytes,
  () => `a Uint8Array of at most ${maxFileBytes} bytes`,
);

/** A file name without a folder: no separators, no control characters, not "." or "..". */
export const FileNameArgumentSchema = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^(?!\\.{1,2}$)[^/\\\\:*?"<>|\\x00-\\x1f]+$',
});

/** `files.save`'s one argument. */
export const SaveFileRequestArgumentSchema = Type.Object(
  { suggestedName: FileNameArgumentSchema, filter: FileFilterArgumentSchema, bytes: FileBytesArgumentSchema },
  { additionalProperties: false },
);

/** `files.open`'s one argument. */
export const OpenFileRequestArgumentSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 120 }),
    filters: Type.Array(FileFilterArgumentSchema, { minItems: 1, maxItems: 10 }),
    // Several files at once (at most `maxOpenFiles`, checked on what the clerk chose: file-limits.ts).
    multiple: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** One word of the menu: short text, no control characters. */
/** An ISO 8601 time, as the audit trail's filters take it. */
const IsoTimeArgumentSchema = Type.String({
  minLength: 10,
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:\\d{2}))?$',
});

/** A page of the audit trail (contract.ts `AuditQuery`). */
export const AuditQueryArgumentSchema = Type.Object(
  {
    from: Type.Optional(IsoTimeArgumentSchema),
    to: Type.Optional(IsoTimeArgumentSchema),
    connectionId: Type.Optional(ConnectionIdArgumentSchema),
    outcome: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('failed'), Type.Literal('writes')])),
    text: Type.Optional(Type.String({ maxLength: 200 })),
    after: Type.Optional(Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}:\\d+$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxAuditPage })),
  },
  { additionalProperties: false },
);

const MenuWordSchema = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]*$' });

/** The menu's words (commands.ts `MenuWords`), each field required and no other. */
export const MenuWordsArgumentSchema = Type.Object(
  {
    appName: MenuWordSchema,
    file: MenuWordSchema,
    edit: MenuWordSchema,
    documents: MenuWordSchema,
    view: MenuWordSchema,
    window: MenuWordSchema,
    help: MenuWordSchema,
    about: MenuWordSchema,
    aboutDetail: Type.String({ minLength: 1, maxLength: 1000 }),
    commands: Type.Object(
      { sync: MenuWordSchema, accept: MenuWordSchema, reject: MenuWordSchema, find: MenuWordSchema },
      { additionalProperties: false },
    ),
    roles: Type.Object(
      {
        undo: MenuWordSchema,
        redo: MenuWordSchema,
        cut: MenuWordSchema,
        copy: MenuWordSchema,
        paste: MenuWordSchema,
        selectAll: MenuWordSchema,
        reload: MenuWordSchema,
        forceReload: MenuWordSchema,
        toggleDevTools: MenuWordSchema,
        resetZoom: MenuWordSchema,
        zoomIn: MenuWordSchema,
        zoomOut: MenuWordSchema,
        togglefullscreen: MenuWordSchema,
      } satisfies Record<(typeof menuRoles)[number], TSchema>,
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** One tuple schema per operation. */
export const operationArguments = {
  'app.info': Type.Tuple([]),
  'app.setMenuWords': Type.Tuple([MenuWordsArgumentSchema]),
  'connections.list': Type.Tuple([]),
  'connections.status': Type.Tuple([]),
  'connections.add': Type.Tuple([NewConnectionArgumentSchema]),
  'connections.activate': Type.Tuple([ConnectionIdArgumentSchema]),
  'connections.remove': Type.Tuple([ConnectionIdArgumentSchema]),
  'connections.rotate': Type.Tuple([TokenRotationArgumentSchema]),
  'connections.checkup': Type.Tuple([]),
  'feeds.pull': Type.Tuple([FeedKindSchema, FeedPullRequestArgumentSchema]),
  'feeds.cursor': Type.Tuple([FeedKindSchema]),
  // Spec, Limits: `filter[id]` takes at most 100 ids.
  'feeds.documents': Type.Tuple([
    FeedKindSchema,
    Type.Array(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^,]+$' }), {
      minItems: 1,
      maxItems: 100,
    }),
  ]),
  'acks.send': Type.Tuple([AckBatchArgumentSchema]),
  // The options are optional: a screen asks with the kind alone.
  'reference.list': Type.Tuple(
    [
      ReferenceKindSchema,
      Type.Optional(Type.Object({ isBackground: Type.Boolean() }, { additionalProperties: false })),
    ],
    { minItems: 1 },
  ),
  'reference.customerNames': Type.Tuple([
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }),
  ]),
  // Closed, bounded schemas of every call (src-shared/domain/master-data/push-plan.ts).
  'push.start': Type.Tuple([PushPlanSchema]),
  'push.pause': Type.Tuple([PushRunIdArgumentSchema]),
  'push.resume': Type.Tuple([PushRunIdArgumentSchema]),
  'push.status': Type.Tuple([PushRunIdArgumentSchema]),
  'push.list': Type.Tuple([]),
  'push.results': Type.Tuple([PushRunIdArgumentSchema, PushResultsPageArgumentSchema]),
  // Spec, Push semantics: a record key has 1 to 64 characters and no `/`.
  'lookup.customer': Type.Tuple([RecordKeySchema]),
  'lookup.customerBalances': Type.Tuple([
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }),
  ]),
  // Bounded, but wider than a record key: a key that cannot be one is answered per key by the core, as
  // `lookup.customer` refuses it, so one odd key of a register does not refuse the others.
  'lookup.customers': Type.Tuple([
    Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { minItems: 1, maxItems: maxCustomerRefs }),
  ]),
  // Service ids, as `lookup.customerBalances` takes them: one entity a call.
  'lookup.records': Type.Tuple([
    LookupEntitySchema,
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: maxLookupIds }),
  ]),
  'files.save': Type.Tuple([SaveFileRequestArgumentSchema]),
  'files.open': Type.Tuple([OpenFileRequestArgumentSchema]),
  'audit.calls': Type.Tuple([AuditQueryArgumentSchema]),
  'demo.open': Type.Tuple([]),
} satisfies Record<DeskOperation, TSchema>;

/** The checked arguments of an operation, as the schema reads them. */
export type CheckedArguments<O extends DeskOperation> = Static<(typeof operationArguments)[O]>;
