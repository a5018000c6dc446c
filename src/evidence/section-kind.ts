import { createFenceTracker, MAX_HEADING_SCAN_CHARS } from './markdown-blocks.js';
import type { EvidenceKind } from './types.js';

/**
 * Sorts the parts of a release text (a GitHub release body or one changelog version section)
 * into evidence kinds, by their headings and by inline `BREAKING:` markers.
 *
 * Everything here is untrusted text: we only look at it, never act on it. All patterns are
 * linear (no nested quantifiers) and only ever see the first {@link MAX_HEADING_SCAN_CHARS}
 * characters of a line, so a hostile 200 KB line costs one slice, not a regex blow-up. Whole
 * lines are only ever trimmed with loops or String#trim, never with an `X+$` regex (which is
 * quadratic on a long run of X followed by something else).
 */

export { MAX_HEADING_SCAN_CHARS };

/** Release texts longer than this are cut before splitting; evidence items are bounded far below it anyway. */
export const MAX_SPLIT_INPUT_CHARS = 256 * 1024;

/**
 * Heading given to the part collecting inline `BREAKING:` lines (a locator and a reader both see
 * it: "History.md — 5.0.0 — Marked breaking").
 */
export const INLINE_BREAKING_HEADING = 'Marked breaking';

export interface KindPart {
  kind: EvidenceKind;
  /** Heading text as written (markup removed), '' for text before the first heading. */
  heading: string;
  body: string;
}

interface HeadingRule {
  kind: EvidenceKind;
  /** Normalised heading must equal one of these or start with one followed by a space/punctuation. */
  prefixes: readonly string[];
}

/*
 * "Removed"/"Removals" count as breaking: Keep a Changelog defines that section as "features
 * removed in this release", and anyone still using a removed feature breaks. A false positive
 * costs a human glance; a false negative hides a break, so we lean to breaking.
 * changesets' "Major Changes" is breaking by definition (a semver-major change set).
 */
const HEADING_RULES: readonly HeadingRule[] = [
  {
    kind: 'breakingChanges',
    // "BC breaks" (backward-compatibility breaks): sequelize 4's changelog heads its breaks so.
    prefixes: ['breaking', 'breaking change', 'breaking changes', 'major changes', 'removed', 'removals', 'removal', 'backwards incompatible', 'backward incompatible', 'incompatible changes', 'bc breaks', 'bc break', 'b c breaks', 'b c break'],
  },
  { kind: 'deprecations', prefixes: ['deprecated', 'deprecations', 'deprecation', 'deprecating'] },
  {
    kind: 'compatibility',
    prefixes: ['compatibility', 'node.js support', 'node support', 'nodejs support', 'node.js version', 'node version', 'supported node', 'requirements', 'engines', 'engine', 'platform support', 'browser support', 'runtime support', 'dropped support'],
  },
  {
    kind: 'migrationGuide',
    prefixes: ['migration', 'migrating', 'migration guide', 'upgrading', 'upgrade guide', 'upgrade notes', 'upgrade instructions', 'how to upgrade'],
  },
];

/**
 * Reduces a heading to comparable words: lower case, no markup, no leading emoji or symbols
 * (`⚠ BREAKING CHANGES`, `🚨 Breaking`) or GitHub emoji shortcodes (lerna-changelog's
 * `:boom: Breaking Change`, cli-table3 0.6.0), no trailing colon.
 */
export function normaliseHeading(heading: string): string {
  const scanned = heading.slice(0, MAX_HEADING_SCAN_CHARS).toLowerCase().replace(/:[a-z0-9_+-]{1,40}:/g, ' ');
  // Keep letters, digits and the few punctuation marks our rules use; everything else is a separator.
  const spaced = scanned.replace(/[^\p{L}\p{N}.\s-]/gu, ' ');
  return spaced.replace(/\s+/g, ' ').trim().replace(/^[.\s-]+/, '').replace(/[.\s-]+$/, '');
}

function matchRule(normalised: string): { kind: EvidenceKind; prefix: string } | null {
  for (const rule of HEADING_RULES) {
    // Longest prefix first so "breaking changes" beats "breaking" when measuring the rest.
    const prefixes = [...rule.prefixes].sort((left, right) => right.length - left.length);
    for (const prefix of prefixes) {
      if (normalised === prefix) return { kind: rule.kind, prefix };
      if (normalised.startsWith(prefix)) {
        const next = normalised.charAt(prefix.length);
        if (next === ' ' || next === '.' || next === '-') return { kind: rule.kind, prefix };
      }
    }
  }
  return null;
}

/**
 * The evidence kind a heading announces, or null for an ordinary heading ("Features",
 * "Bug Fixes"). Matching is on the start of the heading so "Fix a breaking regex" is not
 * taken for a breaking-changes section.
 */
export function classifyHeading(heading: string): EvidenceKind | null {
  return matchRule(normaliseHeading(heading))?.kind ?? null;
}

/** True when the heading says more than its bare kind words ("Breaking: drop Node 14" vs "Breaking"). */
function headingCarriesContent(heading: string): boolean {
  const normalised = normaliseHeading(heading);
  const match = matchRule(normalised);
  if (match === null) return normalised.length > 0;
  return normalised.length > match.prefix.length + 3;
}

export interface ParsedHeading {
  /** 1-6 for ATX headings; 7 for a bold line, which sits below every ATX level. */
  level: number;
  text: string;
}

