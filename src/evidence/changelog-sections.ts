import semver from 'semver';
import { createFenceTracker, setextHeadingLevelAt } from './markdown-blocks.js';
import { MAX_HEADING_SCAN_CHARS, parseHeadingLine } from './section-kind.js';

/**
 * Splits a changelog file into one section per released version, across the dialects real
 * npm packages ship: Keep a Changelog, conventional-changelog, changesets, History.md with
 * setext underlines, bold version lines, bare `v1.2.3` lines, `## Version 1.2.3`, `pkg@1.2.3`.
 *
 * The text is untrusted: it is only sliced and compared, never evaluated. Every regex sees at
 * most the first {@link MAX_HEADING_SCAN_CHARS} characters of a line and has no nested
 * quantifiers, so parsing stays linear in the input size; whole lines are only trimmed with
 * String#trim, never with an `X+$` regex (quadratic on a long run of X followed by other text).
 */

export interface ChangelogSection {
  /** Semver-clean version (no leading `v`, build metadata dropped, prerelease kept). */
  version: string;
  /** Heading text as written, without `#` marks, bold marks or setext underline. */
  heading: string;
  /** ISO date (YYYY-MM-DD) when the heading carries one; null otherwise. */
  date: string | null;
  /** Lines between this version heading and the next, blank edges trimmed. */
  body: string;
  /** 1-based line number of the heading. */
  line: number;
}

/** Changelogs beyond this many characters are cut; the newest versions come first in almost every dialect. */
export const MAX_CHANGELOG_CHARS = 4 * 1024 * 1024;

/** Versions with their prerelease and build parts, bounded so a hostile line cannot stall the scan. */
const VERSION_SOURCE = String.raw`(\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,64})?(?:\+[0-9A-Za-z.-]{1,64})?)`;

/*
 * What may stand before the version in a heading: a link bracket, backtick or bold mark;
 * the words "Version"/"Release", alone or before a link (auth0's `## Version [3.1.2](…)`); a `v`
 * (or `v.`, fast-safe-stringify's `## v.2.0.0`; `v `, http-proxy's `### v 1.0.0-alpha`); a package name with `@` (changesets/monorepos,
 * `@scope/name@1.2.3`) or with a space (`## tmp v0.2.0`, node-tmp's changelog). Anything of
 * more than one word before the version (e.g. "Upgrading to 2.0.0") is not a version heading.
 */
const HEADING_VERSION_PATTERN = new RegExp(
  String.raw`^[\[\x60*_ ]{0,6}(?:(?:version|release)[ \t]{1,3}[\[\x60*_]{0,2})?(?:(?<name>(?:@[a-z0-9._~-]{1,100}/)?[a-z0-9._~-]{1,100})(?:@|(?<spaced>[ \t]{1,3})(?=v?\d)))?(?:v\.?)?` +
    VERSION_SOURCE +
    String.raw`(?=$|[\s\]\)\x60*_,:])`,
  'i',
);

/** esprima's `2018-06-17: Version 4.0.1` form. */
const DATED_VERSION_LINE_PATTERN = new RegExp(String.raw`^(\d{4}-\d{2}-\d{2}):?[ \t]{1,4}version[ \t]{1,3}v?` + VERSION_SOURCE + String.raw`[ \t]*$`, 'i');

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2200) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Finds a date in the text after a version: `2024-01-02`, `2024/01/02`, `2024.01.02`,
 * `July 27th, 2023`, `8 December, 2023`. Returns ISO `YYYY-MM-DD` or null. Text inside
 * link targets is skipped so compare-URLs are not mistaken for dates.
 */
export function findDate(text: string): string | null {
  const withoutLinks = text.slice(0, MAX_HEADING_SCAN_CHARS).replace(/\]\([^)\s]{0,300}\)/g, ']');
  const numeric = /(?:^|[^\d])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/.exec(withoutLinks);
  if (numeric !== null) return isoDate(Number(numeric[1]), Number(numeric[2]), Number(numeric[3]));
  const monthFirst = /\b([a-z]{3,9})\.?[ \t]{1,3}(\d{1,2})(?:st|nd|rd|th)?,?[ \t]{1,3}(\d{4})\b/i.exec(withoutLinks);
  if (monthFirst !== null) {
    const month = MONTHS[(monthFirst[1] ?? '').slice(0, 4).toLowerCase()] ?? MONTHS[(monthFirst[1] ?? '').slice(0, 3).toLowerCase()];
    if (month !== undefined) return isoDate(Number(monthFirst[3]), month, Number(monthFirst[2]));
  }
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?[ \t]{1,3}([a-z]{3,9})\.?,?[ \t]{1,3}(\d{4})\b/i.exec(withoutLinks);
  if (dayFirst !== null) {
    const month = MONTHS[(dayFirst[2] ?? '').slice(0, 4).toLowerCase()] ?? MONTHS[(dayFirst[2] ?? '').slice(0, 3).toLowerCase()];
    if (month !== undefined) return isoDate(Number(dayFirst[3]), month, Number(dayFirst[1]));
  }
  return null;
}

