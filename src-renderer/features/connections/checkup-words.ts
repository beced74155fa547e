// The check-up's words: what each screen can do with the client's scopes, the clock difference, the
// rate budget, the ERP mode, the token's days, and the plain-text report for the service's support
// (docs/decisions/093-connection-check-up.md), said from the catalogue (`connections.checkup.…` and
// `connections.report.…`) in the desk's language. The report is what the clerk copies into a message to
// support, so it is in the clerk's language too; its data (codes, ids, paths, times) stays as the
// service wrote it. Pure functions: the panel and the Review note show them.
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
import type { FeedKind } from '../../../src-shared/wire';
import { formatters, isolate, say } from '../../messages/intl';
import { assertNever } from '../ui/assert-never';
import { formatDate } from '../ui/format';

/** Beyond this many seconds apart, the clocks are "off" (the decision record says why a minute). */
const clockToleranceSeconds = 60;

/** From this many days before the token expires, the check-up says to rotate (issue 5: 30 days). */
const rotateWithinDays = 30;

/** The feed's name as a heading word ("Payments"). */
function feedLabel(kind: FeedKind): string {
  return say(`connections.checkup.feed.${kind}`);
}

/** Words joined as a list: "units, products and products' units". */
function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return say('connections.list.and', {
    rest: words.slice(0, -1).join(say('connections.list.comma')),
    last: words.at(-1),
  });
}

/** Scopes as alternatives: "invoices:read or invoices:write". */
function scopesText(scopes: readonly string[]): string {
  return scopes
    .map((scope) => isolate.ltr(scope))
    .reduce((first, second) => say('connections.checkup.or', { first, second }));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The records a push need names, as a list starting with a capital ("Units, products and …"). */
function recordsText(need: Extract<CheckedNeed, { action: 'push' }>): string {
  return capitalise(list(need.records.map((kind) => say(`connections.checkup.record.${kind}`))));
}

/** What a met need lets the clerk do, e.g. "Payments pulled". */
function needWorks(need: CheckedNeed): string {
  switch (need.action) {
    case 'pull':
      return say('connections.checkup.works.pull', { feed: feedLabel(need.feed) });
    case 'ack':
      return say('connections.checkup.works.ack', { feed: need.feed });
    case 'look-up':
      return say('connections.checkup.works.lookUp');
    case 'push':
      return say('connections.checkup.works.push', { records: recordsText(need) });
    default:
      return assertNever(need);
  }
}

/** What an unmet need stops, and which scope the client lacks, e.g. "Payments not pulled — …". */
function needMissing(need: CheckedNeed, clientName: string): string {
  const lacks = { client: isolate.name(clientName), scopes: scopesText(need.anyOf) };
  switch (need.action) {
    case 'pull':
      return say('connections.checkup.missing.pull', { ...lacks, feed: feedLabel(need.feed) });
    case 'ack':
      return say('connections.checkup.missing.ack', { ...lacks, feed: need.feed });
    case 'look-up':
      return say('connections.checkup.missing.lookUp', lacks);
    case 'push':
      return say('connections.checkup.missing.push', { ...lacks, records: recordsText(need) });
    default:
      return assertNever(need);
  }
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
      label: say(`connections.checkup.screen.${screen}`),
      works: needs.filter((need) => need.isMet).map(needWorks),
      missing: needs.filter((need) => !need.isMet).map((need) => needMissing(need, clientName)),
    };
  });
}

/** What works or is missing on a screen, as one line ("Invoices pulled; Accept and Reject of invoices"). */
export function needsLine(needs: readonly string[]): string {
  return needs.join(say('connections.checkup.separator'));
}

/**
 * The note where a feed is skipped because the client lacks its `:read` scope (the sync does not
 * call it: it would answer 403 SCOPE_MISSING).
 */
export function missingReadNote(kind: FeedKind, clientName: string): string {
  return say('connections.checkup.missingRead', {
    feed: feedLabel(kind),
    client: isolate.name(clientName),
    scope: isolate.ltr(`${kind}:read`),
  });
}