/** Recognises an ATX heading (`## Title ##`) or a whole-line bold heading (`**Title**`, `__Title__:`). */
export function parseHeadingLine(line: string): ParsedHeading | null {
  const scanned = line.slice(0, MAX_HEADING_SCAN_CHARS);
  const atx = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(scanned);
  if (atx !== null) {
    const marks = atx[1] ?? '';
    let text = scanned.slice(atx[0].length).trim();
    // A closing run of #s is decoration, but only when separated by a space (CommonMark).
    const closing = /(?:^|[ \t])#+$/.exec(text);
    if (closing !== null) text = text.slice(0, closing.index).trim();
    return { level: marks.length, text };
  }
  if (line.length > MAX_HEADING_SCAN_CHARS) return null;
  const bold = /^ {0,3}(\*\*|__)([^*_\n]{1,200})\1[ \t]*:?[ \t]*$/.exec(scanned);
  if (bold !== null) {
    const text = (bold[2] ?? '').trim();
    if (text.length > 0) return { level: 7, text };
  }
  return null;
}

/*
 * Inline markers: a bullet (or plain line) opening with BREAKING:, BREAKING CHANGE(S):,
 * **BREAKING**, Breaking: — the way conventional commits and many hand-written changelogs flag
 * a break in the middle of a "Changes" list. Bounded, with no nested quantifiers.
 */
const INLINE_BREAKING_PATTERN =
  /^ {0,8}(?:[-*+]|\d{1,4}[.)])?[ \t]{0,4}(?:\*\*|__)?(?:⚠️?[ \t]{0,2})?breaking(?:[ \t]changes?)?(?:\*\*|__|[ \t]{0,2}:|[ \t]-[ \t])/i;
/** conventional-commit subject with `!` (`feat(api)!: drop callback form`). */
const BANG_COMMIT_PATTERN = /^ {0,8}(?:[-*+][ \t]{1,4})?(?:\*\*)?[a-z]{2,12}(?:\([^()\n]{0,60}\))?!(?:\*\*)?:/i;

/** True when a line flags a breaking change inline. */
export function isInlineBreakingLine(line: string): boolean {
  const scanned = line.slice(0, MAX_HEADING_SCAN_CHARS);
  return INLINE_BREAKING_PATTERN.test(scanned) || BANG_COMMIT_PATTERN.test(scanned);
}

function indentOf(line: string): number {
  let count = 0;
  while (count < line.length && (line[count] === ' ' || line[count] === '\t')) count += 1;
  return count;
}

interface RawPart {
  kind: EvidenceKind;
  heading: string;
  level: number;
  lines: string[];
}

/**
 * Splits a release body into kinded parts, in document order. Text before the first heading
 * and under ordinary headings becomes `releaseNotes`; headings that classifyHeading
 * recognises open a part of that kind, which keeps its deeper sub-headings. Inline breaking
 * lines (with their indented continuation lines) found outside a breaking part are moved into
 * one trailing `breakingChanges` part so they are never lost among routine notes.
 * Parts with no body are dropped unless their heading says something beyond its kind word.
 */
export function splitByKind(markdown: string): KindPart[] {
  const text = markdown.slice(0, MAX_SPLIT_INPUT_CHARS).replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const parts: RawPart[] = [];
  let current: RawPart = { kind: 'releaseNotes', heading: '', level: 0, lines: [] };
  const inlineBreaking: string[] = [];
  // The same fence rules as the changelog reader: a heading or BREAKING line in an example is not one.
  const inFence = createFenceTracker();
  let movingIndent = -1;

  for (const line of lines) {
    const insideFence = inFence(line);

    const heading = insideFence ? null : parseHeadingLine(line);
    if (heading !== null) {
      movingIndent = -1;
      const kind = classifyHeading(heading.text);
      // A plain sub-heading inside a classified part stays in that part ("## Breaking" → "### core").
      if (kind === null && current.kind !== 'releaseNotes' && heading.level > current.level) {
        current.lines.push(line);
        continue;
      }
      parts.push(current);
      current = { kind: kind ?? 'releaseNotes', heading: heading.text, level: heading.level, lines: [] };
      continue;
    }

    if (current.kind !== 'breakingChanges' && !insideFence) {
      if (isInlineBreakingLine(line)) {
        inlineBreaking.push(line);
        movingIndent = indentOf(line);
        continue;
      }
      // Continuation of a moved bullet: more indented and non-blank.
      if (movingIndent >= 0 && line.trim().length > 0 && indentOf(line) > movingIndent) {
        inlineBreaking.push(line);
        continue;
      }
    }
    if (line.trim().length > 0) movingIndent = -1;
    current.lines.push(line);
  }
  parts.push(current);

  const result: KindPart[] = [];
  for (const part of parts) {
    const body = trimBlankLines(part.lines).join('\n');
    if (body.length === 0 && (part.heading.length === 0 || part.kind === 'releaseNotes' || !headingCarriesContent(part.heading))) continue;
    result.push({ kind: part.kind, heading: part.heading, body });
  }
  if (inlineBreaking.length > 0) {
    result.push({ kind: 'breakingChanges', heading: INLINE_BREAKING_HEADING, body: trimBlankLines(inlineBreaking).join('\n') });
  }
  return result;
}

function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim().length === 0) start += 1;
  while (end > start && (lines[end - 1] ?? '').trim().length === 0) end -= 1;
  return lines.slice(start, end).map(withoutTrailingBlanks);
}

/**
 * `line` without trailing spaces and tabs. A loop, not `/[ \t]+$/`: that regex backtracks
 * quadratically on a long run of blanks followed by anything else, and lines here are untrusted
 * and may be hundreds of KB long.
 */
export function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0) {
    const code = line.charCodeAt(end - 1);
    if (code !== 0x20 && code !== 0x09) break;
    end -= 1;
  }
  return end === line.length ? line : line.slice(0, end);
}
