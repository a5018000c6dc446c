import { MAX_HEADING_SCAN_CHARS } from './section-kind.js';

/**
 * Markdown block structure that the changelog readers share: code fences (whose contents are
 * examples, never release sections), setext underlines and list-item starts. Every pattern is
 * linear and sees at most MAX_HEADING_SCAN_CHARS of a line: the text is untrusted.
 */

/**
 * Returns a function to call on each line in order: true when the line opens, closes or sits
 * inside a fenced code block. As in CommonMark, a fence closes only on a run of the same
 * character at least as long as the one that opened it (a ```` ````md ```` example may hold
 * ```` ``` ```` lines), with nothing after it; a backtick run followed by more backticks on the
 * line is inline code, not a fence. Indentation is not limited: fences inside list items are
 * indented by the item.
 */
export function createFenceTracker(): (line: string) => boolean {
  let open: { character: string; length: number } | null = null;
  return (line) => {
    const match = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line.slice(0, MAX_HEADING_SCAN_CHARS));
    if (open === null) {
      if (match === null) return false;
      const run = match[1] ?? '';
      if (run.startsWith('`') && (match[2] ?? '').includes('`')) return false;
      open = { character: run.charAt(0), length: run.length };
      return true;
    }
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