/** What to do about any missing scope, once under the table. */
export function askForScopes(): string {
  return say('connections.checkup.askForScopes');
}

/** Seconds as "3 min 12 s", "45 s", "2 h 5 min". */
function formatSpan(totalSeconds: number): string {
  const seconds = Math.abs(Math.round(totalSeconds));
  if (seconds < 60) return say('connections.span.seconds', { s: seconds });
  if (seconds < 3600) {
    const rest = seconds % 60;
    const m = Math.floor(seconds / 60);
    return rest === 0
      ? say('connections.span.minutes', { m })
      : say('connections.span.minutesSeconds', { m, s: rest });
  }
  const minutes = Math.round((seconds % 3600) / 60);
  const h = Math.floor(seconds / 3600);
  return minutes === 0
    ? say('connections.span.hours', { h })
    : say('connections.span.hoursMinutes', { h, m: minutes });
}

/** A time as this computer's clock reads it, to the second (`10:42:05`), in the clerk's digits. */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return formatters().digits(`${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`);
}

/** The clock difference in words, and whether it is beyond the tolerance. */
export function clockWords(clock: ConnectionCheckup['clock']): { isOff: boolean; text: string } {
  const skew = clock.skewSeconds;
  if (skew === null) return { isOff: false, text: say('connections.checkup.clock.unknown') };
  if (Math.abs(skew) <= clockToleranceSeconds) {
    return {
      isOff: false,
      text:
        skew === 0
          ? say('connections.checkup.clock.inStep')
          : say('connections.checkup.clock.inStepApart', { span: formatSpan(skew) }),
    };
  }
  return {
    isOff: true,
    text: say(skew > 0 ? 'connections.checkup.clock.behind' : 'connections.checkup.clock.ahead', {
      span: formatSpan(skew),
    }),
  };
}

/** The rate budget in words: what is left this minute and the last refusal for rate. */
export function rateWords(rate: ConnectionCheckup['rate']): string {
  const isKnown = rate.limit !== null && rate.remaining !== null;
  const values = {
    remaining: rate.remaining ?? 0,
    limit: rate.limit ?? 0,
    time: rate.last429At === null ? '' : isolate.ltr(formatClockTime(rate.last429At)),
    count: rate.refused429,
  };
  if (rate.last429At === null)
    return say(isKnown ? 'connections.checkup.rate.known' : 'connections.checkup.rate.unknown', values);
  return say(
    isKnown ? 'connections.checkup.rate.knownRefused' : 'connections.checkup.rate.unknownRefused',
    values,
  );
}

/** What the acks showed of the company's ERP mode (the interface tells it nowhere else). */
export function erpModeWords(mode: ConnectionCheckup['erpMode']): string {
  const time = isolate.ltr(mode.seenAt ? formatClockTime(mode.seenAt) : '?');
  switch (mode.state) {
    case 'not-api':
      return mode.requestId
        ? say('connections.checkup.erp.notApiRequest', {
            code: isolate.ltr('ERP_MODE_NOT_API'),
            time,
            requestId: isolate.ltr(mode.requestId),
          })
        : say('connections.checkup.erp.notApi', { code: isolate.ltr('ERP_MODE_NOT_API'), time });
    case 'api':
      return say('connections.checkup.erp.api', { time });
    case 'unknown':
      return say('connections.checkup.erp.unknown');
    default:
      return assertNever(mode.state);
  }
}

/** The token's days left, with the rotation hint within 30 days. */
export function tokenWords(expiry: TokenExpiry | undefined): { isDue: boolean; text: string } {
  if (!expiry) return { isDue: false, text: say('connections.checkup.token.unknown') };
  const date = isolate.ltr(formatDate(expiry.expiresAt.slice(0, 10)));
  if (expiry.daysLeft < 0) return { isDue: true, text: say('connections.checkup.token.expired', { date }) };
  const values = { days: expiry.daysLeft, date };
  return expiry.daysLeft < rotateWithinDays
    ? { isDue: true, text: say('connections.checkup.token.due', values) }
    : { isDue: false, text: say('connections.checkup.token.ok', values) };
}