interface VersionMatch {
  version: string;
  /** Text after the version (date, link, notes). */
  tail: string;
  date: string | null;
}

function cleanVersion(raw: string): string | null {
  const parsed = semver.parse(raw);
  return parsed === null ? null : parsed.version;
}

/**
 * `## 11.0` / `# v6.0`: some authors (isaacs's packages among them) head a section with the
 * release line alone. It stands for that line's `.0` release; only a heading holding nothing
 * else (or a date) counts, so prose such as "2.0 migration guide" stays a plain heading.
 */
const MAJOR_MINOR_HEADING = /^v?(\d{1,9})\.(\d{1,9})[ \t]*(?:[-–(/][ \t]*\d{4}-\d{2}-\d{2}\)?[ \t]*)?$/i;

function majorMinorHeading(text: string): VersionMatch | null {
  const match = MAJOR_MINOR_HEADING.exec(text.trim());
  if (match === null) return null;
  const version = cleanVersion(`${match[1] ?? ''}.${match[2] ?? ''}.0`);
  return version === null ? null : { version, tail: '', date: findDate(text) };
}

/** `@scope/name` and `name` both stand for the package `@scope/name` in its own headings. */
function namesPackage(word: string, packageName: string | undefined): boolean {
  if (packageName === undefined) return false;
  const lower = word.toLowerCase();
  const name = packageName.toLowerCase();
  return lower === name || lower === name.slice(name.lastIndexOf('/') + 1);
}

/**
 * Reads a version from heading text; null when the heading does not start with one. A word
 * before the version with a space (`## tmp v0.2.0`) counts only when it is the package's name
 * and nothing but a date follows: "### React 18.0.0 support" or "### Node 20.0.0" head notes
 * about another project's version inside a release.
 */
export function versionFromHeading(text: string, packageName?: string): VersionMatch | null {
  const scanned = text.slice(0, MAX_HEADING_SCAN_CHARS);
  const dated = DATED_VERSION_LINE_PATTERN.exec(scanned);
  if (dated !== null) {
    const version = cleanVersion(dated[2] ?? '');
    return version === null ? null : { version, tail: '', date: findDate(dated[1] ?? '') };
  }
  const match = HEADING_VERSION_PATTERN.exec(scanned);
  if (match === null) return majorMinorHeading(scanned);
  // The version is the pattern's last capture group.
  const version = cleanVersion(match[match.length - 1] ?? '');
  if (version === null) return null;
  const tail = scanned.slice(match[0].length);
  // `### v 1.0.0-alpha` (http-proxy): a spaced `v` is the version's own prefix, not a name.
  const spacedV = /^v$/i.test(match.groups?.name ?? '');
  if (match.groups?.spaced !== undefined && !spacedV && !(namesPackage(match.groups.name ?? '', packageName) && isDateOnlyTail(tail, findDate(tail)))) return null;
  return { version, tail, date: findDate(tail) };
}

/**
 * A bare (non-heading) line counts as a version line only when nothing but a date follows the
 * version: `1.2.3 / 2024-01-02`, `v8.56.0 - December 15, 2023`, `v1.2.3`. Prose that happens
 * to start with a version ("1.2.3 was yanked because…") is body text.
 */
function isDateOnlyTail(tail: string, date: string | null): boolean {
  const stripped = tail.replace(/[\s\])`*_/:(),-]/g, '');
  if (stripped.length === 0) return true;
  if (date === null) return false;
  // Remove the date's own characters (digits, month words, ordinal suffixes) and require nothing else.
  const remainder = tail
    .replace(/\d{1,4}(?:st|nd|rd|th)?/gi, '')
    .replace(/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\b/gi, '')
    .replace(/[\s\])`*_/:(),.-]/g, '');
  return remainder.length === 0;
}

