import { useState } from 'react';
import {
  askForScopes,
  checkupReport,
  clockWords,
  erpModeWords,
  formatClockTime,
  rateWords,
  screenRows,
  tokenWords,
} from './checkup-words';
import { CheckupOffer } from './OpenCheckupButton';
import { ProblemMessage } from './ProblemMessage';
import { checkupPanelId, useCheckup } from './use-checkup';
import './checkup.css';

/**
 * The active connection's check-up (docs/decisions/093-connection-check-up.md): what each screen can
 * do with the client's scopes, the clock difference, the rate budget, the ERP mode, the token's days,
 * the recent calls, and a report to copy for the service's support (never the token).
 */
export function CheckupPanel() {
  const { app, known, checkup, error, isChecking, check } = useCheckup();
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  if (!known?.connection) return null;

  // The scopes as the check-up's own GET /me told them, else as the last answer did.
  const sameConnection = checkup?.status.connection?.id === known.connection.id;
  const status = checkup && sameConnection && checkup.status.state === 'connected' ? checkup.status : known;
  const scopes = status.scopes ?? null;
  const clientName = status.client?.name ?? 'this client';
  const rows = scopes ? screenRows(scopes, clientName) : null;
  const report = checkup && sameConnection ? checkupReport({ app, checkup, known }) : '';

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(report);
      setCopied('copied');
    } catch {
      setCopied('select');
    }
  };

  const clock = checkup ? clockWords(checkup.clock) : null;
  const token = tokenWords(status.tokenExpiry);
  return (
    <section className="card checkup" aria-labelledby="checkup-title" id={checkupPanelId}>
      <div className="card-head">
        <h3 id="checkup-title" tabIndex={-1}>
          Check-up
        </h3>
        <div className="checkup-actions">
          <button type="button" onClick={() => void check()} disabled={isChecking}>
            {isChecking ? 'Checking…' : 'Check again'}
          </button>
          <button type="button" onClick={() => void copy()} disabled={!report}>
            Copy report
          </button>
        </div>
      </div>
      <p className="checkup-intro">
        What this connection lets each screen do, and what the service&apos;s answers tell about it.
        {checkup ? ` Checked at ${formatClockTime(checkup.checkedAt)}.` : ' Checking…'}
      </p>
      <CheckupOffer.Provider value={false}>
        {error && <ProblemMessage error={error} />}
        {checkup?.status.state === 'error' && checkup.status.error && (
          <ProblemMessage error={checkup.status.error} />
        )}
      </CheckupOffer.Provider>

      <table className="checkup-screens" aria-label="What each screen can do">
        <thead>
          <tr>
            <th scope="col">Screen</th>
            <th scope="col">Works</th>
            <th scope="col">Missing</th>
          </tr>
        </thead>
        <tbody>
          {rows ? (
            rows.map((row) => (
              <tr key={row.screen} className={row.missing.length > 0 ? 'lacking' : undefined}>
                <th scope="row">{row.label}</th>
                <td>{row.works.length > 0 ? row.works.join('; ') : '—'}</td>
                <td>{row.missing.length > 0 ? row.missing.join('; ') : 'Nothing'}</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={3}>Not known: the service did not tell this client&apos;s scopes (GET /me).</td>
            </tr>
          )}
        </tbody>
      </table>
      {rows?.some((row) => row.missing.length > 0) && <p className="checkup-ask">{askForScopes}</p>}

      <dl className="checkup-facts">
        <dt>Clock</dt>
        <dd className={clock?.isOff ? 'off' : undefined}>{clock ? clock.text : '…'}</dd>
        <dt>Rate budget</dt>
        <dd className={checkup && checkup.rate.refused429 > 0 ? 'off' : undefined}>
          {checkup ? rateWords(checkup.rate) : '…'}
        </dd>
        <dt>ERP mode</dt>
        <dd className={checkup?.erpMode.state === 'not-api' ? 'off' : undefined}>
          {checkup ? erpModeWords(checkup.erpMode) : '…'}
        </dd>
        <dt>Token</dt>
        <dd className={token.isDue ? 'off' : undefined}>{token.text}</dd>
      </dl>

      {checkup && checkup.recentCalls.length > 0 && (
        <details className="checkup-calls">
          <summary>Recent calls ({checkup.recentCalls.length})</summary>
          <table aria-label="Recent calls">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Call</th>
                <th scope="col">Answer</th>
                <th scope="col">Request id</th>
                <th scope="col" className="number">
                  ms
                </th>
              </tr>
            </thead>
            <tbody>
              {checkup.recentCalls.map((call, index) => (
                <tr key={`${call.at}-${index}`}>
                  <td>{formatClockTime(call.at)}</td>
                  <td className="path">
                    {call.method} {call.path}
                  </td>
                  <td>
                    {call.status === null ? 'no answer' : call.status}
                    {call.code ? ` ${call.code}` : ''}
                  </td>
                  <td className="path">{call.requestId ?? '—'}</td>
                  <td className="number">{call.durationMs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}

      {report && (
        <div className="checkup-report">
          <label htmlFor="checkup-report">Report for the service&apos;s support (no token in it)</label>
          <textarea id="checkup-report" readOnly rows={8} value={report} />
          {copied && (
            <p role="status">
              {copied === 'copied'
                ? "Copied. Paste it into your message to the service's support."
                : 'The clipboard is not available here: select the text above and copy it.'}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
