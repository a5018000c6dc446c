import type { AnalysisResult, HumanReviewReason } from '../analysis/types.js';
import type { EvidenceKind } from '../evidence/types.js';
import { isPublishedFilesFact } from '../evidence/published-files-evidence.js';
import { REVIEW_REASON_EXPLANATION } from './explanations.js';

/**
 * What a risk stands on, read from the evidence the (trusted) risk cites: release text, the
 * API-surface diff, security advisories, or registry facts only. Computed from evidence kinds,
 * never from model text, so a reader always knows whether "high" means "the notes say it
 * breaks" or "semver-major, and nothing says more".
 */

export type RiskBasis = 'release notes' | 'commit log' | 'API diff' | 'published files' | 'advisories' | 'registry facts' | 'repository usage';

const BASIS_OF_KIND: Readonly<Record<EvidenceKind, RiskBasis>> = {
  releaseNotes: 'release notes',
  changelog: 'release notes',
  breakingChanges: 'release notes',
  deprecations: 'release notes',
  compatibility: 'release notes',
  migrationGuide: 'release notes',
  apiSurface: 'API diff',
  advisory: 'advisories',
  registryFact: 'registry facts',
  usage: 'repository usage',
  commitLog: 'commit log',
};

/** Evidence computed from an action's action.yml at both refs (see evidence/github-action-evidence.ts). */
const ACTION_METADATA_SOURCE_ID = 'github-action-metadata';

const ORDER: readonly RiskBasis[] = ['release notes', 'commit log', 'API diff', 'published files', 'advisories', 'registry facts', 'repository usage'];

/** The byte-for-byte comparison of the two tarballs: a fact of its own, not a registry field. */
function basisOf(item: AnalysisResult['evidence'][number]): RiskBasis {
  if (item.sourceId === ACTION_METADATA_SOURCE_ID) return 'API diff';
  if (isPublishedFilesFact(item)) return 'published files';
  return BASIS_OF_KIND[item.kind];
}

export function riskBasisOf(result: AnalysisResult): RiskBasis[] {
  const cited = new Set(result.riskEvidenceRefs);
  // A GitHub Action's action.yml diff (inputs, outputs, runs.using) is its API diff, whatever its kind.
  const bases = new Set(result.evidence.filter((item) => cited.has(item.id)).map(basisOf));
  return ORDER.filter((basis) => bases.has(basis));
}

/** True when nothing but registry facts carries the risk (no release text, diff or advisory). */
export function restsOnRegistryFactsOnly(result: AnalysisResult): boolean {
  const bases = riskBasisOf(result);
  return bases.length === 1 && bases[0] === 'registry facts';
}

/** "release notes and API diff", "registry facts only (no release notes found)". */
export function describeRiskBasis(result: AnalysisResult): string | null {
  const bases = riskBasisOf(result);
  if (bases.length === 0) return null;
  if (restsOnRegistryFactsOnly(result)) {
    return result.evidenceCoverage === 'none' ? 'registry facts only (no release notes found)' : 'registry facts only';
  }
  return bases.length === 1 ? bases[0]! : `${bases.slice(0, -1).join(', ')} and ${bases[bases.length - 1]!}`;
}

/**
 * The "Why review" sentence for a reason, saying what it rests on: HIGH_RISK from registry
 * facts alone is a semver or manifest judgement, not documented breakage.
 */
export function reviewReasonExplanation(reason: HumanReviewReason, result: AnalysisResult): string {
  if (reason === 'HIGH_RISK' && restsOnRegistryFactsOnly(result)) {
    return result.evidenceCoverage === 'none'
      ? 'the registry facts alone rate this high (for example a semver-major with no release notes, or a change in module format): it may break callers, and no release text says how.'
      : 'the registry facts rate this high (for example the package became ESM-only or removed an export).';
  }
  if (reason === 'HIGH_RISK' && riskBasisOf(result).includes('API diff') && !riskBasisOf(result).includes('release notes')) {
    return result.dependency.ecosystem === 'github-actions'
      ? "the action's inputs, outputs or secrets changed in a way that breaks workflows that use them."
      : 'the published type declarations or entry files lose exports that the earlier version had.';
  }
  return REVIEW_REASON_EXPLANATION[reason] ?? 'see the manifest.';
}
