/**
 * Small packages often keep their changelog as a part of the README ("## Changelog" followed by
 * "### 1.1.0" sections: node-rsa, numeral, pngjs, crypto-js). When a tarball ships no changelog
 * file, that part is the package's own release text, and it ships with every version.
 *
 * Only the part under a heading that names a changelog is kept; every other line is blanked
 * (not removed), so line numbers stay those of the README and nothing outside the part (usage
 * examples, "## License") can be read as a release section.
 */

/** Headings that name a changelog: "Changelog", "Change Log", "Release History", "Release notes"… */
const CHANGELOG_HEADING = /^(?:change\s?log|changes|history|release\s+history|version\s+history|release\s+notes|releases|news)$/i;

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
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#:⬆]/g, ' ')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** ATX (`## Changelog`) and setext (`Changelog` over `=====` or `-----`) headings, outside code fences. */
function headingsOf(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch !== null) {
      const marker = fenceMatch[1]!.slice(0, 3);
      if (fence === null) fence = marker;
      else if (marker === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const atx = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (atx !== null) {
      headings.push({ index, level: atx[1]!.length, title: atx[2]! });
      continue;
    }
    const underline = lines[index + 1] ?? '';
    if (line.trim().length > 0 && !/^\s{0,3}[-*+]\s/.test(line) && /^\s{0,3}(=+|-+)\s*$/.test(underline)) {
      headings.push({ index, level: underline.trim().startsWith('=') ? 1 : 2, title: line.trim() });
      index += 1;
    }
  }
  return headings;
}

/**
 * The README with only its changelog part left (the first heading that names one, up to the
 * next heading of the same or a higher level), or null when no heading names a changelog.
 */
export function changelogPartOfReadme(text: string): string | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const headings = headingsOf(lines);
  const start = headings.findIndex((heading) => CHANGELOG_HEADING.test(headingWords(heading.title)));
  if (start < 0) return null;
  const opening = headings[start]!;
  const closing = headings.slice(start + 1).find((heading) => heading.level <= opening.level);
  const end = closing?.index ?? lines.length;
  return lines.map((line, index) => (index >= opening.index && index < end ? line : '')).join('\n');
}
