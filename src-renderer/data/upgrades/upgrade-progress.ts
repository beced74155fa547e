/**
 * How far a move or pass of rows when the store opens has come (review-rows/row-move.ts,
 * upgrades/row-pass.ts): rows moved of the rows there were to move (0 of 0: a version's own upgrade).
 */
export interface RowMoveProgress {
  moved: number;
  total: number;
}