/** How a version heading was written; lower classes win when several are present. */
const HeadingClass = {
  /** ATX `#` or setext underline: real Markdown headings. */
  Markdown: 0,
  /** A whole line in bold: `**1.2.3**`. */
  Bold: 1,
  /** A plain line holding only a version and maybe a date. */
  Bare: 2,
} as const;
type HeadingClass = (typeof HeadingClass)[keyof typeof HeadingClass];

interface Candidate {
  index: number;
  headingClass: HeadingClass;
  /** Markdown level 1-6; bold and bare lines rank below every ATX level. */
  level: number;
  heading: string;
  version: VersionMatch | null;
  /** Lines the heading occupies (2 for setext). */
  span: number;
}

function stripBoldMarks(text: string): string {
  return text.replace(/^(?:\*\*|__)/, '').replace(/(?:\*\*|__)$/, '').trim();
}

/** `**8.0.0**` or `__v8.0.0__` at the start of a line: a bold version with text after it. */
const BOLD_VERSION_LEAD = new RegExp(String.raw`^(\*\*|__)v?` + VERSION_SOURCE + String.raw`\1`);

/**
 * A line that opens with a bold version and carries only a date and a compare link after it:
 * `**5.3.0** - <small>_March 7, 2021_</small> — [Diff](https://github.com/…/compare/5.2.0...5.3.0)`
 * (archiver and the other archiverjs packages). Small HTML tags, emphasis marks, dashes and
 * links (`— [Diff](…) — [Release](…)`) are dropped before the tail is required to be a date; anything else (`**1.2.3** was yanked
 * because …`) keeps the line body text.
 */
function boldVersionLead(line: string, packageName: string | undefined): VersionMatch | null {
  if (line.length > MAX_HEADING_SCAN_CHARS) return null;
  const match = BOLD_VERSION_LEAD.exec(line);
  if (match === null) return null;
  const tail = line
    .slice(match[0].length)
    .replace(/<\/?[a-z]{1,10}>/gi, ' ')
    .replace(/\[[^\]\n]{0,40}\]\([^)\s]{0,300}\)/g, ' ')
    .replace(/[—–_*]/g, ' ');
  const date = findDate(tail);
  if (!isDateOnlyTail(tail, date)) return null;
  const version = versionFromHeading(match[2] ?? '', packageName);
  return version === null ? null : { ...version, date };
}

/** Every heading-like line, in order, with the version it carries (if any). */
function scanCandidates(lines: readonly string[], packageName: string | undefined): Candidate[] {
  const candidates: Candidate[] = [];
  const inFence = createFenceTracker();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const trimmedStart = line.slice(0, MAX_HEADING_SCAN_CHARS).trimStart();
    if (inFence(line) || trimmedStart.length === 0) continue;

    const heading = parseHeadingLine(line);
    if (heading !== null && heading.level <= 6) {
      const text = stripBoldMarks(heading.text);
      candidates.push({ index, headingClass: HeadingClass.Markdown, level: heading.level, heading: text, version: versionFromHeading(text, packageName), span: 1 });
      continue;
    }
    // Setext: a non-indented text line directly over `===` or `---` (History.md style).
    const underline = setextHeadingLevelAt(lines, index);
    if (underline !== null) {
      // Only the underline is length-checked; the text line itself may be huge, so bound it too.
      const text = line.slice(0, MAX_HEADING_SCAN_CHARS).trim();
      candidates.push({ index, headingClass: HeadingClass.Markdown, level: underline, heading: text, version: versionFromHeading(text, packageName), span: 2 });
      index += 1;
      continue;
    }
    if (heading !== null) {
      // A whole-line bold heading; bold lines name versions in some hand-written changelogs.
      const version = versionFromHeading(heading.text, packageName);
      candidates.push({ index, headingClass: HeadingClass.Bold, level: 7, heading: heading.text, version, span: 1 });
      continue;
    }
    const boldLead = boldVersionLead(line, packageName);
    if (boldLead !== null) {
      candidates.push({ index, headingClass: HeadingClass.Bold, level: 7, heading: line.slice(0, MAX_HEADING_SCAN_CHARS).trim(), version: boldLead, span: 1 });
      continue;
    }
    if (line.length <= MAX_HEADING_SCAN_CHARS && !/^[ \t]/.test(line)) {
      const version = versionFromHeading(line.trim(), packageName);
      if (version !== null && isDateOnlyTail(version.tail, version.date)) {
        candidates.push({ index, headingClass: HeadingClass.Bare, level: 8, heading: line.trim(), version, span: 1 });
      }
    }
  }
  return candidates;
}

