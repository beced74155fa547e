/** The balance worksheet: every customer's ERP balance against the service's, explained. */
export function BalanceWorksheet() {
  return <p className="empty">The balance worksheet is being built.</p>;
}
