// The Connections feature's words: refused fields, the header badge and the expiry warning, said from
// the catalogue (`connections.…`). The words for codes are in ../../words/problem-words.ts (code
// switches end in assertNever).
import type { ConnectionStatus, StartChoice, StartPoint } from '../../../src-shared/bridge/contract';
import { isolate, say } from '../../messages/intl';
import { describeProblem, problemLine } from '../../words/problem-words';
import { formatDate, formatTime } from '../ui/format';
import { assertNever } from '../ui/assert-never';

/** The example address and token prefixes the words show (left to right, never translated). */
const addressExample = 'https://service.example.com/api/integration/v1';
const liveTokenPrefix = 'svc_live_';
const testTokenPrefix = 'svc_test_';

/** Words for a refused field of the add or rotate form (the bridge names fields, never values). */
export function describeField(field: string): string {
  switch (field) {
    case 'label':
      return say('connections.field.label');
    case 'baseUrl':
      return say('connections.field.baseUrl', { example: isolate.ltr(addressExample) });
    case 'token':
      return say('connections.field.token', {
        live: isolate.ltr(liveTokenPrefix),
        test: isolate.ltr(testTokenPrefix),
      });
    case 'start.date':
      return say('connections.field.startDate');
    default:
      return say('connections.field.other', { field: isolate.ltr(field) });
  }
}

/** The tone of a state in the header badge. */
export type Tone = 'ok' | 'warn' | 'error' | 'idle';

/** One line for the header: the active connection's state in plain words. */
export function describeConnection(status: ConnectionStatus | null): { tone: Tone; text: string } {
  if (!status) return { tone: 'idle', text: say('connections.checking') };
  switch (status.state) {
    case 'not-configured':
      // An installed desk can be tried before an administrator makes a client (decision 099).
      return { tone: 'warn', text: say('connections.badge.notConfigured') };
    case 'connected': {
      const who = {
        company: isolate.name(status.company?.name ?? ''),
        code: isolate.ltr(status.company?.code ?? ''),
        client: isolate.name(status.client?.name ?? ''),
      };
      if (status.tokenExpiry?.isExpiringSoon)
        return {
          tone: 'warn',
          text: say('connections.badge.connectedExpiring', {
            ...who,
            warning: expiryWarning(status.tokenExpiry.daysLeft),
          }),
        };
      return { tone: 'ok', text: say('connections.badge.connected', who) };
    }
    case 'error': {
      const words = describeProblem(status.error ?? { code: 'NETWORK_UNREACHABLE', message: '' });
      return { tone: 'error', text: problemLine(words).trim() };
    }
    default:
      return assertNever(status.state);
  }
}

/** The 30-day warning before a token expires (issue 5). */
export function expiryWarning(daysLeft: number): string {
  if (daysLeft < 0) return say('connections.expiry.expired');
  if (daysLeft === 0) return say('connections.expiry.today');
  return say('connections.expiry.days', { days: daysLeft });
}

/** A start a new connection may take, with its consequences in plain words. */
export interface StartChoiceWords {
  mode: StartChoice['mode'];
  label: string;
  consequence: string;
}

const startModes: ReadonlyArray<StartChoice['mode']> = ['everything', 'date', 'now'];

/**
 * Each start a new connection may take, with its consequences in plain words, in the desk's language
 * now (docs/decisions/090-where-to-start.md).
 */
export function startChoices(): StartChoiceWords[] {
  return startModes.map((mode) => ({
    mode,
    label: say(`connections.start.${mode}.label`),
    consequence: say(`connections.start.${mode}.consequence`),
  }));
}

/** Where a connection's feeds started, for its facts: "Everything", "Started from 2026-11-01", … */
export function describeStart(start: StartPoint): string {
  switch (start.mode) {
    case 'everything':
      return say('connections.start.everything.label');
    case 'date':
      return say('connections.start.date.fact', { date: isolate.ltr(formatDate(start.date)) });
    case 'now':
      return say('connections.start.now.fact', { time: isolate.ltr(formatTime(start.at)) });
    default:
      return assertNever(start);
  }
}