function trimBlankEdges(lines: readonly string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim().length === 0) start += 1;
  while (end > start && (lines[end - 1] ?? '').trim().length === 0) end -= 1;
  return lines.slice(start, end).join('\n');
}

/**
 * A top-level heading of a changelog's closing matter, which belongs to no release. Not
 * "Migration" or "Upgrading from 2.x": those are group headings inside a major (review 12).
 */
const NOT_A_RELEASE_PART = /^(?:licen[cs]e|contributing|contributors|credits|older[ \t]+(?:releases|versions|changes)|archive)\s*$/i;

/**
 * Parses a changelog into version sections in document order. Returns [] for text that has
 * no version headings at all (a README, release-procedure notes), so callers can tell a real
 * changelog from a file that only happens to be called RELEASES.md.
 *
 * The version headings are those of the strongest heading class that carries versions:
 * Markdown headings if any carry versions, else bold lines, else bare version lines — so a
 * bold `**1.2.3**` inside a `## 1.2.3` section body never starts a section of its own.
 * Within Markdown headings every level counts (conventional-changelog mixes `#`, `##` and
 * `###` for major, minor and patch releases); a section runs to the next version heading or
 * to a non-version heading above its own level.
 */
export function parseChangelog(text: string, packageName?: string): ChangelogSection[] {
  const lines = text.slice(0, MAX_CHANGELOG_CHARS).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const candidates = scanCandidates(lines, packageName);
  const versioned = candidates.filter((candidate) => candidate.version !== null);
  if (versioned.length === 0) return tableSections(lines);
  const strongest = versioned.reduce<HeadingClass>((best, candidate) => (candidate.headingClass < best ? candidate.headingClass : best), HeadingClass.Bare);
  // Headings of a weaker class are body text here, and cannot end a section.
  const relevant = candidates.filter((candidate) => candidate.headingClass <= strongest);

  const sections: ChangelogSection[] = [];
  // Only the last release's section can run into the file's closing matter ("## License").
  const lastVersioned = relevant.findLastIndex((candidate) => candidate.version !== null && candidate.headingClass === strongest);
  for (let position = 0; position < relevant.length; position += 1) {
    const candidate = relevant[position];
    if (candidate === undefined || candidate.version === null || candidate.headingClass !== strongest) continue;
    let endIndex = lines.length;
    for (let next = position + 1; next < relevant.length; next += 1) {
      const following = relevant[next];
      if (following === undefined) break;
      if (following.version !== null && following.headingClass === strongest) {
        endIndex = following.index;
        break;
      }
      // Where versions are Markdown headings, a higher heading without one ends the section
      // ("## Older releases"). Where they are bold or bare lines, Markdown headings are the
      // sections' own groups ("## Features" under `**5.3.0** - …`, archiver) and end nothing,
      // except a top-level part that is no release's ("## License" after the last one).
      if (strongest === HeadingClass.Markdown && following.headingClass === HeadingClass.Markdown && following.level < candidate.level) {
        endIndex = following.index;
        break;
      }
      if (strongest !== HeadingClass.Markdown && position === lastVersioned && following.headingClass === HeadingClass.Markdown && following.level <= 2 && NOT_A_RELEASE_PART.test(following.heading)) {
        endIndex = following.index;
        break;
      }
    }
    sections.push({
      version: candidate.version.version,
      heading: candidate.heading,
      date: candidate.version.date,
      body: trimBlankEdges(lines.slice(candidate.index + candidate.span, endIndex)),
      line: candidate.index + 1,
    });
  }
  return sections;
}

/** `| 3.20.0 | Adds support for Zod 3.20 … |`: a table row whose first cell is a version. */
const TABLE_VERSION_ROW = new RegExp(String.raw`^[ \t]{0,3}\|[ \t]*v?` + VERSION_SOURCE + String.raw`[ \t]*\|`);

