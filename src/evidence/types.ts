/**
 * Evidence contract (DESIGN §4). An evidence item is a bounded piece of untrusted text (or a
 * locally computed fact) with an ID that depends only on what it is and what it says.
 */

export type EvidenceKind =
  | 'registryFact'
  | 'releaseNotes'
  | 'changelog'
  | 'breakingChanges'
  | 'deprecations'
  | 'compatibility'
  | 'migrationGuide'
  | 'advisory'
  /** Exported names or entry files removed between the two published tarballs (computed locally). */
  | 'apiSurface'
  /** Where this repository imports and uses the package, from a static scan at the head (computed locally). */
  | 'usage'
  /**
   * The commit subjects between the two versions' tags in the source repository: the release
   * text of last resort, read only when no changelog or release notes exist.
   */
  | 'commitLog';

export interface EvidenceItem {
  /** `sha256:` + hex sha256 of canonical JSON {packageId, sourceId, kind, locator, releaseVersions, contentDigest}. */
  id: string;
  /** `npm:<name>`. */
  packageId: string;
  /**
   * Where it came from: `npm-registry`, `npm-tarball`, `github-release`, `github-advisory`; for
   * GitHub Actions also `github-tags` (refs and pins) and `github-action-metadata` (action.yml).
   */
  sourceId: string;
  kind: EvidenceKind;
  /** Stable position inside the source, e.g. `CHANGELOG.md#5.0.0/breaking-changes`, `fact/engines`. */
  locator: string;
  /** Short human title, e.g. `CHANGELOG.md — 5.0.0 — Breaking Changes`. Untrusted text. */
  title: string;
  /** https URL a reader can open to check the claim. */
  sourceUrl: string;
  /** Versions the item speaks about, sorted by semver; all in (from, to]. Empty for whole-range facts. */
  releaseVersions: string[];
  /** Bounded content; untrusted. */
  content: string;
  /** `sha256:` + hex sha256 of content (UTF-8). */
  contentDigest: string;
  /** True when content was cut to the per-item bound. */
  truncated: boolean;
}

/** What could not be found, said plainly (never silently absent). */
export interface MissingInformation {
  code:
    | 'CHANGELOG_NOT_IN_TARBALL'
    | 'CHANGELOG_NO_SECTIONS_IN_RANGE'
    | 'REPOSITORY_CHANGELOG_UNAVAILABLE'
    | 'COMMIT_LOG_UNAVAILABLE'
    | 'API_SURFACE_UNAVAILABLE'
    | 'CHANGELOG_TOO_LARGE'
    | 'TARBALL_TOO_LARGE'
    | 'TARBALL_UNSAFE_ENTRIES'
    | 'TARBALL_UNAVAILABLE'
    | 'REPOSITORY_NOT_ON_GITHUB'
    | 'RELEASE_NOTES_NEED_TOKEN'
    | 'RELEASE_NOTES_UNAVAILABLE'
    | 'ADVISORIES_NEED_TOKEN'
    | 'ADVISORIES_UNAVAILABLE'
    | 'REGISTRY_UNAVAILABLE'
    | 'PACKAGE_NOT_FOUND'
    | 'VERSION_NOT_FOUND'
    | 'EVIDENCE_BUDGET_EXCEEDED'
    /** GitHub Actions: the action.yml (or reusable workflow) at a ref could not be read or compared. */
    | 'ACTION_METADATA_UNAVAILABLE'
    /** GitHub Actions: a moving tag's exact release was approximated or could not be told. */
    | 'VERSION_UNRESOLVED'
    | 'USAGE_NOT_SCANNED';
  message: string;
}

export interface EvidenceWarning {
  code: string;
  message: string;
}
