// The Connections feature's words: refused fields, the header badge and the expiry warning. The words
// for codes are in ../../words/problem-words.ts (code switches end in assertNever).
import type { ConnectionStatus, StartChoice, StartPoint } from '../../../src-shared/bridge/contract';
import { describeProblem } from '../../words/problem-words';
import { formatTime } from '../ui/format';
import { assertNever } from '../ui/assert-never';

/** Words for a refused field of the add or rotate form (the bridge names fields, never values). */
export function describeField(field: string): string {
  switch (field) {
    case 'label':
      return 'Give the connection a name, e.g. "Live" or "Sandbox".';
    case 'baseUrl':
      return 'Enter the service address, e.g. https://service.example.com/api/integration/v1.';
    case 'token':
      return 'A token starts with svc_live_ or svc_test_ followed by 43 characters. Copy it again, whole.';
    case 'start.date':
      return 'Choose a day of the calendar to start from.';
    default:
      return `Check ${field}.`;
  }
}

/** The tone of a state in the header badge. */
export type Tone = 'ok' | 'warn' | 'error' | 'idle';

/** One line for the header: the active connection's state in plain words. */
export function describeConnection(status: ConnectionStatus | null): { tone: Tone; text: string } {
  if (!status) return { tone: 'idle', text: 'Checking the connection…' };
  switch (status.state) {
    case 'not-configured':
      // An installed desk can be tried before an administrator makes a client (decision 099).
      return {
        tone: 'warn',
        text: "No connection yet. Open the demo company to try the desk, or add your service's address and token in Connections.",
      };
    case 'connected': {
      const base = `Connected to ${status.company?.name ?? ''} (${status.company?.code ?? ''}) as ${status.client?.name ?? ''}`;
      if (status.tokenExpiry?.isExpiringSoon)
        return { tone: 'warn', text: `${base} · ${expiryWarning(status.tokenExpiry.daysLeft)}` };
      return { tone: 'ok', text: base };
    }
    case 'error': {
      const words = describeProblem(status.error ?? { code: 'NETWORK_UNREACHABLE', message: '' });
      return { tone: 'error', text: `${words.title} ${words.next}`.trim() };
    }
    default:
      return assertNever(status.state);
  }
}

/** The 30-day warning before a token expires (issue 5). */
export function expiryWarning(daysLeft: number): string {
  if (daysLeft < 0) return 'The token has expired: rotate it now.';
  if (daysLeft === 0) return 'The token expires today: rotate it now.';
  return `The token expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}: rotate it soon.`;
}

/**
 * Each start a new connection may take, with its consequences in plain words
 * (docs/decisions/090-where-to-start.md).
 */
export const startChoices: ReadonlyArray<{ mode: StartChoice['mode']; label: string; consequence: string }> =
  [
    {
      mode: 'everything',
      label: 'Everything',
      consequence:
        'Every document the service holds, however old. The first sync of a company with years of history can take a while; the desk can be used as it fills.',
    },
    {
      mode: 'date',
      label: 'From a date',
      consequence:
        'Documents changed from that day on. Older documents still waiting for an answer do not appear here: answer them where you answered them before. The day-end report starts that day.',
    },
    {
      mode: 'now',
      label: 'From now',
      consequence:
        'Only what is issued or changes from now on: ready in seconds. Older documents still waiting for an answer do not appear here and must be answered elsewhere.',
    },
  ];

/** Where a connection's feeds started, for its facts: "Everything", "Started from 2026-11-01", … */
export function describeStart(start: StartPoint): string {
  switch (start.mode) {
    case 'everything':
      return 'Everything';
    case 'date':
      return `Started from ${start.date}`;
    case 'now':
      return `Started from now (${formatTime(start.at)})`;
    default:
      return assertNever(start);
  }
}
