// The check-up's words: what each screen can do with the client's scopes, the clock difference, the
// rate budget, the ERP mode, the token's days, and the plain-text report for the service's support
// (docs/decisions/093-connection-check-up.md). Pure functions: the panel and the Review note show them.
import type {
  AppInfo,
  CallRecord,
  ConnectionCheckup,
  ConnectionStatus,
  TokenExpiry,
} from '../../../src-shared/bridge/contract';
import {
  checkScreenNeeds,
  checkupScreens,
  type CheckedNeed,
  type CheckupScreen,
} from '../../../src-shared/domain/screen-scopes';
import type { RecordKind } from '../../../src-shared/domain/master-data/kinds';
import type { FeedKind } from '../../../src-shared/wire';
import { assertNever } from '../ui/assert-never';
import { formatCount } from '../ui/format';

/** Beyond this many seconds apart, the clocks are "off" (the decision record says why a minute). */
const clockToleranceSeconds = 60;

/** From this many days before the token expires, the check-up says to rotate (issue 5: 30 days). */
const rotateWithinDays = 30;

/** Where a company administrator adds a scope (the console's words). */
const addScopeWhere = "the service's console, Integrations → the client → Scopes";

const screenLabels: Record<CheckupScreen, string> = {
  invoices: 'Invoices',
  payments: 'Payments',
  returns: 'Returns',
  orders: 'Orders',
  reconcile: 'Reconcile',
  'day-end': 'Day end',
  balances: 'Balances',
  'master-data': 'Master data',
};

const feedLabels: Record<FeedKind, string> = {
  orders: 'Orders',
  invoices: 'Invoices',
  payments: 'Payments',
  returns: 'Returns',
};

const recordLabels: Record<RecordKind, string> = {
  units: 'units',
  'price-lists': 'price lists',
  products: 'products',
  'product-units': "products' units",
  prices: 'prices',
  customers: 'customers',
  branches: 'branches',
  balances: 'balances',
};

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function scopesText(scopes: readonly string[]): string {
  return scopes.join(' or ');
}

/** What a met need lets the clerk do, e.g. "Payments pulled". */
function needWorks(need: CheckedNeed): string {
  switch (need.action) {
    case 'pull':
      return `${feedLabels[need.feed]} pulled`;
    case 'ack':
      return `Accept and Reject of ${need.feed}`;
    case 'look-up':
      return "Customers' balances read";
    case 'push':
      return `${capitalise(list(need.records.map((kind) => recordLabels[kind])))} pushed`;
    default:
      return assertNever(need);
  }
}

