// Finds words a clerk would read that are written into the code instead of said from the catalogue
// (docs/decisions/106-the-clerks-language.md): JSX text, the text of attributes a clerk reads or hears
// (aria-label, title, placeholder, alt, label), and string literals shaped like a sentence (letters and a
// space, starting with a capital or any Arabic letter, or ending in . : ? … !; in the shared domain also
// any phrase of three words or more, which a domain sentence built in parts often is: `has no name in
// any language`). Not: class names, ids, keys, CSS, a thrown Error's text (for developers), a line
// marked `// words: not shown` (or a statement or member with that comment before it), or a file
// marked `// words: none of this file is shown` (vocabulary read from files, fixtures).
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** One hard-coded word, where it is. */
export interface HardCodedWord {
  file: string;
  line: number;
  text: string;
}

const readAttributes = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
const quietAttributes = new Set(['className', 'key', 'id', 'type', 'role', 'name', 'htmlFor', 'dir', 'lang']);
const letter = /\p{L}/u;
/** A message id (`review.accept.title`), or the start of one built from a key (`shell.section.`). */
const messageId = /^[a-z][a-zA-Z0-9-]*(\.[a-zA-Z0-9-]+)*\.[a-zA-Z0-9-]*$/;
const arabicLetter = /\p{Script=Arabic}/u;

/** Whether a literal's text is a phrase: three or more words of letters (`is not a number`). */
export function isPhrase(text: string): boolean {
  return /\p{L}{2,}(\s+\p{L}+){2,}/u.test(text);
}

/** Whether a literal's text reads as words to a clerk. */
export function isSentence(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}{2,}/u.test(trimmed)) return false;
  if (arabicLetter.test(trimmed)) return true;
  if (!/\s/.test(trimmed)) return /^\p{Lu}\p{Ll}+$/u.test(trimmed) && trimmed.length > 2;
  return /^\p{Lu}/u.test(trimmed) || /[.:?…!]$/.test(trimmed);
}

function isInsideThrownError(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText())) return true;
    if (ts.isCallExpression(parent)) {
      const callee = parent.expression.getText();
      if (/^console\./.test(callee)) return true;
    }
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) return false;
  }
  return false;
}

function attributeOf(node: ts.Node): string | null {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxAttribute(parent)) return parent.name.getText();
    if (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isBlock(parent)) return null;
  }
  return null;
}

/** How strictly a file is read: `phrases` also finds phrases that do not look like a sentence. */
export interface HardCodedWordsOptions {
  phrases?: boolean;
}

/** The hard-coded words of one source file. */
export function hardCodedWordsOf(
  file: string,
  text = readFileSync(file, 'utf8'),
  options: HardCodedWordsOptions = {},
): HardCodedWord[] {
  if (text.includes('// words: none of this file is shown')) return [];
  // A `.ts` file is read as TypeScript: read as TSX, a generic arrow (`<T,>(…) =>`) becomes JSX text.
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  // A template with a value and two words around it builds a sentence (`${label} is empty`).
  const isWords = (words: string, isTemplate: boolean): boolean =>
    isSentence(words) ||
    (options.phrases === true && (isPhrase(words) || (isTemplate && /\p{L}{2,}\s+\p{L}{2,}/u.test(words))));
  const quietLines = new Set(
    text
      .split('\n')
      .flatMap((line: string, index: number) =>
        line.includes('// words: not shown') ? [index, index + 1] : [],
      ),
  );
  const found: HardCodedWord[] = [];
  const add = (node: ts.Node, words: string): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    if (quietLines.has(line)) return;
    found.push({ file, line: line + 1, text: words.trim().slice(0, 80) });
  };
  /** A declaration or statement whose comment before it says `// words: not shown`, all of it. */
  const isQuietNode = (node: ts.Node): boolean =>
    (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []).some((range) =>
      text.slice(range.pos, range.end).includes('words: not shown'),
    );
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if ((ts.isStatement(node) || ts.isClassElement(node)) && isQuietNode(node)) return;
    if (ts.isJsxText(node)) {
      if (letter.test(node.text)) add(node, node.text);
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const words = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
        : node.text;
      if (messageId.test(ts.isTemplateExpression(node) ? node.head.text : words)) return;
      const attribute = attributeOf(node);
      if (attribute !== null && quietAttributes.has(attribute)) return;
      if (
        ts.isLiteralTypeNode(node.parent) ||
        (ts.isPropertyAssignment(node.parent) && node.parent.name === node)
      )
        return;
      if (ts.isElementAccessExpression(node.parent) || ts.isCaseClause(node.parent)) return;
      if (isInsideThrownError(node)) return;
      if (
        attribute !== null && readAttributes.has(attribute)
          ? letter.test(words)
          : isWords(words, ts.isTemplateExpression(node))
      )
        add(node, words);
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
