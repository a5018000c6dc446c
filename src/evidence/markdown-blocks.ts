
/**
 * Markdown block structure that the changelog readers share: code fences (whose contents are
 * examples, never release sections), setext underlines and list-item starts. Every pattern is
 * linear and sees at most MAX_HEADING_SCAN_CHARS of a line: the text is untrusted.
 */

/** Only this much of a line is tested against heading, fence and marker patterns. */
export const MAX_HEADING_SCAN_CHARS = 300;

/** Columns of leading whitespace (a tab advances to the next multiple of 4), read within the scan bound. */
function indentColumns(line: string): number {
  let columns = 0;
  for (let index = 0; index < line.length && index < MAX_HEADING_SCAN_CHARS; index++) {
    const character = line[index];
    if (character === ' ') columns += 1;
    else if (character === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}

/** Where a list item's content starts (`- x` 2, `10. x` 4, `-   x` 4), or null when the line starts none. */
function listItemContentColumn(line: string): number | null {
  const match = /^( {0,3})([-*+]|\d{1,9}[.)])( {1,4})(?=\S)/.exec(line.slice(0, MAX_HEADING_SCAN_CHARS));
  if (match === null) return null;
  return (match[1] ?? '').length + (match[2] ?? '').length + (match[3] ?? '').length;
}

/**
 * Returns a function to call on each line in order: true when the line opens, closes or sits
 * inside a fenced code block. As in CommonMark, a fence closes only on a run of the same
 * character at least as long as the one that opened it (a ```` ````md ```` example may hold
 * ```` ``` ```` lines), with nothing after it; a backtick run followed by more backticks on the
 * line is inline code, not a fence. A fence opened inside a list item (indented to the item's
 * content) also ends with the item: at the first non-blank line indented less than that content,
 * so an example left unclosed in one bullet does not swallow the release headings after it.
 */
export function createFenceTracker(): (line: string) => boolean {
  let open: { character: string; length: number; itemColumn: number | null } | null = null;
  // Content column of the list item the current lines belong to, while they are indented to it.
  let itemColumn: number | null = null;
  const outside = (line: string): boolean => {
    if (line.trim() !== '') {
      const startsItem = listItemContentColumn(line);
      if (startsItem !== null) itemColumn = startsItem;
      else if (itemColumn !== null && indentColumns(line) < itemColumn) itemColumn = null;
    }
    const match = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line.slice(0, MAX_HEADING_SCAN_CHARS));
    if (match === null) return false;
    const run = match[1] ?? '';
    if (run.startsWith('`') && (match[2] ?? '').includes('`')) return false;
    const inItem = itemColumn !== null && indentColumns(line) >= itemColumn;
    open = { character: run.charAt(0), length: run.length, itemColumn: inItem ? itemColumn : null };
    return true;
  };
  return (line) => {
    if (open === null) return outside(line);
    if (open.itemColumn !== null && line.trim() !== '' && indentColumns(line) < open.itemColumn) {
      // The list item ended, and the fence with it: this line is read as any other.
      open = null;
      itemColumn = null;
      return outside(line);
    }
    const match = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line.slice(0, MAX_HEADING_SCAN_CHARS));
    const run = match?.[1] ?? '';
    if (match !== null && run.charAt(0) === open.character && run.length >= open.length && (match[2] ?? '').trim() === '') open = null;
    return true;
  };
}

/** The heading level a setext underline gives the line above it (`===` 1, `---` 2), or null. */
export function setextUnderlineLevel(line: string | undefined): 1 | 2 | null {
  if (line === undefined || line.length > MAX_HEADING_SCAN_CHARS) return null;
  if (/^ {0,3}=+[ \t]*$/.test(line)) return 1;
  if (/^ {0,3}-+[ \t]*$/.test(line)) return 2;
  return null;
}

/**
 * A list item or block quote: a `---` under it is a thematic break, not a setext underline
 * (CommonMark), so it never makes the line a heading.
 */
export function startsListItemOrQuote(line: string): boolean {
  return /^ {0,3}(?:[-*+>]|\d{1,9}[.)])(?:[ \t]|$)/.test(line.slice(0, MAX_HEADING_SCAN_CHARS));
}

/**
 * The level of the setext heading whose text is `lines[index]` (`Changelog` over `=====`), or
 * null: the text line must be non-blank, not indented as code, and not a list item or quote.
 */
export function setextHeadingLevelAt(lines: readonly string[], index: number): 1 | 2 | null {
  const line = lines[index] ?? '';
  if (line.startsWith('    ') || line.startsWith('\t') || line.trim().length === 0 || startsListItemOrQuote(line)) return null;
  return setextUnderlineLevel(lines[index + 1]);
}
