import { useState } from 'react';
import { formatters, isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import {
  askForScopes,
  callResponse,
  checkupReport,
  clockWords,
  erpModeWords,
  formatClockTime,
  needsLine,
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
  const say = useSay();
  const { app, known, checkup, error, isChecking, check } = useCheckup();
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  if (!known?.connection) return null;

  // The scopes as the check-up's own GET /me told them, else as the last answer did.
  const sameConnection = checkup?.status.connection?.id === known.connection.id;
  const status = checkup && sameConnection && checkup.status.state === 'connected' ? checkup.status : known;
  const scopes = status.scopes ?? null;
  const clientName = status.client?.name ?? say('connections.checkup.thisClient');
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
          {say('connections.checkup.title')}
        </h3>
        <div className="checkup-actions">
          <button type="button" onClick={() => void check()} disabled={isChecking}>
            {isChecking ? say('connections.checkingShort') : say('connections.checkAgain')}
          </button>
          <button type="button" onClick={() => void copy()} disabled={!report}>
            {say('connections.checkup.copy')}
          </button>
        </div>
      </div>
      <p className="checkup-intro">
        {checkup
          ? say('connections.checkup.introChecked', { time: isolate.ltr(formatClockTime(checkup.checkedAt)) })
          : say('connections.checkup.introChecking')}
      </p>
      <CheckupOffer.Provider value={false}>
        {error && <ProblemMessage error={error} />}
        {checkup?.status.state === 'error' && checkup.status.error && (
          <ProblemMessage error={checkup.status.error} />
        )}
      </CheckupOffer.Provider>

      <table className="checkup-screens" aria-label={say('connections.checkup.screens')}>
        <thead>
          <tr>
            <th scope="col">{say('connections.checkup.column.screen')}</th>
            <th scope="col">{say('connections.checkup.column.works')}</th>
            <th scope="col">{say('connections.checkup.column.missing')}</th>
          </tr>
        </thead>
        <tbody>
          {rows ? (
            rows.map((row) => (
              <tr key={row.screen} className={row.missing.length > 0 ? 'lacking' : undefined}>
                <th scope="row">{row.label}</th>
                <td>{row.works.length > 0 ? needsLine(row.works) : '—'}</td>
                <td>
                  {row.missing.length > 0
                    ? needsLine(row.missing)
                    : say('connections.checkup.nothingMissing')}
                </td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={3}>{say('connections.checkup.scopesUnknown')}</td>
            </tr>
          )}
        </tbody>
      </table>
      {rows?.some((row) => row.missing.length > 0) && <p className="checkup-ask">{askForScopes()}</p>}

      <dl className="checkup-facts">
        <dt>{say('connections.checkup.fact.clock')}</dt>
        <dd className={clock?.isOff ? 'off' : undefined}>{clock ? clock.text : '…'}</dd>
        <dt>{say('connections.checkup.fact.rate')}</dt>
        <dd className={checkup && checkup.rate.refused429 > 0 ? 'off' : undefined}>
          {checkup ? rateWords(checkup.rate) : '…'}
        </dd>
        <dt>{say('connections.checkup.fact.erpMode')}</dt>
        <dd className={checkup?.erpMode.state === 'not-api' ? 'off' : undefined}>
          {checkup ? erpModeWords(checkup.erpMode) : '…'}
        </dd>
        <dt>{say('connections.checkup.fact.token')}</dt>
        <dd className={token.isDue ? 'off' : undefined}>{token.text}</dd>
      </dl>

      {checkup && checkup.recentCalls.length > 0 && (
        <details className="checkup-calls">
          <summary>{say('connections.checkup.calls.summary', { count: checkup.recentCalls.length })}</summary>
          <table aria-label={say('connections.checkup.calls')}>
            <thead>
              <tr>
                <th scope="col">{say('connections.checkup.calls.time')}</th>
                <th scope="col">{say('connections.checkup.calls.call')}</th>
                <th scope="col">{say('connections.checkup.calls.answer')}</th>
                <th scope="col">{say('connections.checkup.calls.requestId')}</th>
                <th scope="col" className="number">
                  {say('connections.checkup.calls.ms')}
                </th>
              </tr>
            </thead>
            <tbody>
              {checkup.recentCalls.map((call, index) => (
                <tr key={`${call.at}-${index}`}>
                  <td>{formatClockTime(call.at)}</td>
                  <td className="path" dir="ltr">
                    {call.method} {call.path}
                  </td>
                  <td>{callResponse(call)}</td>
                  <td className="path" dir="ltr">
                    {call.requestId ?? '—'}
                  </td>
                  <td className="number">{formatters().digits(call.durationMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}

      {report && (
        <div className="checkup-report">
          <label htmlFor="checkup-report">{say('connections.checkup.reportLabel')}</label>
          <textarea id="checkup-report" readOnly rows={8} value={report} dir="auto" />
          {copied && (
            <p role="status">
              {copied === 'copied'
                ? say('connections.checkup.copied')
                : say('connections.checkup.copyFailed')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
