/** The day-end report (issue: the day-end): issued versus answered per day and kind. */
export function DayEndScreen() {
  return <p className="empty">The day-end report is being built.</p>;
}