/** What an unmet need stops, and which scope the client lacks, e.g. "Payments not pulled — …". */
function needMissing(need: CheckedNeed, clientName: string): string {
  const lacks = `the client '${clientName}' lacks ${scopesText(need.anyOf)}`;
  switch (need.action) {
    case 'pull':
      return `${feedLabels[need.feed]} not pulled — ${lacks}`;
    case 'ack':
      return `Accept and Reject of ${need.feed} refused — ${lacks}`;
    case 'look-up':
      return `Customers' balances not read — ${lacks}`;
    case 'push':
      return `${capitalise(list(need.records.map((kind) => recordLabels[kind])))} not pushed — ${lacks}`;
    default:
      return assertNever(need);
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One row of the check-up's table: a screen, what works and what is missing. */
export interface ScreenRow {
  screen: CheckupScreen;
  label: string;
  works: string[];
  missing: string[];
}

/** The table of screens × what works and what is missing, from the client's scopes. */
export function screenRows(scopes: readonly string[], clientName: string): ScreenRow[] {
  const checked = checkScreenNeeds(scopes);
  return checkupScreens.map((screen) => {
    const needs = checked.filter((need) => need.screen === screen);
    return {
      screen,
      label: screenLabels[screen],
      works: needs.filter((need) => need.isMet).map(needWorks),
      missing: needs.filter((need) => !need.isMet).map((need) => needMissing(need, clientName)),
    };
  });
}

/**
 * The note where a feed is skipped because the client lacks its `:read` scope (the sync does not
 * call it: it would answer 403 SCOPE_MISSING).
 */
export function missingReadNote(kind: FeedKind, clientName: string): string {
  return `${feedLabels[kind]}: not pulled — the client '${clientName}' lacks ${kind}:read. Ask your company administrator to add it in ${addScopeWhere}.`;
}

/** What to do about any missing scope, once under the table. */
export const askForScopes = `Ask your company administrator to add a missing scope in ${addScopeWhere}. Then press Check again.`;

/** Seconds as "3 min 12 s", "45 s", "2 h 5 min". */
function formatSpan(totalSeconds: number): string {
  const seconds = Math.abs(Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const rest = seconds % 60;
    return rest === 0 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 60)} min ${rest} s`;
  }
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes === 0 ? `${Math.floor(seconds / 3600)} h` : `${Math.floor(seconds / 3600)} h ${minutes} min`;
}

/** A time as this computer's clock reads it, to the second (`10:42:05`). */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The clock difference in words, and whether it is beyond the tolerance. */
export function clockWords(clock: ConnectionCheckup['clock']): { isOff: boolean; text: string } {
  const skew = clock.skewSeconds;
  if (skew === null) return { isOff: false, text: 'Not known yet: no answer of the service has been read.' };
  if (Math.abs(skew) <= clockToleranceSeconds) {
    return {
      isOff: false,
      text:
        skew === 0 ? 'In step with the service.' : `In step with the service (${formatSpan(skew)} apart).`,
    };
  }
  const side = skew > 0 ? 'behind' : 'ahead of';
  return {
    isOff: true,
    text: `This computer's clock is ${formatSpan(skew)} ${side} the service: times in the app may look off; set the clock automatically (in the system's date and time settings).`,
  };
}

/** The rate budget in words: what is left this minute and the last refusal for rate. */
export function rateWords(rate: ConnectionCheckup['rate']): string {
  const left =
    rate.limit === null || rate.remaining === null
      ? 'Budget not known yet'
      : `${formatCount(rate.remaining)} of ${formatCount(rate.limit)} calls left this minute`;
  const refused =
    rate.last429At === null
      ? 'never refused for rate since the app began using this connection'
      : `last refused for rate at ${formatClockTime(rate.last429At)}, ${formatCount(rate.refused429)} ${rate.refused429 === 1 ? 'time' : 'times'} since the app began using this connection`;
  return `${left}; ${refused}.`;
}

/** What the acks showed of the company's ERP mode (the interface tells it nowhere else). */
export function erpModeWords(mode: ConnectionCheckup['erpMode']): string {
  switch (mode.state) {
    case 'not-api':
      return `Not API: the service refused an Accept with ERP_MODE_NOT_API at ${mode.seenAt ? formatClockTime(mode.seenAt) : '?'}${mode.requestId ? ` (request id ${mode.requestId})` : ''}. The company's ERP mode is set to manual (not API) in the service's console; an administrator sets it to API under Company settings → ERP mode.`;
    case 'api':
      return `API: acks are being applied (last at ${mode.seenAt ? formatClockTime(mode.seenAt) : '?'}).`;
    case 'unknown':
      return 'Not known yet: no Accept or Reject has been answered on this connection since the app started.';
    default:
      return assertNever(mode.state);
  }
}

/** The token's days left, with the rotation hint within 30 days. */
export function tokenWords(expiry: TokenExpiry | undefined): { isDue: boolean; text: string } {
  if (!expiry) return { isDue: false, text: 'Not known: the service did not answer GET /me.' };
  const on = expiry.expiresAt.slice(0, 10);
  const rotate =
    "Rotate it now: make a new token with Rotate in the service's console, paste it with Rotate token under Saved connections, then revoke the old one.";
  if (expiry.daysLeft < 0) return { isDue: true, text: `Expired on ${on}. ${rotate}` };
  const days = `${formatCount(expiry.daysLeft)} ${expiry.daysLeft === 1 ? 'day' : 'days'} left (expires ${on})`;
  return expiry.daysLeft < rotateWithinDays
    ? { isDue: true, text: `${days}. ${rotate}` }
    : { isDue: false, text: `${days}.` };
}

/** One recent call as a line of the report. */
function callLine(call: CallRecord): string {
  const status = call.status === null ? 'no answer' : String(call.status);
  return [
    call.at,
    call.method,
    call.path,
    call.code ? `${status} ${call.code}` : status,
    call.requestId ?? '-',
    `${call.durationMs} ms`,
  ].join('  ');
}

/**
 * The check-up as plain text for the service's support: the app, the connection, the client (its
 * token's prefix only, as `GET /me` shows it), the scopes, each fact, and the recent calls with their
 * request ids. Never the token: the renderer never holds it, and the calls' query values are already
 * replaced by the core.
 */
export function checkupReport(input: {
  app: AppInfo | null;
  checkup: ConnectionCheckup;
  /** The last status that answered `GET /me`, when the check-up's own did not. */
  known: ConnectionStatus | null;
}): string {
  const { app, checkup } = input;
  const status = checkup.status.state === 'connected' ? checkup.status : (input.known ?? checkup.status);
  const connection = checkup.status.connection;
  const scopes = status.scopes ?? null;
  const clientName = status.client?.name ?? '?';
  const lines = [
    'Reconciliation Desk — connection check-up',
    `Checked at: ${checkup.checkedAt} (this computer's clock, UTC)`,
    `App: ${app ? `${app.name} ${app.version} (${app.runtime === 'electron' ? 'desktop' : 'browser mode'})` : '?'}`,
    `Connection: ${connection ? `${connection.label} — ${connection.baseUrl}` : 'none'}`,
    `Company: ${status.company ? `${status.company.name} (${status.company.code})` : '?'}`,
    `Client: ${status.client ? `${status.client.name} (system ${status.client.system}, ${status.client.rateLimitPerMinute} requests per minute)` : '?'}`,
    `Token prefix: ${status.client ? `${status.client.tokenPrefix}…` : '?'}`,
    `Token: ${tokenWords(status.tokenExpiry).text}`,
    `Scopes: ${scopes ? scopes.join(', ') || 'none' : '?'}`,
    `State: ${checkup.status.state}${checkup.status.error ? ` — ${checkup.status.error.code}: ${checkup.status.error.message}${checkup.status.error.requestId ? ` (request id ${checkup.status.error.requestId})` : ''}` : ''}`,
    '',
    'Screens:',
    ...(scopes
      ? screenRows(scopes, clientName).map(
          (row) => `  ${row.label}: ${[...row.works, ...row.missing].join('; ') || '—'}`,
        )
      : ['  not known: the service did not answer GET /me']),
    '',
    `Clock: ${clockWords(checkup.clock).text}${checkup.clock.skewSeconds === null ? '' : ` Service minus this computer: ${checkup.clock.skewSeconds} s (Date ${checkup.clock.serviceDate} read at ${checkup.clock.localAt}).`}`,
    `Rate budget: ${rateWords(checkup.rate)}${checkup.rate.resetSeconds === null ? '' : ` Window resets in ${checkup.rate.resetSeconds} s.`}`,
    `ERP mode: ${erpModeWords(checkup.erpMode)}`,
    '',
    `Recent calls, newest first (${checkup.recentCalls.length}; time, method, path with query names only, status, request id, duration):`,
    ...checkup.recentCalls.map((call) => `  ${callLine(call)}`),
  ];
  return lines.join('\n');
}
