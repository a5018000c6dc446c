/**
 * The lines of a pull request body that its author wrote, with quoted material removed.
 * Dependabot and Renovate quote the upstream project's release notes, changelog and commit
 * list (in `<details>` and `<blockquote>` blocks); a line there such as "update dependency
 * glob to v11" is the upstream project's text, not this PR's claim.
 *
 * Removed: `<details>` and `<blockquote>` blocks (nested ones too), HTML comments, fenced code
 * blocks and Markdown `>` quotes. The scan is one pass over the lines with bounded patterns,
 * so hostile text costs linear time.
 */

/** An opening or closing quoting tag, or an HTML comment delimiter. Attributes are bounded. */
const QUOTE_DELIMITER = /<(\/?)(details|blockquote)\b[^<>]{0,200}>|<!--|-->/gi;
const FENCE = /^ {0,3}(```|~~~)/;
const MARKDOWN_QUOTE = /^ {0,3}>/;

export function ownLines(text: string): string[] {
  const lines: string[] = [];
  let depth = 0;
  let inComment = false;
  let fence: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (fence !== null) {
      if (line.trimStart().startsWith(fence)) fence = null;
      continue;
    }
    const fenceOpen = depth === 0 && !inComment ? FENCE.exec(line) : null;
    if (fenceOpen?.[1] !== undefined) {
      fence = fenceOpen[1];
      continue;
    }
    let kept = '';
    let from = 0;
    for (const match of line.matchAll(QUOTE_DELIMITER)) {
      if (depth === 0 && !inComment) kept += line.slice(from, match.index);
      from = match.index + match[0].length;
      if (match[0] === '<!--') inComment = true;
      else if (match[0] === '-->') inComment = false;
      else if (!inComment) depth = match[1] === '/' ? Math.max(0, depth - 1) : depth + 1;
    }
    if (depth === 0 && !inComment) kept += line.slice(from);
    if (kept.trim() === '' || MARKDOWN_QUOTE.test(kept)) {
      // An empty line still ends a Markdown table; a quote line is someone else's text.
      lines.push('');
      continue;
    }
    lines.push(kept);
  }
  return lines;
}
