import semver from 'semver';
import type { ChangelogSection } from './changelog-sections.js';
import { makeEvidenceItem } from './evidence-item.js';
import { splitByKind, type KindPart } from './section-kind.js';
import type { EvidenceItem, EvidenceKind } from './types.js';

/**
 * Turns changelog sections and GitHub release bodies into evidence items: one item per kinded
 * part (breaking changes, deprecations, … or plain notes), so the analysis can cite exactly
 * the part that says "Node 18 is no longer supported" instead of a whole release.
 * Locators depend only on the version and the part's heading, so IDs stay stable across runs.
 */

export const CHANGELOG_SOURCE_ID = 'npm-tarball';
export const RELEASE_SOURCE_ID = 'github-release';

const MAX_SLUG_CHARS = 60;

/** Lower-case ASCII slug of a heading (`⚠ BREAKING CHANGES` → `breaking-changes`). */
export function slugOf(heading: string): string {
  const slug = heading
    .slice(0, 300)
    .normalize('NFKD')
    .toLowerCase()
    // Link targets say nothing about the part and make slugs long and unstable.
    .replace(/\]\([^)\s]{0,300}\)/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG_CHARS)
    .replace(/-+$/, '');
  return slug;
}

/** Slugs for the parts of one release, unique within it (`notes`, `part-2`, `fixes`, `fixes-2`). */
function partSlugs(parts: readonly KindPart[]): string[] {
  const used = new Map<string, number>();
  return parts.map((part, index) => {
    const base = slugOf(part.heading) || `part-${String(index + 1)}`;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return count === 1 ? base : `${base}-${String(count)}`;
  });
}

/** The part's text as evidence: its heading first, so the item reads on its own. */
function contentOf(part: KindPart): string {
  if (part.heading.length === 0) return part.body;
  return part.body.length === 0 ? part.heading : `${part.heading}\n\n${part.body}`;
}

export interface ChangelogEvidenceInput {
  packageId: string;
  /** File name inside the package, e.g. `CHANGELOG.md`; for a repository file `owner/repo/path@tag`. Part of the locator. */
  fileName: string;
  /** Name shown in titles when it differs from `fileName` (the path of a repository file). */
  title?: string;
  /** Defaults to the tarball source. */
  sourceId?: string;
  /** Where a reader can see the file (e.g. the tarball's file on a package browser). */
  sourceUrl: string;
  /** Sections already selected for the bump's range. */
  sections: readonly ChangelogSection[];
}

/**
 * One evidence item per kinded part of each section, ordered by version ascending and then
 * by part order. Plain parts are `changelog` evidence. A version given twice keeps the first.
 */
export function changelogEvidence(input: ChangelogEvidenceInput): EvidenceItem[] {
  const seen = new Set<string>();
  const sections = input.sections.filter((section) => {
    if (seen.has(section.version)) return false;
    seen.add(section.version);
    return true;
  });
  sections.sort((left, right) => compareVersions(left.version, right.version));

  const items: EvidenceItem[] = [];
  for (const section of sections) {
    const parts = splitByKind(section.body);
    const slugs = partSlugs(parts);
    parts.forEach((part, index) => {
      const kind: EvidenceKind = part.kind === 'releaseNotes' ? 'changelog' : part.kind;
      const heading = part.heading.length > 0 ? part.heading : 'Notes';
      items.push(
        makeEvidenceItem({
          packageId: input.packageId,
          sourceId: input.sourceId ?? CHANGELOG_SOURCE_ID,
          kind,
          locator: `${input.fileName}#${section.version}/${slugs[index] ?? String(index + 1)}`,
          title: `${input.title ?? input.fileName} — ${section.version} — ${heading}`,
          sourceUrl: input.sourceUrl,
          releaseVersions: [section.version],
          content: contentOf(part),
        }),
      );
    });
  }
  return items;
}

export interface ReleaseNotesEvidenceInput {
  packageId: string;
  /** Git tag of the release, e.g. `v5.0.0`. */
  tag: string;
  /** Package version the release is for (semver). */
  version: string;
  /** The release page URL. */
  sourceUrl: string;
  /** Release body (Markdown), untrusted. */
  body: string;
}

/** One evidence item per kinded part of a GitHub release body; plain parts are `releaseNotes`. */
export function releaseNotesEvidence(input: ReleaseNotesEvidenceInput): EvidenceItem[] {
  const parts = splitByKind(input.body);
  const slugs = partSlugs(parts);
  // Tags are untrusted text; keep the locator on one line and bounded.
  const tag = input.tag.replace(/\s+/g, '-').slice(0, 100);
  return parts.map((part, index) => {
    const heading = part.heading.length > 0 ? part.heading : 'Notes';
    return makeEvidenceItem({
      packageId: input.packageId,
      sourceId: RELEASE_SOURCE_ID,
      kind: part.kind,
      locator: `release/${tag}/${slugs[index] ?? String(index + 1)}`,
      title: `Release ${tag} — ${heading}`,
      sourceUrl: input.sourceUrl,
      releaseVersions: [input.version],
      content: contentOf(part),
    });
  });
}

function compareVersions(left: string, right: string): number {
  const leftValid = semver.valid(left);
  const rightValid = semver.valid(right);
  if (leftValid !== null && rightValid !== null) return semver.compare(leftValid, rightValid);
  // Sections always carry clean versions; this only keeps the sort total for odd input.
  return left < right ? -1 : left > right ? 1 : 0;
}