/**
 * A changelog written as a Markdown table, one row per version ("| Version | Change |",
 * zod-to-json-schema): each row whose first cell is a version is that version's section, its
 * other cells its change lines. Read only when the file has no version headings at all, so a
 * table inside a release's notes never splits it; a support table in such a file (`| 3.0.0 |
 * Node >= 18 | active |`) is read as versions too. Rows naming a range ("3.15.x - 3.16.x") are
 * skipped.
 */
function tableSections(lines: readonly string[]): ChangelogSection[] {
  const sections: ChangelogSection[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.length > MAX_HEADING_SCAN_CHARS * 16) continue;
    const match = TABLE_VERSION_ROW.exec(line);
    const version = match === null ? null : cleanVersion(match[1] ?? '');
    if (match === null || version === null) continue;
    const cells = line.slice(match[0].length).split('|').map((cell) => cell.trim()).filter((cell) => cell.length > 0);
    const date = findDate(cells.join(' '));
    // Each description cell becomes a change line, as a bullet would be; a cell that is only a date is the row's date.
    const changes = cells.filter((cell) => !isDateOnlyTail(cell, findDate(cell)));
    if (changes.length === 0) continue;
    sections.push({ version, heading: version, date, body: changes.map((cell) => `- ${cell}`).join('\n'), line: index + 1 });
  }
  return sections;
}

/**
 * What maintainers leave in a section they have not written yet ("- Nothing yet!", "No changes",
 * "TBD"): Keep a Changelog's `[Unreleased]` placeholder sometimes ships under the released
 * version. Such a section says nothing about the release, so it counts as empty and the release
 * text of last resort (the commits) is read instead of "no markers".
 */
const PLACEHOLDER_BODY = /^(?:nothing(?: yet| to (?:see|report))?|no (?:notable |user[- ]facing |functional )?changes?(?: yet)?|none(?: yet)?|tbd|tba|todo|n\/a|wip|coming soon)$/;

function isPlaceholder(body: string): boolean {
  const words = body
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]/g, '')
    .replace(/[.!…:]+\s*$/gm, '')
    .trim()
    .toLowerCase();
  return words.length > 0 && words.length <= 40 && !words.includes('\n') && PLACEHOLDER_BODY.test(words);
}

/**
 * The sections of a range that say something: a version heading with nothing under it
 * (archiver's link-only `**8.0.0** — [Diff](…)` lines) says nothing, as a missing one does.
 * `none` is how a note says why none is left ("has no section …" / "has only empty sections …").
 */
export function sectionsWithText(inRange: readonly ChangelogSection[]): { sections: ChangelogSection[]; none: string } {
  return {
    sections: inRange.filter((section) => section.body.trim().length > 0 && !isPlaceholder(section.body)),
    none: `has ${inRange.length === 0 ? 'no section' : 'only empty sections'} for the versions in range`,
  };
}

/** A version given to range selection that is not valid semver. */
export class ChangelogRangeError extends Error {
  override readonly name = 'ChangelogRangeError';
  constructor(
    readonly input: 'from' | 'to',
    readonly value: string,
  ) {
    super(`Changelog range: "${input}" version ${JSON.stringify(value.slice(0, 80))} is not valid semver; pass the exact resolved versions of the bump (e.g. 1.2.3).`);
  }
}

/**
 * The sections a bump is about, semver-exact: versions v with from < v <= to for an upgrade;
 * for a downgrade (to < from) the versions in (to, from] — what is being given up. Prereleases
 * count when semver ordering puts them in the interval (`2.0.0-beta.1` lies in (1.9.0, 2.0.0]).
 * When a version appears twice the first section wins (the newest entry sits at the top).
 * Result is sorted by version ascending.
 */
export function selectSectionsInRange(sections: readonly ChangelogSection[], from: string, to: string): ChangelogSection[] {
  const fromVersion = cleanVersion(from);
  if (fromVersion === null) throw new ChangelogRangeError('from', from);
  const toVersion = cleanVersion(to);
  if (toVersion === null) throw new ChangelogRangeError('to', to);
  const [lower, upper] = semver.lte(fromVersion, toVersion) ? [fromVersion, toVersion] : [toVersion, fromVersion];

  const seen = new Set<string>();
  const selected: ChangelogSection[] = [];
  for (const section of sections) {
    if (seen.has(section.version)) continue;
    seen.add(section.version);
    if (semver.gt(section.version, lower) && semver.lte(section.version, upper)) selected.push(section);
  }
  return selected.sort((left, right) => semver.compare(left.version, right.version));
}
