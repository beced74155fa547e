// How a code the service sends is shown inside the review's words (a row's note, what changed): the
// one place a name for a code will come from once the desk keeps the service's names (issue 27,
// names instead of codes). Until then the code itself.

/** The lists a code shown in a review row comes from. */
export type CodeKind = 'paymentMethod' | 'returnReason' | 'chequeStatus' | 'documentStatus';

/** The words for `code` of `kind`: for now the code as the service sent it. */
export function codeWord(kind: CodeKind, code: string): string {
  void kind;
  return code;
}
