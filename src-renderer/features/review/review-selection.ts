// The review grid's selection over a view larger than memory (docs/decisions/101-review-exports-and-selection.md):
// either the rows the clerk ticked, or every row of a query less the rows unticked since. The grid's
// infinite row model knows only the rows it has loaded, so the selection is kept here and the grid's
// checkboxes follow it.
import type { ReviewRow } from '../../data/rows';
import type { ReviewQuery } from '../../data/review-rows/query';

/** The rows the clerk ticked, by id (they were on screen, so they are in memory). */
export interface PickedSelection {
  mode: 'rows';
  rows: ReadonlyMap<string, ReviewRow>;
}

/** Every row of `query` but those in `except` (unticked after "select all"). */
export interface WholeSelection {
  mode: 'query';
  query: ReviewQuery;
  except: ReadonlySet<string>;
}

/** What the clerk has selected. */
export type ReviewSelection = PickedSelection | WholeSelection;

/** Nothing selected. */
export const noSelection: PickedSelection = { mode: 'rows', rows: new Map() };

/** Every row of a query (the header checkbox, "Select all N"). */
export function selectWhole(query: ReviewQuery): WholeSelection {
  return { mode: 'query', query, except: new Set() };
}

/** Whether a row can be selected: a row whose answer is queued waits for the outbox first. */
export function isSelectable(row: ReviewRow): boolean {
  return row.answerState !== 'queued';
}

/** Whether a loaded row is selected (a row of the grid is always of the grid's query). */
export function isSelected(selection: ReviewSelection, row: ReviewRow): boolean {
  if (!isSelectable(row)) return false;
  return selection.mode === 'rows' ? selection.rows.has(row.id) : !selection.except.has(row.id);
}

/** The selection after the clerk ticked (or unticked) one row. */
export function toggleRow(selection: ReviewSelection, row: ReviewRow, isTicked: boolean): ReviewSelection {
  if (selection.mode === 'rows') {
    if (isTicked === selection.rows.has(row.id)) return selection;
    const rows = new Map(selection.rows);
    if (isTicked && isSelectable(row)) rows.set(row.id, row);
    else rows.delete(row.id);
    return { mode: 'rows', rows };
  }
  if (isTicked !== selection.except.has(row.id)) return selection;
  const except = new Set(selection.except);
  if (isTicked) except.delete(row.id);
  else except.add(row.id);
  return { ...selection, except };
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/**
 * Whether every row of `narrower` is a row of `wider` (same kind and view): each quick-filter word of
 * `wider` starts a word of `narrower` (a key that starts with "gold" starts with "gol"), and each of its
 * column filters is one of `narrower`'s. Said only when it can be told from the queries themselves.
 */
export function isNarrowing(wider: ReviewQuery, narrower: ReviewQuery): boolean {
  if (wider.kind !== narrower.kind || wider.view !== narrower.view) return false;
  const words = wordsOf(narrower.quickFilter);
  const kept = new Set(narrower.filters.map((filter) => JSON.stringify(filter)));
  return (
    wordsOf(wider.quickFilter).every((word) => words.some((other) => other.startsWith(word))) &&
    wider.filters.every((filter) => kept.has(JSON.stringify(filter)))
  );
}

/**
 * The selection once the grid shows another query, so an accept never reaches a document the clerk
 * cannot see: a whole selection follows a filter that narrows it (its rows are then the new query's
 * rows), and is cleared by any other change (a filter widened or changed, another view); a new order
 * keeps it. Ticked rows are kept by the caller to those the new query holds (restrictPicked).
 */
export function selectionForQuery(selection: ReviewSelection, query: ReviewQuery): ReviewSelection {
  if (selection.mode === 'rows') return selection;
  if (!isNarrowing(selection.query, query)) return noSelection;
  return { ...selection, query };
}

/** Ticked rows kept to those whose ids `shown` holds. */
export function restrictPicked(selection: PickedSelection, shown: ReadonlySet<string>): PickedSelection {
  const rows = new Map([...selection.rows].filter(([id]) => shown.has(id)));
  return rows.size === selection.rows.size ? selection : { mode: 'rows', rows };
}
