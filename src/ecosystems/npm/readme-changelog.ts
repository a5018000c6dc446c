import { parseChangelog } from '../../evidence/changelog-sections.js';
import { createFenceTracker, setextHeadingLevelAt } from '../../evidence/markdown-blocks.js';
import { MAX_HEADING_SCAN_CHARS, parseHeadingLine } from '../../evidence/section-kind.js';

/**
 * Small packages often keep their changelog as a part of the README ("## Changelog" followed by
 * "### 1.1.0" sections: node-rsa, numeral, pngjs, crypto-js). When a tarball ships no changelog
 * file, that part is the package's own release text, and it ships with every version.
 *
 * Only the part under a heading that names a changelog is kept; every other line is blanked
 * (not removed), so line numbers stay those of the README and nothing outside the part (usage
 * examples, "## License") can be read as a release section. Headings inside code fences are
 * examples, not parts. HTML headings (`<h2>Changelog</h2>`) are not read: such a README gives no
 * changelog, which is the cautious side.
 *
 * The README is untrusted text: headings are found with the shared bounded parsers (each line
 * is looked at for at most MAX_HEADING_SCAN_CHARS characters), so the scan stays linear.
 */

/**
 * Headings that name a changelog, strongest first: a README's "Releases" or "History" part is as
 * often about how releases are made or where the project came from, so those are tried last.
 */
const CHANGELOG_HEADINGS: readonly RegExp[] = [
  /^(?:change\s?log|release\s+notes|release\s+history|version\s+history)$/i,
  /^(?:changes|history|releases|news)$/i,
];

/** Parts tried at most: each try parses the README once, and a hostile one may repeat "## Changes" endlessly. */
const MAX_PARTS_TRIED = 8;

/** `README.md`, `readme`, `Readme.markdown`: the names npm itself shows as a package's readme. */
export function isReadmeName(fileName: string): boolean {
  return /^readme(?:\.md|\.markdown)?$/i.test(fileName);
}

interface Heading {
  /** Index of the heading's first line. */
  index: number;
  level: number;
  title: string;
}

/** The heading's words, without emphasis, links, anchors or emoji ("Release notes[⬆](#toc)" → "Release notes"). */
function headingWords(raw: string): string {
  return raw
    .slice(0, MAX_HEADING_SCAN_CHARS)
    .replace(/\[([^\]\n]{0,200})\]\([^)\s]{0,300}\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** ATX (`## Changelog`) and setext (`Changelog` over `=====` or `-----`) headings, outside code fences. */
function headingsOf(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  const inFence = createFenceTracker();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (inFence(line)) continue;
    const atx = parseHeadingLine(line);
    if (atx !== null && atx.level <= 6) {
      headings.push({ index, level: atx.level, title: atx.text });
      continue;
    }
    const underline = setextHeadingLevelAt(lines, index);
    if (underline !== null) {
      headings.push({ index, level: underline, title: line.slice(0, MAX_HEADING_SCAN_CHARS).trim() });
      index += 1;
    }
  }
  return headings;
}

/** The README with only the part under `headings[start]` left, up to the next heading of its level or higher. */
function partUnder(lines: readonly string[], headings: readonly Heading[], start: number): string {
  const opening = headings[start]!;
  const closing = headings.slice(start + 1).find((heading) => heading.level <= opening.level);
  const end = closing?.index ?? lines.length;
  return lines.map((line, index) => (index >= opening.index && index < end ? line : '')).join('\n');
}

/**
 * The README with only its changelog part left: the first part, under a heading that names a
 * changelog (the stronger names first), that holds version sections. Null when none does.
 */
export function changelogPartOfReadme(text: string, packageName?: string): string | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const headings = headingsOf(lines);
  const words = headings.map((heading) => headingWords(heading.title));
  let tried = 0;
  for (const names of CHANGELOG_HEADINGS) {
    for (let start = 0; start < headings.length && tried < MAX_PARTS_TRIED; start += 1) {
      if (!names.test(words[start] ?? '')) continue;
      tried += 1;
      const part = partUnder(lines, headings, start);
      if (parseChangelog(part, packageName).length > 0) return part;
    }
  }
  return null;
}
