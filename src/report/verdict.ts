import type { AnalysisResult, RiskLevel } from '../analysis/types.js';
import type { DetectionWarning } from '../bumps/types.js';
import type { FailClosed, Verdict } from './run-outcome.js';

/**
 * Detection warnings that mean a dependency file could not be read, so some bumps may be
 * missing from the analysis: such a run never says "proceed".
 */
export const UNREADABLE_INPUT_CODES: ReadonlySet<DetectionWarning['code']> = new Set([
  'LOCKFILE_UNPARSEABLE',
  'LOCKFILE_UNSUPPORTED',
  'MANIFEST_UNPARSEABLE',
  'FILE_TOO_LARGE',
  'FILE_UNAVAILABLE',
  'WORKFLOW_UNPARSEABLE',
  'ACTION_REFERENCE_UNUSABLE',
]);

/** Warnings about dependency files that could not be read. */
export function unreadableInputs(warnings: readonly DetectionWarning[] = []): DetectionWarning[] {
  return warnings.filter((warning) => UNREADABLE_INPUT_CODES.has(warning.code));
}

/**
 * Verdict policy. It is deliberately small so a reviewer can predict it from the table:
 *
 * - `withheld` — the run failed closed (identity, routing, configuration): nothing is published.
 * - `blocked`  — some dependency is high risk AND carries a locally computed supply-chain
 *                signal (SUPPLY_CHAIN_CHANGE: install scripts added, provenance lost,
 *                publisher changed, target version deprecated). A model's opinion alone never blocks a merge; a
 *                registry fact combined with high risk does.
 * - `review`   — some dependency needs a person: it has human-review reasons or its
 *                analysis failed. High risk from breaking changes lands here (HIGH_RISK is a
 *                review reason), which matches the mockup: "review needed — breaking changes".
 *                A dependency file that could not be read also means review.
 * - `proceed`  — otherwise, including a PR with nothing to analyse.
 */
export function computeVerdict(results: readonly AnalysisResult[], failClosed: FailClosed | null, detectionWarnings: readonly DetectionWarning[] = []): Verdict {
  if (failClosed) return 'withheld';
  if (results.some(isBlocking)) return 'blocked';
  if (results.some(needsReview) || unreadableInputs(detectionWarnings).length > 0) return 'review';
  return 'proceed';
}

/** High risk backed by a supply-chain fact: the one combination that blocks. */
export function isBlocking(result: AnalysisResult): boolean {
  return result.status !== 'skipped' && result.riskLevel === 'high' && result.humanReviewReasons.includes('SUPPLY_CHAIN_CHANGE');
}

export function needsReview(result: AnalysisResult): boolean {
  return result.status === 'failed' || result.humanReviewReasons.length > 0;
}

/** Highest risk of a run; `none` when nothing was analysed. */
export type MaxRisk = 'none' | RiskLevel;

/**
 * Order used by maxRisk. `unknown` ranks above `medium` and below `high`: not knowing is
 * worse than a known medium risk (a person must look), but a documented high risk is still
 * the stronger signal to show first.
 */
export const RISK_RANK: Readonly<Record<MaxRisk, number>> = { none: 0, low: 1, medium: 2, unknown: 3, high: 4 };

/** Skipped results carry no analysis, so they do not count; a failed one counts as its (unknown) risk. */
export function maxRisk(results: readonly AnalysisResult[]): MaxRisk {
  let highest: MaxRisk = 'none';
  for (const result of results) {
    if (result.status === 'skipped') continue;
    if (RISK_RANK[result.riskLevel] > RISK_RANK[highest]) highest = result.riskLevel;
  }
  return highest;
}

function bumpsWord(count: number): string {
  return count === 1 ? 'bump' : 'bumps';
}

/** "1 of 3 bumps has breaking changes"; singular/plural verb follows the count. */
function countPhrase(count: number, total: number, singular: string, plural: string): string {
  return `${count} of ${total} ${bumpsWord(total)} ${count === 1 ? singular : plural}`;
}

/** True when a result has a trusted breaking-change finding. */
export function hasBreakingChange(result: AnalysisResult): boolean {
  return result.findings.some((finding) => finding.kind === 'breakingChange');
}

/**
 * One line saying why the verdict is what it is, built only from counts and stable codes
 * (never from model text), e.g. "1 of 3 bumps has breaking changes".
 * At most two causes are named so the line stays one line.
 */
