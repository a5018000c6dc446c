import type { BumpDirection, DependencyType, DetectionWarning, Ecosystem, SemverClass, VersionSource } from '../bumps/types.js';
import type { EvidenceCoverage, FindingKind, HumanReviewReason, NextAction, ResultStatus, RiskLevel, TrustIssueCode } from '../analysis/types.js';
import type { EvidenceKind } from '../evidence/types.js';
import type { ManifestChange } from '../ecosystems/npm/manifest-diff.js';
import type { CheckedName, ImportKind, NameUse, UsageReport } from '../usage/types.js';

/**
 * The enum values the published schemas list, derived from the contract types. Each list is
 * the keys of a `Record<Union, true>`, so adding a member to a contract union fails the type
 * check here until the schema learns it; the alternative, a schema that silently rejects the
 * new value at runtime, would cost a run its manifest.
 */
function keysOf<T extends string>(record: Record<T, true>): T[] {
  return Object.keys(record) as T[];
}

export const DEPENDENCY_TYPES = keysOf<DependencyType>({ prod: true, dev: true, peer: true, optional: true, transitive: true, packageManager: true, action: true, reusableWorkflow: true });
export const ECOSYSTEMS = keysOf<Ecosystem>({ npm: true, 'github-actions': true });
export const BUMP_DIRECTIONS = keysOf<BumpDirection>({ upgrade: true, downgrade: true, added: true, removed: true });
export const SEMVER_CLASSES = keysOf<SemverClass>({ major: true, minor: true, patch: true, prerelease: true, unknown: true });
export const VERSION_SOURCES = keysOf<VersionSource>({ lockfile: true, manifest: true });
export const DETECTION_WARNING_CODES = keysOf<DetectionWarning['code']>({
  LOCKFILE_UNPARSEABLE: true,
  LOCKFILE_UNSUPPORTED: true,
  MANIFEST_UNPARSEABLE: true,
  MANIFEST_ONE_SIDE: true,
  VERSION_NOT_SEMVER: true,
  FILE_TOO_LARGE: true,
  PR_TEXT_DISAGREES: true,
  FILE_UNAVAILABLE: true,
  WORKFLOW_UNPARSEABLE: true,
  ACTION_REFERENCE_UNUSABLE: true,
});
export const EVIDENCE_KINDS = keysOf<EvidenceKind>({
  registryFact: true,
  releaseNotes: true,
  changelog: true,
  breakingChanges: true,
  deprecations: true,
  compatibility: true,
  migrationGuide: true,
  advisory: true,
  apiSurface: true,
  usage: true,
  commitLog: true,
});
export const RISK_LEVELS = keysOf<RiskLevel>({ low: true, medium: true, high: true, unknown: true });
export const FINDING_KINDS = keysOf<FindingKind>({ breakingChange: true, deprecation: true, compatibility: true, security: true });
export const RESULT_STATUSES = keysOf<ResultStatus>({ analyzed: true, failed: true, skipped: true });
export const EVIDENCE_COVERAGES = keysOf<EvidenceCoverage>({ none: true, partial: true, sufficient: true });
export const NEXT_ACTIONS = keysOf<NextAction>({ proceed: true, reviewBeforeMerge: true, retryAnalysis: true, fixConfiguration: true });
export const TRUST_ISSUE_CODES = keysOf<TrustIssueCode>({
  EVIDENCE_REFERENCE_INVALID: true,
  CLAIMS_DROPPED: true,
  INVENTED_URL: true,
  INVENTED_VERSION: true,
  VERSION_OUT_OF_RANGE: true,
  SOURCE_CONFLICT: true,
});
export const HUMAN_REVIEW_REASONS = keysOf<HumanReviewReason>({
  ANALYSIS_FAILED: true,
  HIGH_RISK: true,
  UNKNOWN_RISK: true,
  EVIDENCE_NONE: true,
  EVIDENCE_PARTIAL: true,
  VERSION_UNCERTAIN: true,
  SOURCE_CONFLICT: true,
  CLAIMS_DROPPED: true,
  DOWNGRADE: true,
  SUPPLY_CHAIN_CHANGE: true,
  BREAKING_API_IN_USE: true,
});
export const MANIFEST_CHANGE_FACTS = keysOf<ManifestChange['fact']>({
  'module-format': true,
  'exports-removed': true,
  'exports-added': true,
  'bin-removed': true,
  'types-dropped': true,
  'peer-dependencies': true,
  platform: true,
  'dependency-majors': true,
});
export const MANIFEST_CHANGE_EFFECTS = keysOf<ManifestChange['effect']>({ breaking: true, compatibility: true, info: true });
export const IMPORT_KINDS = keysOf<ImportKind>({ import: true, importType: true, exportFrom: true, require: true, dynamicImport: true, importEquals: true });
export const USAGE_STATUSES = keysOf<UsageReport['status']>({ scanned: true, notScanned: true });
export const API_CHANGES = keysOf<CheckedName['change']>({ removed: true, changed: true });
export const USE_MATCHES = keysOf<NameUse['match']>({ binding: true, name: true });
