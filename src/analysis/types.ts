import type { DependencyType, Ecosystem, SemverClass, BumpDirection } from '../bumps/types.js';
import type { ManifestChange } from '../ecosystems/npm/manifest-diff.js';
import type { EvidenceKind, MissingInformation } from '../evidence/types.js';
import type { RuntimeErrorCode } from '../runtime/contract.js';
import type { UsageReport } from '../usage/types.js';

/** The model's (or extractive analyzer's) output, after exact schema validation. Still untrusted. */
export type RiskLevel = 'low' | 'medium' | 'high' | 'unknown';
export type FindingKind = 'breakingChange' | 'deprecation' | 'compatibility' | 'security';

export interface CandidateFinding {
  id: string;
  kind: FindingKind;
  summary: string;
  appliesToVersions: string[];
  evidenceRefs: string[];
}

export interface Candidate {
  summary: string;
  summaryEvidenceRefs: string[];
  riskLevel: RiskLevel;
  riskEvidenceRefs: string[];
  findings: CandidateFinding[];
}

/** Trust-layer issue codes: what was removed or overridden and why. */
export type TrustIssueCode =
  | 'EVIDENCE_REFERENCE_INVALID'
  | 'CLAIMS_DROPPED'
  | 'INVENTED_URL'
  | 'INVENTED_VERSION'
  | 'VERSION_OUT_OF_RANGE'
  | 'SOURCE_CONFLICT';

export interface TrustIssue {
  code: TrustIssueCode;
  /** Where: `summary`, `riskLevel`, `findings[2]`, ... */
  path: string;
  message: string;
}

export type HumanReviewReason =
  | 'ANALYSIS_FAILED'
  | 'HIGH_RISK'
  | 'UNKNOWN_RISK'
  | 'EVIDENCE_NONE'
  | 'EVIDENCE_PARTIAL'
  | 'VERSION_UNCERTAIN'
  | 'SOURCE_CONFLICT'
  | 'CLAIMS_DROPPED'
  | 'DOWNGRADE'
  | 'SUPPLY_CHAIN_CHANGE'
  /** A removed or changed API that a breaking change (or the API-surface diff) names is used in this repository. */
  | 'BREAKING_API_IN_USE';

export type NextAction = 'proceed' | 'reviewBeforeMerge' | 'retryAnalysis' | 'fixConfiguration';

export type EvidenceCoverage = 'none' | 'partial' | 'sufficient';

export type ResultStatus = 'analyzed' | 'failed' | 'skipped';

/** Evidence metadata published in the manifest: no content (the manifest stays small and portable). */
export interface EvidenceReference {
  id: string;
  kind: EvidenceKind;
  sourceId: string;
  title: string;
  sourceUrl: string;
  releaseVersions: string[];
  contentDigest: string;
}

/** Locally computed supply-chain and registry signals shown as facts next to the analysis. */
export interface RegistrySignals {
  versionsInRange: number;
  targetPublishedAt: string | null;
  targetDeprecated: string | null;
  installScriptsAdded: string[];
  installScriptsRemoved: string[];
  provenanceLost: boolean;
  provenanceGained: boolean;
  /**
   * Both versions name their publisher (`_npmUser`), so a change could be seen: without it, a
   * null `publisherChanged` means "not known", never "unchanged" (mirrors often omit it).
   */
  publishersCompared: boolean;
  publisherChanged: { from: string | null; to: string | null } | null;
  licenseChanged: { from: string | null; to: string | null } | null;
  enginesChanged: { from: Record<string, string>; to: Record<string, string> } | null;
  newDependencies: string[];
  /**
   * The head lockfile records another integrity for the target version than the registry
   * publishes: what would be installed is not the published package. Null when they agree or
   * cannot be compared (no npm lockfile, no common hash algorithm).
   */
  lockfileIntegrityMismatch: { lockfile: string; registry: string } | null;
  /**
   * Consumer-facing manifest differences (ESM-only, exports or commands removed, peers and
   * platforms narrowed…), by fact and effect, with the names each is about (subpaths, commands,
   * peers, dependencies; at most 20, and how many in all); the evidence items carry the rest of the details.
   */
  manifestChanges: Array<{ fact: ManifestChange['fact']; effect: ManifestChange['effect']; subjects: string[]; subjectCount: number }>;
  /** github-actions only (absent for npm): what the SHA-pin checks found. */
  actionPin?: ActionPinSignals;
}

/** Supply-chain signals of a `uses:` bump, computed from the action repository's tags. */
export interface ActionPinSignals {
  /**
   * A SHA pin that is not what its comment says (the comment names a release whose tag is
   * another commit, or the SHA is no commit of the repository), said in one sentence of names
   * and SHAs; null when every pin checked out or nothing was pinned.
   */
  mismatch: string | null;
  /** The base pinned a commit SHA and the head names a tag or branch, which can be re-pointed. */
  pinningWeakened: boolean;
}

export interface TrustedFinding {
  id: string;
  kind: FindingKind;
  summary: string;
  appliesToVersions: string[];
  evidenceRefs: string[];
}

/** One dependency's trusted result: what the manifest publishes and the comment shows. */
export interface AnalysisResult {
  /** `npm:<name>@<from>..<to>` (or `github-actions:…`): unique per analysis. */
  id: string;
  status: ResultStatus;
  contextId: string | null;
  dependency: { ecosystem: Ecosystem; name: string; dependencyTypes: DependencyType[]; manifests: string[] };
  versions: { from: string; to: string; direction: BumpDirection; semverClass: SemverClass; inRange: string[] };
  summary: string;
  summaryEvidenceRefs: string[];
  riskLevel: RiskLevel;
  riskEvidenceRefs: string[];
  findings: TrustedFinding[];
  evidence: EvidenceReference[];
  evidenceCoverage: EvidenceCoverage;
  missingInformation: MissingInformation[];
  registrySignals: RegistrySignals | null;
  validation: {
    /** Did the candidate parse and validate against the exact schema? null when no call was made. */
    schemaValid: boolean | null;
    trustIssues: TrustIssue[];
  };
  humanReviewReasons: HumanReviewReason[];
  nextAction: NextAction;
  /** Present when status is failed: a stable code (runtime or AI Core) and a sanitized message. */
  error: { code: RuntimeErrorCode | 'OUTPUT_JSON_INVALID' | 'OUTPUT_SCHEMA_INVALID' | 'CONTEXT_FAILED'; message: string } | null;
  /** Plain statements of what this analysis cannot tell, e.g. "extractive: no model read the text". */
  limitations: string[];
  /**
   * Where the repository uses the package, and whether it uses what the bump removes or changes.
   * Absent only when the run was given no repository scan outcome at all (library callers, tests);
   * the manifest then publishes a `notScanned` report.
   */
  usage?: UsageReport;
}

/** `<ecosystem>:<name>@<from>..<to>`: the one ID of an analysis, shared by the manifest and the comment. */
export function resultIdOf(name: string, from: string | null, to: string | null, ecosystem: Ecosystem = 'npm'): string {
  return `${ecosystem}:${name}@${from ?? 'none'}..${to ?? 'none'}`;
}