export function verdictReason(results: readonly AnalysisResult[], failClosed: FailClosed | null, detectionWarnings: readonly DetectionWarning[] = []): string {
  if (failClosed) return withheldReason(failClosed.code, failClosed.message);
  const unreadable = unreadableInputs(detectionWarnings).length;
  const unreadableCause = unreadable === 1 ? 'a dependency file could not be read' : `${unreadable} dependency files could not be read`;
  const total = results.length;
  if (total === 0) return unreadable > 0 ? `${unreadableCause}, so bumps may be missing` : 'no direct dependency upgrades to analyse';
  const isFailed = (result: AnalysisResult): boolean => result.status === 'failed';
  const isUnknown = (result: AnalysisResult): boolean => result.status === 'analyzed' && result.riskLevel === 'unknown';
  // Each cause with the bumps it speaks for (an unreadable file speaks for none), in the order shown.
  const kinds: ReadonlyArray<{ covers: (result: AnalysisResult) => boolean; singular: string; plural: string }> = [
    { covers: isBlocking, singular: 'is high risk with a supply-chain change', plural: 'are high risk with a supply-chain change' },
    { covers: hasBreakingChange, singular: 'has breaking changes', plural: 'have breaking changes' },
    { covers: isFailed, singular: 'could not be analysed', plural: 'could not be analysed' },
    { covers: isUnknown, singular: 'has unknown risk', plural: 'have unknown risk' },
  ];
  const causes: Array<{ text: string; covers: (result: AnalysisResult) => boolean }> = [];
  if (unreadable > 0) causes.push({ text: unreadableCause, covers: () => false });
  for (const kind of kinds) {
    const count = results.filter(kind.covers).length;
    if (count > 0) causes.push({ text: countPhrase(count, total, kind.singular, kind.plural), covers: kind.covers });
  }
  const reviewing = results.filter(needsReview).length;
  if (causes.length === 0 && reviewing > 0) return countPhrase(reviewing, total, 'needs a closer look', 'need a closer look');
  if (causes.length === 0) return total === 1 ? 'the bump looks safe' : `all ${total} bumps look safe`;
  // The line names at most two causes; every other bump the "Needs attention" list will name
  // (one a dropped cause covers, thin evidence, a downgrade…) is counted, so the line never hides one.
  const shown = causes.slice(0, 2);
  const needsAttention = (result: AnalysisResult): boolean => needsReview(result) || causes.some((cause) => cause.covers(result));
  const more = results.filter((result) => needsAttention(result) && !shown.some((cause) => cause.covers(result))).length;
  return [...shown.map((cause) => cause.text), ...(more > 0 ? [`${more} more ${more === 1 ? 'needs' : 'need'} a closer look`] : [])].join('; ');
}

/** Plain words for why a run withheld its verdict, keyed by the stable code. */
/**
 * How an approval failure's message opens (src/evaluation/approval.ts writes it). A missing or
 * mismatched approval withholds the verdict under the same stable code as a missing
 * qualification (`QUALIFICATION_MISSING`: the run is not vouched for), but the headline and the
 * advice must name the record that failed, or a reader is sent to the wrong workflow.
 */
export const APPROVAL_FAILURE_PREFIX = 'The approval record does not approve this run';

const isApprovalFailure = (code: FailClosed['code'], message: string | undefined): boolean =>
  code === 'QUALIFICATION_MISSING' && message !== undefined && message.startsWith(APPROVAL_FAILURE_PREFIX);

export function withheldReason(code: FailClosed['code'], message?: string): string {
  if (isApprovalFailure(code, message)) return 'the profile has no passing eval approval for this run';
  switch (code) {
    case 'IDENTITY_MISMATCH':
      return 'the model that answered is not the one the profile locked';
    case 'ROUTING_POLICY_VIOLATION':
      return 'the route that answered broke the profile’s routing policy';
    case 'CONFIGURATION_ERROR':
      return 'the configuration is not usable';
    case 'CAPABILITY_MISMATCH':
      return 'the endpoint lacks a capability the profile requires';
    case 'STRUCTURED_OUTPUT_UNSUPPORTED':
      return 'the endpoint does not honour the structured-output schema';
    case 'AUTH_ERROR':
      return 'the endpoint rejected the credentials';
    case 'INPUT_UNUSABLE':
      return 'the pull request’s dependency files could not be read';
    case 'QUALIFICATION_MISSING':
      return 'the profile has no passing conformance qualification';
    case 'CANCELLED':
      return 'the run was cancelled before every bump was analysed';
    default:
      return `the runtime failed in a way that withholds the verdict (${code})`;
  }
}

/** What a person should do next for a fail-closed code. */
export function withheldAdvice(code: FailClosed['code'], message?: string): string {
  if (isApprovalFailure(code, message)) return 'Evaluate this profile with `depverdict eval` (or the depverdict-eval workflow) and point the approval input at the approval.json it writes (a profile that does not pass the eval gate gets none).';
  switch (code) {
    case 'IDENTITY_MISMATCH':
    case 'ROUTING_POLICY_VIOLATION':
      return 'Check the profile’s identity and routing settings (provider lock, allowed fallbacks) or rerun.';
    case 'CONFIGURATION_ERROR':
    case 'INPUT_UNUSABLE':
      return 'Fix the input or profile named in the details (an action input, or an option of the CLI), then rerun.';
    case 'CAPABILITY_MISMATCH':
    case 'STRUCTURED_OUTPUT_UNSUPPORTED':
      return 'Use a profile whose endpoint passed conformance, or declare a different structured-output mode as a separate profile.';
    case 'AUTH_ERROR':
      return 'Check that the secret named by the profile is set and valid.';
    case 'QUALIFICATION_MISSING':
      return 'Run conformance for this profile first (`depverdict conformance`, or the conformance workflow), and point the qualification at the conformance.json it writes; the details say what did not match.';
    case 'CANCELLED':
      // A person or the runner stopped it: nothing is wrong with the profile or the inputs.
      return 'Nothing failed: rerun to get a verdict. What finished is in the results.';
    default:
      return 'Run it again; if it repeats, inspect the execution trace (trace.json).';
  }
}
