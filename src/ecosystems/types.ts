/**
 * Registry facts: what the registry itself says about the versions in a bump. They are
 * computed locally from the package document (packument), so they are facts, not claims;
 * each one becomes a `registryFact` evidence item with an ID of its own.
 */

import type { ManifestShape } from './npm/manifest-shape.js';

export interface GitHubRepository {
  owner: string;
  repo: string;
  /** Sub-directory for monorepos (`repository.directory`), if declared. */
  directory: string | null;
}

export interface VersionManifestFacts {
  version: string;
  /** ISO time from the packument `time` map; null when absent. */
  publishedAt: string | null;
  /** Deprecation message; null when not deprecated. */
  deprecated: string | null;
  license: string | null;
  engines: Record<string, string>;
  /** Which of preinstall / install / postinstall the version declares (sorted). */
  installScripts: string[];
  /** `_npmUser.name` of who published it; null when the registry does not say. */
  publisher: string | null;
  /** True when `dist.attestations` has a provenance statement. */
  provenance: boolean;
  dependencies: Record<string, string>;
  tarballUrl: string | null;
  /** `dist.integrity` (SRI) or null. */
  integrity: string | null;
  /** What consumers can import, require and run, and which peers and platforms it demands. */
  shape: ManifestShape;
}

export interface RegistryFacts {
  packageName: string;
  /** Base URL of the registry used, without credentials. */
  registryUrl: string;
  /** Human page of the package, e.g. https://www.npmjs.com/package/<name>; a version page is `${packagePageUrl}/v/${version}`. */
  packagePageUrl: string;
  from: VersionManifestFacts | null;
  to: VersionManifestFacts | null;
  /** Published versions v with from < v <= to (or to <= v < from for a downgrade), semver-sorted. */
  versionsInRange: string[];
  /** Every published version, semver-sorted: used to reject invented versions. */
  allVersions: string[];
  /**
   * For an upgrade whose `engines` changed: the first version of the range from which `engines`
   * stayed what `to` declares (express 4.21.2 → 5.1.0: 5.0.0), so a finding names the release
   * that changed it, not the target. Absent or null when unknown.
   */
  enginesSince?: string | null;
  repository: GitHubRepository | null;
  /** Raw repository URL as declared (normalised to https) when not on GitHub; for messages. */
  repositoryUrl: string | null;
}
