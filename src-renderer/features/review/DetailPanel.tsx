import type { ReactNode } from 'react';
import { refLabel } from '../../../src-shared/domain/feeds';
import type { Ack, FeedKind, Invoice, Order, Payment, Ref, Return, TaxLine } from '../../../src-shared/wire';
import type { AuditEntry, StoredDocument } from '../../data/rows';
import { formatAmount, formatTime } from '../ui/format';
import { reviewChip } from './columns';
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

function RefText({ value }: { value: Ref | null | undefined }) {
  return <bdi>{refLabel(value)}</bdi>;
}

function taxText(tax: TaxLine[]): string {
  return tax.map((line) => `${line.code} ${formatAmount(line.amount)}`).join(', ');
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

function AckFacts({ ack, version }: { ack: Ack | null | undefined; version: number }) {
  if (!ack) return <p className="empty">Not answered yet.</p>;
  return (
    <Facts
      items={[
        ['Outcome', ack.outcome === 'ACCEPTED' ? 'Accepted' : 'Rejected'],
        ['ERP number', ack.external_number ?? ''],
        ['Reason', ack.reason_code ?? ''],
        ['Message', ack.message ? <bdi>{ack.message}</bdi> : ''],
        ['Answered', formatTime(ack.acked_at)],
        [
          'Version',
          ack.acked_version === version
            ? `${ack.acked_version} (current)`
            : `${ack.acked_version} (now ${version})`,
        ],
      ]}
    />
  );
}

function History({ entries, docId }: { entries: AuditEntry[]; docId: string }) {
  if (entries.length === 0) return <p className="empty">No answers sent from this computer.</p>;
  return (
    <ul className="history">
      {entries.map((entry) => {
        const item = entry.items.find((candidate) => candidate.id === docId);
        return (
          <li key={entry.seq}>
            {formatTime(entry.at)} ·{' '}
            {item?.outcome === 'REJECTED'
              ? `Reject (${item.reasonCode ?? ''})`
              : `Accept${item?.externalNumber ? ` as ${item.externalNumber}` : ''}`}{' '}
            · {item?.result ?? entry.outcome}
            {entry.outcome === 'replayed' ? ' (replayed)' : ''}
            {item?.error ? ` — ${item.error}` : ''}
          </li>
        );
      })}
    </ul>
  );
}

function OrderBody({ doc }: { doc: Order }) {
  return (
    <>
      <Facts
        items={[
          ['Order date', doc.order_date],
          ['Customer', <RefText value={doc.customer} />],
          ['Branch', <RefText value={doc.branch} />],
          ['Rep', <RefText value={doc.sales_rep} />],
          ['Prices include tax', doc.prices_include_tax ? 'Yes' : 'No'],
        ]}
      />
      <Section title="Lines">
        <LinesTable
          head={['#', 'Product', 'Qty', 'Unit', 'Price', 'Discount', 'Tax', 'Total']}
          rows={doc.lines.map((line) => [
            line.line_number,
            <RefText value={line.product} />,
            line.quantity,
            <RefText value={line.unit} />,
            formatAmount(line.unit_price),
            formatAmount(line.discount),
            taxText(line.tax),
            formatAmount(line.line_total),
          ])}
        />
      </Section>
      <Facts
        items={[
          ['Subtotal', formatAmount(doc.totals.subtotal)],
          ['Discount', formatAmount(doc.totals.discount)],
          ['Net', formatAmount(doc.totals.net)],
          ['Tax', formatAmount(doc.totals.tax)],
          ['Gross', formatAmount(doc.totals.gross)],
        ]}
      />
    </>
  );
}

function InvoiceBody({ doc }: { doc: Invoice }) {
  return (
    <>
      <Facts
        items={[
          ['Issued', formatTime(doc.issued_at)],
          ['Customer', <RefText value={doc.customer} />],
          ['Branch', <RefText value={doc.branch} />],
          ['Order', `${doc.order.number} (${doc.order.status})`],
          ['Rep', <RefText value={doc.order.sales_rep} />],
          ['Seq', doc.seq ?? ''],
          [
            'Tax submission',
            doc.tax_submission
              ? `${doc.tax_submission.status}${doc.tax_submission.eta_uuid ? ` · ${doc.tax_submission.eta_uuid}` : ''}`
              : '',
          ],
        ]}
      />
      <Section title="Lines">
        <LinesTable
          head={['#', 'Description', 'Qty', 'Unit', 'Price', 'Discount', 'Tax', 'Total']}
          rows={doc.lines.map((line) => [
            line.line_number,
            <bdi>{line.description}</bdi>,
            line.quantity,
            <RefText value={line.unit} />,
            formatAmount(line.unit_price),
            formatAmount(line.discount),
            taxText(line.tax),
            formatAmount(line.line_total),
          ])}
        />
      </Section>
      <Facts
        items={[
          ['Subtotal', formatAmount(doc.totals.subtotal)],
          ['Discount', formatAmount(doc.totals.discount)],
          ['Tax', formatAmount(doc.totals.tax)],
          ['Total', formatAmount(doc.totals.total)],
        ]}
      />
    </>
  );
}

function PaymentBody({ doc }: { doc: Payment }) {
  return (
    <>
      <Facts
        items={[
          ['Collected', formatTime(doc.collected_at)],
          ['Customer', <RefText value={doc.customer} />],
          ['Branch', <RefText value={doc.branch} />],
          [
            'By',
            doc.collected_by.sales_rep ? refLabel(doc.collected_by.sales_rep) : (doc.collected_by.user ?? ''),
          ],
          ['Method', doc.method],
          ['Reference', doc.reference ?? ''],
          ['Amount', `${formatAmount(doc.amount)} ${doc.currency}`],
          ['On account', formatAmount(doc.on_account)],
        ]}
      />
      <Section title="Allocations">
        {doc.allocations.length === 0 ? (
          <p className="empty">Not allocated.</p>
        ) : (
          <LinesTable
            head={['Kind', 'Reference', 'Invoice', 'Amount']}
            rows={doc.allocations.map((allocation) => [
              allocation.kind,
              <bdi>{allocation.reference}</bdi>,
              <RefText value={allocation.invoice} />,
              formatAmount(allocation.amount),
            ])}
          />
        )}
      </Section>
      {doc.cheque && (
        <Section title="Cheque">
          <Facts
            items={[
              ['Number', doc.cheque.number],
              ['Bank', doc.cheque.bank ? <bdi>{doc.cheque.bank}</bdi> : ''],
              ['Due', doc.cheque.due_on ?? ''],
              ['Status', doc.cheque.status],
              ['Bounce reason', doc.cheque.bounce_reason ?? ''],
            ]}
          />
        </Section>
      )}
      {doc.receipt && (
        <Section title="Receipt">
          <Facts
            items={[
              ['Number', doc.receipt.number],
              ['Issued', formatTime(doc.receipt.issued_at)],
              ['Balance after', formatAmount(doc.receipt.balance_after)],
              ['Voided', formatTime(doc.receipt.voided_at)],
              ['Void reason', doc.receipt.void_reason ?? ''],
            ]}
          />
        </Section>
      )}
      {doc.reversal && (
        <Section title="Reversal">
          <Facts
            items={[
              ['Reversed', formatTime(doc.reversal.reversed_at)],
              ['By', doc.reversal.reversed_by],
              ['Reason', <bdi>{doc.reversal.reason}</bdi>],
            ]}
          />
        </Section>
      )}
    </>
  );
}

function ReturnBody({ doc }: { doc: Return }) {
  return (
    <>
      <Facts
        items={[
          ['Returned', formatTime(doc.returned_at)],
          ['Customer', <RefText value={doc.customer} />],
          ['Branch', <RefText value={doc.branch} />],
          ['Invoice', doc.invoice.number],
          ['Reason', doc.reason],
          ['Location', <RefText value={doc.location} />],
          ['Credit note', doc.credit_note_number ?? ''],
          ['Total', `${formatAmount(doc.total)} ${doc.currency}`],
        ]}
      />
      <Section title="Lines">
        <LinesTable
          head={['#', 'Invoice line', 'Product', 'Qty', 'Unit', 'Price', 'Expired', 'Total']}
          rows={doc.lines.map((line) => [
            line.line_number,
            line.invoice_line_number,
            <RefText value={line.product} />,
            line.quantity,
            <RefText value={line.unit} />,
            formatAmount(line.unit_price),
            line.is_expired ? 'Yes' : 'No',
            formatAmount(line.line_total),
          ])}
        />
      </Section>
      {doc.approval && (
        <Section title="Approval">
          <Facts
            items={[
              ['Decided', formatTime(doc.approval.decided_at)],
              ['By', doc.approval.decided_by ?? ''],
              ['Held', doc.approval.held_reason ?? ''],
              ['Note', doc.approval.note ? <bdi>{doc.approval.note}</bdi> : ''],
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
  const detail = useDocumentDetail(kind, id);
  return (
    <aside className="detail" aria-label="Document detail">
      <div className="detail-head">
        <h3>{detail ? detail.row.number : 'Loading…'}</h3>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </div>
      {detail && (
        <>
          <p className={`review-chip review-${detail.row.answerState || detail.row.review}`}>
            {reviewChip(detail.row)} · status {detail.stored.doc.status} · version {detail.stored.version}
          </p>
          {detail.row.answerState !== '' && detail.row.answerError && (
            <p className="detail-ack-note" role="note">
              {detail.row.answerError}
            </p>
          )}
          {detail.row.changes.length > 0 && (
            <Section title="What changed since it was answered">
              <ul>
                {detail.row.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </Section>
          )}
          {detail.row.customerName && (
            <p className="detail-customer">
              <bdi>{detail.row.customerName}</bdi> <span className="muted">({detail.row.customer})</span>
            </p>
          )}
          <Body stored={detail.stored} />
          <Section title="Answer on the service">
            <AckFacts ack={detail.stored.doc.ack} version={detail.stored.version} />
          </Section>
          <Section title="Answers from this computer">
            <History entries={detail.history} docId={detail.row.id} />
          </Section>
        </>
      )}
    </aside>
  );
}