/** The response to a recent call: its status and code, or that none came. */
export function callResponse(call: Pick<CallRecord, 'status' | 'code'>): string {
  const status = call.status === null ? say('connections.checkup.call.noAnswer') : String(call.status);
  return call.code ? `${status} ${call.code}` : status;
}

/** One recent call as a line of the report. */
function callLine(call: CallRecord): string {
  return [
    call.at,
    call.method,
    call.path,
    callResponse(call),
    call.requestId ?? '-',
    say('connections.checkup.call.duration', { ms: call.durationMs }),
  ].join('  ');
}

/** The check-up's state line for the report: the state's code, and the error the service answered. */
function stateValue(status: ConnectionStatus): string {
  const error = status.error;
  if (!error) return status.state;
  const values = {
    state: status.state,
    code: isolate.ltr(error.code),
    message: error.message,
    requestId: isolate.ltr(error.requestId ?? ''),
  };
  return say(
    error.requestId ? 'connections.report.state.errorRequest' : 'connections.report.state.error',
    values,
  );
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
  const unknown = '?';
  const field = (
    id:
      | 'checkedAt'
      | 'app'
      | 'connection'
      | 'company'
      | 'client'
      | 'tokenPrefix'
      | 'token'
      | 'scopes'
      | 'state'
      | 'erpMode',
    value: string,
  ): string => say(`connections.report.${id}`, { value });
  const lines = [
    say('connections.report.title'),
    field('checkedAt', isolate.ltr(checkup.checkedAt)),
    field(
      'app',
      app
        ? say('connections.report.app.value', {
            name: isolate.name(app.name),
            version: isolate.ltr(app.version),
            runtime: app.runtime,
          })
        : unknown,
    ),
    field(
      'connection',
      connection
        ? say('connections.report.connection.value', {
            label: isolate.name(connection.label),
            url: isolate.ltr(connection.baseUrl),
          })
        : say('connections.report.none'),
    ),
    field(
      'company',
      status.company
        ? say('connections.report.company.value', {
            name: isolate.name(status.company.name),
            code: isolate.ltr(status.company.code),
          })
        : unknown,
    ),
    field(
      'client',
      status.client
        ? say('connections.report.client.value', {
            name: isolate.name(status.client.name),
            system: isolate.ltr(status.client.system),
            limit: status.client.rateLimitPerMinute,
          })
        : unknown,
    ),
    field('tokenPrefix', status.client ? isolate.ltr(`${status.client.tokenPrefix}…`) : unknown),
    field('token', tokenWords(status.tokenExpiry).text),
    field(
      'scopes',
      scopes
        ? scopes.map((scope) => isolate.ltr(scope)).join(', ') || say('connections.report.none')
        : unknown,
    ),
    field('state', stateValue(checkup.status)),
    '',
    say('connections.report.screens'),
    ...(scopes
      ? screenRows(scopes, clientName).map(
          (row) =>
            `  ${say('connections.report.screen', {
              screen: row.label,
              needs: needsLine([...row.works, ...row.missing]) || '—',
            })}`,
        )
      : [`  ${say('connections.report.screensUnknown')}`]),
    '',
    checkup.clock.skewSeconds === null
      ? say('connections.report.clock', { value: clockWords(checkup.clock).text })
      : say('connections.report.clockSkew', {
          value: clockWords(checkup.clock).text,
          skew: checkup.clock.skewSeconds,
          date: isolate.ltr(checkup.clock.serviceDate ?? ''),
          at: isolate.ltr(checkup.clock.localAt ?? ''),
        }),
    checkup.rate.resetSeconds === null
      ? say('connections.report.rate', { value: rateWords(checkup.rate) })
      : say('connections.report.rateReset', {
          value: rateWords(checkup.rate),
          reset: checkup.rate.resetSeconds,
        }),
    field('erpMode', erpModeWords(checkup.erpMode)),
    '',
    say('connections.report.calls', { count: checkup.recentCalls.length }),
    ...checkup.recentCalls.map((call) => `  ${isolate.ltr(callLine(call))}`),
  ];
  return lines.join('\n');
}
