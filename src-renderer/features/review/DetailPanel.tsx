import { Fragment, type ReactNode } from 'react';
import { refLabel } from '../../../src-shared/domain/feeds';
import type { Ack, FeedKind, Invoice, Order, Payment, Ref, Return, TaxLine } from '../../../src-shared/wire';
import type { AuditEntry, StoredDocument } from '../../data/rows';
import { formatters, isolate } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { nameOfCode, selectNamesOf, type NameKind } from '../../state/names';
import { useDeskStore } from '../../state/store';
import { CodeAndName, CodeAndNameText } from '../ui/CodeAndName';
import { formatAmount, formatDate, formatTime } from '../ui/format';
import { ackProblemText, sayAckProblem } from './ack-problem-words';
import { reviewChip } from './columns';
import { ownRejectReason, reasonLabel, shownLabelOptions, statusLabel } from './review-names';
import { changeTexts } from './row-words';
import { useDocumentDetail } from './use-document-detail';

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="facts">
      {items
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A record a document names (a branch, a product, a rep), by name beside its code. */
function RefText({ kind, value }: { kind: NameKind; value: Ref | null | undefined }) {
  return value ? <CodeAndName kind={kind} value={value} /> : null;
}

/** A code of a reference list (a method, a status, a currency), by name beside the code. */
function CodeText({ kind, code }: { kind: NameKind; code: string | null | undefined }) {
  return code ? <CodeAndName kind={kind} code={code} /> : null;
}

/** A rejection's reason: the desk's own reasons, else the service's return reasons. */
function ReasonText({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  const own = ownRejectReason(code);
  return own ? (
    <CodeAndNameText code={code} name={own.name} />
  ) : (
    <CodeText kind="return-reasons" code={code} />
  );
}

/** A component whose sentences hold labels: said again when new names are read or the language changes. */
function useShownNames(): void {
  useDeskStore((state) => state.names);
  useDeskLocale();
}

/**
 * Text that reads left to right in either language, set apart from what is around it: amounts (a
 * minus sign stays before the digits), quantities, document numbers, dates and times. Empty when there
 * is none, so a fact without a value is left out.
 */
function ltr(text: string | null | undefined): ReactNode {
  return text ? <bdi dir="ltr">{text}</bdi> : '';
}

/** A name or a free text from the service, in its own direction; empty when there is none. */
function named(text: string | null | undefined): ReactNode {
  return text ? <bdi>{text}</bdi> : '';
}

/** A line's taxes: each code by name, and its amount. */
function TaxText({ tax }: { tax: TaxLine[] }) {
  return (
    <>
      {tax.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && ', '}
          <CodeText kind="tax-codes" code={line.code} /> {ltr(formatAmount(line.amount))}
        </Fragment>
      ))}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="detail-section" aria-label={title}>
      <h4>{title}</h4>
      {children}
    </section>
  );
}

function LinesTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="lines">
      <thead>
        <tr>
          {head.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, index) => (
          <tr key={index}>
            {cells.map((cell, cellIndex) => (
              <td key={cellIndex}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A whole number (a line, a version) in the clerk's digits. */
function digits(value: number | string): string {
  return formatters().digits(value);
}

function AckFacts({ ack, version }: { ack: Ack | null | undefined; version: number }) {
  const say = useSay();
  if (!ack) return <p className="empty">{say('review.detail.ack.none')}</p>;
  return (
    <Facts
      items={[
        [
          say('review.detail.ack.outcome'),
          say(ack.outcome === 'ACCEPTED' ? 'review.state.accepted' : 'review.state.rejected'),
        ],
        [say('review.detail.ack.externalNumber'), ltr(ack.external_number)],
        [say('review.detail.ack.reason'), <ReasonText code={ack.reason_code} />],
        [say('review.detail.ack.message'), named(ack.message)],
        [say('review.detail.ack.answered'), ltr(formatTime(ack.acked_at))],
        [
          say('review.detail.ack.version'),
          say('review.detail.ack.versionOf', {
            acked: digits(ack.acked_version),
            version: digits(version),
            isCurrent: ack.acked_version === version ? 'yes' : 'no',
          }),
        ],
      ]}
    />
  );
}

function History({ entries, docId }: { entries: AuditEntry[]; docId: string }) {
  const say = useSay();
  useShownNames();
  if (entries.length === 0) return <p className="empty">{say('review.detail.history.none')}</p>;
  return (
    <ul className="history">
      {entries.map((entry) => {
        const item = entry.items.find((candidate) => candidate.id === docId);
        const error = item?.problem ? sayAckProblem(item.problem) : (item?.error ?? '');
        return (
          <li key={entry.seq}>
            {say('review.detail.history.entry', {
              time: isolate.ltr(formatTime(entry.at)),
              outcome: item?.outcome === 'REJECTED' ? 'rejected' : 'accepted',
              reason: item?.reasonCode ? reasonLabel(item.reasonCode, shownLabelOptions()) : '',
              hasNumber: item?.externalNumber ? 'yes' : 'no',
              number: isolate.ltr(item?.externalNumber ?? ''),
              result: item?.result ?? entry.outcome,
              isReplayed: entry.outcome === 'replayed' ? 'yes' : 'no',
              hasError: error ? 'yes' : 'no',
              error,
            })}
          </li>
        );
      })}
    </ul>
  );
}

function OrderBody({ doc }: { doc: Order }) {
  const say = useSay();
  return (
    <>
      <Facts
        items={[
          [say('review.detail.orderDate'), ltr(formatDate(doc.order_date))],
          [say('review.detail.customer'), <RefText kind="customer" value={doc.customer} />],
          [say('review.detail.branch'), <RefText kind="branch" value={doc.branch} />],
          [say('review.detail.rep'), <RefText kind="sales_rep" value={doc.sales_rep} />],
          [say('review.detail.currency'), <CodeText kind="currencies" code={doc.currency} />],
          [
            say('review.detail.pricesIncludeTax'),
            say(doc.prices_include_tax ? 'review.detail.yes' : 'review.detail.no'),
          ],
        ]}
      />
      <Section title={say('review.detail.lines')}>
        <LinesTable
          head={[
            '#',
            say('review.detail.line.product'),
            say('review.detail.line.quantity'),
            say('review.detail.line.unit'),
            say('review.detail.line.price'),
            say('review.detail.line.discount'),
            say('review.detail.line.tax'),
            say('review.detail.line.total'),
          ]}
          rows={doc.lines.map((line) => [
            digits(line.line_number),
            <RefText kind="product" value={line.product} />,
            ltr(line.quantity),
            <RefText kind="unit" value={line.unit} />,
            ltr(formatAmount(line.unit_price)),
            ltr(formatAmount(line.discount)),
            <TaxText tax={line.tax} />,
            ltr(formatAmount(line.line_total)),
          ])}
        />
      </Section>
      <Facts
        items={[
          [say('review.detail.subtotal'), ltr(formatAmount(doc.totals.subtotal))],
          [say('review.detail.discount'), ltr(formatAmount(doc.totals.discount))],
          [say('review.detail.net'), ltr(formatAmount(doc.totals.net))],
          [say('review.detail.tax'), ltr(formatAmount(doc.totals.tax))],
          [say('review.detail.gross'), ltr(formatAmount(doc.totals.gross))],
        ]}
      />
    </>
  );
}

function InvoiceBody({ doc }: { doc: Invoice }) {
  const say = useSay();
  useShownNames();
  return (
    <>
      <Facts
        items={[
          [say('review.detail.issued'), ltr(formatTime(doc.issued_at))],
          [say('review.detail.customer'), <RefText kind="customer" value={doc.customer} />],
          [say('review.detail.branch'), <RefText kind="branch" value={doc.branch} />],
          [
            say('review.detail.order'),
            say('review.detail.orderOf', {
              number: isolate.ltr(doc.order.number),
              status: statusLabel('orders', doc.order.status, shownLabelOptions()),
            }),
          ],
          [say('review.detail.rep'), <RefText kind="sales_rep" value={doc.order.sales_rep} />],
          [say('review.detail.currency'), <CodeText kind="currencies" code={doc.currency} />],
          [say('review.detail.seq'), doc.seq ?? ''],
          [
            say('review.detail.taxSubmission'),
            doc.tax_submission
              ? ltr(
                  `${doc.tax_submission.status}${doc.tax_submission.eta_uuid ? ` · ${doc.tax_submission.eta_uuid}` : ''}`,
                )
              : '',
          ],
        ]}
      />
      <Section title={say('review.detail.lines')}>
        <LinesTable
          head={[
            '#',
            say('review.detail.line.description'),
            say('review.detail.line.quantity'),
            say('review.detail.line.unit'),
            say('review.detail.line.price'),
            say('review.detail.line.discount'),
            say('review.detail.line.tax'),
            say('review.detail.line.total'),
          ]}
          rows={doc.lines.map((line) => [
            digits(line.line_number),
            <bdi>{line.description}</bdi>,
            ltr(line.quantity),
            <RefText kind="unit" value={line.unit} />,
            ltr(formatAmount(line.unit_price)),
            ltr(formatAmount(line.discount)),
            <TaxText tax={line.tax} />,
            ltr(formatAmount(line.line_total)),
          ])}
        />
      </Section>
      <Facts
        items={[
          [say('review.detail.subtotal'), ltr(formatAmount(doc.totals.subtotal))],
          [say('review.detail.discount'), ltr(formatAmount(doc.totals.discount))],
          [say('review.detail.tax'), ltr(formatAmount(doc.totals.tax))],
          [say('review.detail.total'), ltr(formatAmount(doc.totals.total))],
        ]}
      />
    </>
  );
}

/**
 * A payment's reference: the one it carries; for a method whose list says it needs one (spec, Payment:
 * `needs_reference`), words that none was given, where an empty field would pass unseen.
 */
function paymentReference(doc: Payment, needsReference: boolean, say: ReturnType<typeof useSay>): ReactNode {
  if (doc.reference) return <bdi>{doc.reference}</bdi>;
  if (!needsReference) return '';
  return <span className="reference-missing">{say('review.detail.referenceMissing')}</span>;
}

function PaymentBody({ doc }: { doc: Payment }) {
  const say = useSay();
  const methods = useDeskStore(selectNamesOf('payment-methods'));
  const needsReference = nameOfCode(methods, doc.method)?.needsReference === true;
  return (
    <>
      <Facts
        items={[
          [say('review.detail.collected'), ltr(formatTime(doc.collected_at))],
          [say('review.detail.customer'), <RefText kind="customer" value={doc.customer} />],
          [say('review.detail.branch'), <RefText kind="branch" value={doc.branch} />],
          [
            say('review.detail.by'),
            doc.collected_by.sales_rep ? (
              <RefText kind="sales_rep" value={doc.collected_by.sales_rep} />
            ) : (
              named(doc.collected_by.user)
            ),
          ],
          [say('review.detail.method'), <CodeText kind="payment-methods" code={doc.method} />],
          [say('review.detail.reference'), paymentReference(doc, needsReference, say)],
          [say('review.detail.amount'), ltr(`${formatAmount(doc.amount)} ${doc.currency}`)],
          [say('review.detail.currency'), <CodeText kind="currencies" code={doc.currency} />],
          [say('review.detail.onAccount'), ltr(formatAmount(doc.on_account))],
        ]}
      />
      <Section title={say('review.detail.allocations')}>
        {doc.allocations.length === 0 ? (
          <p className="empty">{say('review.detail.allocations.none')}</p>
        ) : (
          <LinesTable
            head={[
              say('review.detail.allocation.kind'),
              say('review.detail.allocation.reference'),
              say('review.detail.allocation.invoice'),
              say('review.detail.allocation.amount'),
            ]}
            rows={doc.allocations.map((allocation) => [
              allocation.kind,
              <bdi>{allocation.reference}</bdi>,
              ltr(refLabel(allocation.invoice)),
              ltr(formatAmount(allocation.amount)),
            ])}
          />
        )}
      </Section>
      {doc.cheque && (
        <Section title={say('review.detail.cheque')}>
          <Facts
            items={[
              [say('review.detail.number'), ltr(doc.cheque.number)],
              [say('review.detail.bank'), named(doc.cheque.bank)],
              [say('review.detail.due'), ltr(formatDate(doc.cheque.due_on))],
              [say('review.detail.status'), <CodeText kind="cheque-statuses" code={doc.cheque.status} />],
              [say('review.detail.bounceReason'), named(doc.cheque.bounce_reason)],
            ]}
          />
        </Section>
      )}
      {doc.receipt && (
        <Section title={say('review.detail.receipt')}>
          <Facts
            items={[
              [say('review.detail.number'), ltr(doc.receipt.number)],
              [say('review.detail.issued'), ltr(formatTime(doc.receipt.issued_at))],
              [say('review.detail.balanceAfter'), ltr(formatAmount(doc.receipt.balance_after))],
              [say('review.detail.voided'), ltr(formatTime(doc.receipt.voided_at))],
              [say('review.detail.voidReason'), named(doc.receipt.void_reason)],
            ]}
          />
        </Section>
      )}
      {doc.reversal && (
        <Section title={say('review.detail.reversal')}>
          <Facts
            items={[
              [say('review.detail.reversed'), ltr(formatTime(doc.reversal.reversed_at))],
              [say('review.detail.by'), named(doc.reversal.reversed_by)],
              [say('review.detail.reason'), <bdi>{doc.reversal.reason}</bdi>],
            ]}
          />
        </Section>
      )}
    </>
  );
}

function ReturnBody({ doc }: { doc: Return }) {
  const say = useSay();
  return (
    <>
      <Facts
        items={[
          [say('review.detail.returned'), ltr(formatTime(doc.returned_at))],
          [say('review.detail.customer'), <RefText kind="customer" value={doc.customer} />],
          [say('review.detail.branch'), <RefText kind="branch" value={doc.branch} />],
          [say('review.detail.rep'), <RefText kind="sales_rep" value={doc.sales_rep} />],
          [say('review.detail.invoice'), ltr(doc.invoice.number)],
          [say('review.detail.reason'), <CodeText kind="return-reasons" code={doc.reason} />],
          [say('review.detail.location'), <RefText kind="warehouse" value={doc.location} />],
          [say('review.detail.creditNote'), ltr(doc.credit_note_number)],
          [say('review.detail.total'), ltr(`${formatAmount(doc.total)} ${doc.currency}`)],
          [say('review.detail.currency'), <CodeText kind="currencies" code={doc.currency} />],
        ]}
      />
      <Section title={say('review.detail.lines')}>
        <LinesTable
          head={[
            '#',
            say('review.detail.line.invoiceLine'),
            say('review.detail.line.product'),
            say('review.detail.line.quantity'),
            say('review.detail.line.unit'),
            say('review.detail.line.price'),
            say('review.detail.line.expired'),
            say('review.detail.line.total'),
          ]}
          rows={doc.lines.map((line) => [
            digits(line.line_number),
            digits(line.invoice_line_number),
            <RefText kind="product" value={line.product} />,
            ltr(line.quantity),
            <RefText kind="unit" value={line.unit} />,
            ltr(formatAmount(line.unit_price)),
            say(line.is_expired ? 'review.detail.yes' : 'review.detail.no'),
            ltr(formatAmount(line.line_total)),
          ])}
        />
      </Section>
      {doc.approval && (
        <Section title={say('review.detail.approval')}>
          <Facts
            items={[
              [say('review.detail.decided'), ltr(formatTime(doc.approval.decided_at))],
              [say('review.detail.by'), named(doc.approval.decided_by)],
              [say('review.detail.held'), named(doc.approval.held_reason)],
              [say('review.detail.note'), named(doc.approval.note)],
            ]}
          />
        </Section>
      )}
    </>
  );
}

function Body({ stored }: { stored: StoredDocument }) {
  switch (stored.kind) {
    case 'orders':
      return <OrderBody doc={stored.doc} />;
    case 'invoices':
      return <InvoiceBody doc={stored.doc} />;
    case 'payments':
      return <PaymentBody doc={stored.doc} />;
    case 'returns':
      return <ReturnBody doc={stored.doc} />;
  }
}

/** The detail of the document opened in a grid: everything the service sent, and its answers. */
export function DetailPanel({ kind, id, onClose }: { kind: FeedKind; id: string; onClose: () => void }) {
  const say = useSay();
  useShownNames();
  const detail = useDocumentDetail(kind, id);
  return (
    <aside className="detail" aria-label={say('review.detail.label')}>
      <div className="detail-head">
        <h3>{detail ? <bdi dir="ltr">{detail.row.number}</bdi> : say('review.loading')}</h3>
        <button type="button" className="link" onClick={onClose}>
          {say('review.detail.close')}
        </button>
      </div>
      {detail && (
        <>
          <p className={`review-chip review-${detail.row.answerState || detail.row.review}`}>
            {say('review.detail.chip', {
              state: reviewChip(detail.row),
              status: statusLabel(kind, detail.stored.doc.status, shownLabelOptions()),
              version: digits(detail.stored.version),
            })}
          </p>
          {detail.row.answerState !== '' && detail.row.ackProblem && (
            <p className="detail-ack-note" role="note">
              {ackProblemText(detail.row)}
            </p>
          )}
          {detail.row.changeFacts.length > 0 && (
            <Section title={say('review.detail.changes')}>
              <ul>
                {changeTexts(detail.row).map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </Section>
          )}
          {detail.row.customerName && (
            // The customer's name in the clerk's language beside its code; the row's name (both
            // languages) until the names are read into memory.
            <p className="detail-customer">
              <CodeAndName
                kind="customer"
                value={detail.stored.doc.customer}
                fallbackName={{ en: detail.row.customerName }}
              />
            </p>
          )}
          <Body stored={detail.stored} />
          <Section title={say('review.detail.serviceAnswer')}>
            <AckFacts ack={detail.stored.doc.ack} version={detail.stored.version} />
          </Section>
          <Section title={say('review.detail.history')}>
            <History entries={detail.history} docId={detail.row.id} />
          </Section>
        </>
      )}
    </aside>
  );
}
