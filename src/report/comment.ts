import type { Bump, DetectionWarning } from '../bumps/types.js';
import { resultIdOf } from '../analysis/types.js';
import type { AnalysisResult } from '../analysis/types.js';
import type { RunOutcome, Verdict } from './run-outcome.js';
import { redact } from '../shared/redaction.js';
import { REVIEW_REASON_SHORT } from './explanations.js';
import { REPOSITORY_SOURCE_ID } from '../evidence/repository-changelog.js';
import { githubGapReason, NO_GITHUB_TOKEN } from '../evidence/github-release-notes.js';
import { restsOnRegistryFactsOnly } from './risk-basis.js';
import { RISK_LABEL, RUN_LEVEL_MISSING_CODES, TEXT_BOUNDS, renderDependencyDetails, versionChange } from './dependency-details.js';
import { codeSpan, escapeInline, safeHttpsUrl } from './markdown.js';
import { RISK_RANK, computeVerdict, hasBreakingChange, isBlocking, unreadableInputs, verdictReason, withheldAdvice } from './verdict.js';
import { renderPhaseTable } from './phase-table.js';

/** Hidden first line that lets the action find and update its own sticky comment. */
export const COMMENT_MARKER = '<!-- depverdict:comment v1 -->';

/** GitHub rejects issue comments longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;
/**
 * GitHub's step-summary limit is 1 MiB of UTF-8. One UTF-16 code unit is at most 3 UTF-8
 * bytes, so 300,000 characters always fit.
 */
export const JOB_SUMMARY_LIMIT = 300_000;

export interface CommentOptions {
  artifactNames: { manifest: string; trace: string };
  /** Set when the results are local files (the CLI) rather than uploaded artifacts: the footer names them. */
  resultFiles?: { manifest: string; trace: string };
  runUrl?: string | null;
  maxChars?: number;
  /** Clock for release ages; injected so rendering stays pure. */
  now: Date;
  /** The PR's head now; when it differs from the analysed head the comment is marked stale. */
  currentHeadSha?: string | null;
}

const VERDICT_HEADLINE: Readonly<Record<Verdict, string>> = {
  proceed: '🟢 proceed',
  review: '🔶 review needed',
  blocked: '⛔ blocked',
  withheld: '⛔ verdict withheld',
};

/** How much a render leaves out; levels only ever remove more, in the documented priority order. */
interface Truncation {
  dropLowRiskRegistryFacts: boolean;
  collapseLowAndMediumDetails: boolean;
  collapseAllButFailedAndHigh: boolean;
  /** Rows kept beyond the failed/high rows (those are always kept); null = all. */
  tableRowLimit: number | null;
}

const TRUNCATION_LEVELS: readonly Truncation[] = [
  { dropLowRiskRegistryFacts: false, collapseLowAndMediumDetails: false, collapseAllButFailedAndHigh: false, tableRowLimit: null },
  { dropLowRiskRegistryFacts: true, collapseLowAndMediumDetails: false, collapseAllButFailedAndHigh: false, tableRowLimit: null },
  { dropLowRiskRegistryFacts: true, collapseLowAndMediumDetails: true, collapseAllButFailedAndHigh: false, tableRowLimit: null },
  { dropLowRiskRegistryFacts: true, collapseLowAndMediumDetails: true, collapseAllButFailedAndHigh: true, tableRowLimit: null },
  ...[200, 100, 50, 20, 5, 0].map((rows) => ({
    dropLowRiskRegistryFacts: true,
    collapseLowAndMediumDetails: true,
    collapseAllButFailedAndHigh: true,
    tableRowLimit: rows,
  })),
];

/** Must stay visible at every truncation level: a person needs to see these first. */
function isPriority(result: AnalysisResult): boolean {
  return result.status === 'failed' || result.riskLevel === 'high';
}

/** Table and details order: most severe first, then by id, so the top rows are the ones that matter. */
function severity(result: AnalysisResult): number {
  if (isBlocking(result)) return 10;
  if (result.status === 'failed') return 8;
  if (result.status === 'skipped') return -1;
  return RISK_RANK[result.riskLevel];
}

function bySeverity(results: readonly AnalysisResult[]): AnalysisResult[] {
  return [...results].sort((left, right) => severity(right) - severity(left) || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
}

function shortSha(sha: string | null): string {
  return sha ? codeSpan(sha.slice(0, 7)) : 'an unknown commit';
}

/** The head as a reader can identify it: its short SHA, or the ref/directory for local runs. */
function describeHead(outcome: RunOutcome): string {
  if (outcome.source.headSha) return shortSha(outcome.source.headSha);
  return outcome.source.headRef && outcome.source.headRef !== 'unknown' ? codeSpan(outcome.source.headRef, { maxLength: 80 }) : 'an unknown commit';
}

/** How many packages the attention line names before it says "and N more". */
const ATTENTION_NAMES = 4;

/**
 * The second line of the mockup: which bumps need attention and why, so a reader who stops
 * after two lines knows where to look. Built only from package names, versions and stable
 * review codes, never from model text.
 */
function attentionLine(results: readonly AnalysisResult[], detectionWarnings: readonly DetectionWarning[] = []): string | null {
  // Every row whose Review column says "yes" is named: a reader who stops here must not miss one.
  const flagged = bySeverity(results).filter(
    (result) => result.status === 'failed' || result.riskLevel === 'high' || result.riskLevel === 'unknown' || result.humanReviewReasons.length > 0,
  );
  // A dependency file that could not be read may hide bumps: named first, by its path (the
  // headline only counts them, and the warning itself is at the end of the comment).
  const unreadable = [...new Set(unreadableInputs(detectionWarnings).map((warning) => warning.subject))];
  const files = unreadable.slice(0, ATTENTION_NAMES).map((path) => `${codeSpan(path, { maxLength: TEXT_BOUNDS.name })} (could not be read, see the warnings below)`);
  if (flagged.length === 0 && files.length === 0) return null;
  const why = (result: AnalysisResult): string => {
    if (result.status === 'failed') return 'analysis failed';
    if (isBlocking(result)) return 'high risk with a supply-chain change';
    if (hasBreakingChange(result)) return 'breaking changes';
    if (result.riskLevel === 'high') return restsOnRegistryFactsOnly(result) ? 'high risk: registry facts only' : 'high risk';
    if (result.riskLevel === 'unknown') return 'risk unknown';
    const first = result.humanReviewReasons[0];
    return first === undefined ? 'review' : (REVIEW_REASON_SHORT[first] ?? first);
  };
  const named = flagged
    .slice(0, ATTENTION_NAMES)
    .map((result) => {
      const versions = `${codeSpan(result.versions.from, { maxLength: TEXT_BOUNDS.version })} → ${codeSpan(result.versions.to, { maxLength: TEXT_BOUNDS.version })}`;
      return `${codeSpan(result.dependency.name, { maxLength: TEXT_BOUNDS.name })} ${versions} (${why(result)})`;
    });
  const more = flagged.length > ATTENTION_NAMES ? `, and ${flagged.length - ATTENTION_NAMES} more` : '';
  return `Needs attention: ${[...files, ...named].join(', ')}${more}.`;
}

/** Who produced the analysis: the deterministic analyzer, or which model via which route and whether it was verified. */
function identityLine(outcome: RunOutcome): string {
  const runtime = outcome.runtime;
  const profile = `profile ${codeSpan(runtime.profileId, { maxLength: 100 })}`;
  if (runtime.deterministic) return `${profile} (deterministic, no model)`;
  const successes = outcome.calls.map((call) => call.success).filter((success) => success !== null);
  const actualModels = [...new Set(successes.map((success) => success.actualIdentity.model ?? runtime.requestedIdentity.model))];
  const actualProviders = [...new Set(successes.map((success) => success.actualIdentity.provider ?? runtime.requestedIdentity.provider))];
  const model = actualModels.length === 1 ? actualModels[0] : runtime.requestedIdentity.model;
  const provider = actualProviders.length === 1 ? actualProviders[0] : runtime.requestedIdentity.provider;
  const modelText = model ? codeSpan(model, { maxLength: 100 }) : 'an unnamed model';
  const providerText = provider ? codeSpan(provider, { maxLength: 100 }) : 'an unreported provider';
  let route: string;
  if (successes.length === 0) route = 'no call completed';
  else if (successes.every((success) => success.identityVerified)) route = 'route verified';
  else route = `unverified route${runtime.mode === 'development' ? ' (development profile)' : ''}`;
  return `${profile}: model ${modelText} via ${providerText} — ${route}`;
}

function withheldIdentityLine(outcome: RunOutcome): string {
  const failClosed = outcome.failClosed;
  if (!failClosed) return '';
  const identity = failClosed.identity;
  const code = codeSpan(failClosed.code);
  if (!identity) return `Stable code ${code}.`;
  const named = (value: string | null, what: string): string => (value ? codeSpan(value, { maxLength: 100 }) : `an unreported ${what}`);
  const attempts = identity.attempts === null ? '' : ` after ${identity.attempts} ${identity.attempts === 1 ? 'attempt' : 'attempts'}`;
  return (
    `Requested ${named(identity.requestedModel, 'model')} via ${named(identity.requestedProvider, 'provider')}; ` +
    `the response came from ${named(identity.actualModel, 'model')} via ${named(identity.actualProvider, 'provider')}${attempts} (${failClosed.code}).`
  );
}

function reviewCell(result: AnalysisResult): string {
  if (result.status === 'failed') return `yes — analysis failed (${result.error?.code ?? 'UNKNOWN'})`;
  if (result.humanReviewReasons.length === 0) return 'no';
  // Breaking changes are the reason most readers act on, so they are named first.
  const reasons = result.humanReviewReasons.map((reason) => REVIEW_REASON_SHORT[reason] ?? reason);
  if (hasBreakingChange(result)) reasons.unshift('breaking changes');
  return `yes — ${[...new Set(reasons)].slice(0, 2).join(', ')}`;
}

/**
 * A dependency that failed for a reason of its own under a fail-closed run (its registry was
 * down) still says so; one cancelled because the run stopped after the fail-closed error is
 * part of the one cause, so it reads "withheld" like the rest.
 */
function failedForItsOwnReason(result: AnalysisResult, failClosedCode: string): boolean {
  return result.status === 'failed' && result.error !== null && result.error.code !== failClosedCode && result.error.code !== 'CANCELLED';
}

/** Under a fail-closed run every risk is withheld, whatever status the pipeline gave the result. */
function riskCell(result: AnalysisResult, failClosedCode: string | null): string {
  if (failClosedCode !== null && failedForItsOwnReason(result, failClosedCode)) return '⚠️ failed';
  if (failClosedCode !== null) return 'withheld';
  if (result.status === 'failed') return '⚠️ failed';
  if (result.status === 'skipped') return 'skipped';
  return RISK_LABEL[result.riskLevel];
}

function withheldReviewCell(result: AnalysisResult, failClosedCode: string): string {
  // A dependency that failed for its own reason (e.g. the registry) still says so.
  return failedForItsOwnReason(result, failClosedCode) ? reviewCell(result) : '—';
}

function tableRows(results: readonly AnalysisResult[], failClosedCode: string | null, rowLimit: number | null): { rows: string[]; cut: number } {
  const rows: string[] = [];
  let others = 0;
  let cut = 0;
  for (const result of results) {
    const priority = isPriority(result);
    if (!priority && rowLimit !== null && others >= rowLimit) {
      cut += 1;
      continue;
    }
    if (!priority) others += 1;
    const name = codeSpan(result.dependency.name, { maxLength: TEXT_BOUNDS.name, inTable: true });
    // Action bumps share the table; their ecosystem is named where npm's is implied.
    const types = `${result.dependency.ecosystem === 'npm' ? '' : `${result.dependency.ecosystem}: `}${result.dependency.dependencyTypes.join(', ') || '—'}`;
    const review = failClosedCode === null ? reviewCell(result) : withheldReviewCell(result, failClosedCode);
    rows.push(`| ${name} | ${versionChange(result, true)} | ${types} | ${riskCell(result, failClosedCode)} | ${review} |`);
  }
  return { rows, cut };
}

/** Added, removed and lockfile-only changes: listed for the record, not analysed. */
function otherChangesLine(bumps: readonly Bump[], results: readonly AnalysisResult[]): string | null {
  // Everything with a result is in the table; the rest is listed here (usually added, removed and
  // transitive-only changes, which are analysed only when a PR changes nothing direct).
  const analysed = new Set(results.map((result) => result.id));
  const others = bumps.filter((bump) => !analysed.has(resultIdOf(bump.name, bump.from, bump.to, bump.ecosystem)));
  if (others.length === 0) return null;
  const groups: [string, Bump[], boolean][] = [
    ['added', others.filter((bump) => bump.direction === 'added'), false],
    ['removed', others.filter((bump) => bump.direction === 'removed'), false],
    ['transitive-only', others.filter((bump) => bump.direction !== 'added' && bump.direction !== 'removed' && !bump.direct), true],
    // Direct changes between non-registry versions (git, file, workspace): no release range to analyse.
    ['non-semver', others.filter((bump) => bump.direction !== 'added' && bump.direction !== 'removed' && bump.direct), true],
  ];
  const parts = groups
    .filter(([, members]) => members.length > 0)
    .map(([label, members, withVersions]) => {
      const entries = withVersions
        ? members.map((bump) => `${codeSpan(bump.name, { maxLength: TEXT_BOUNDS.name })} ${codeSpan(bump.from ?? '?', { maxLength: TEXT_BOUNDS.version })} → ${codeSpan(bump.to ?? '?', { maxLength: TEXT_BOUNDS.version })}`)
        : [...new Set(members.map((bump) => bump.name))].map((name) => codeSpan(name, { maxLength: TEXT_BOUNDS.name }));
      const shown = entries.slice(0, 10).join(', ');
      const more = entries.length > 10 ? ` … and ${entries.length - 10} more` : '';
      return `${members.length} ${label}: ${shown}${more}`;
    });
  return `**Other changes** (listed, not analysed) — ${parts.join(' · ')}`;
}

function detectionWarningsBlock(outcome: RunOutcome): string | null {
  const warnings = outcome.detectionWarnings;
  if (warnings.length === 0) return null;
  const lines = ['**Detection warnings**'];
  for (const warning of warnings.slice(0, 20)) {
    lines.push(`- ${codeSpan(warning.code)} ${codeSpan(warning.subject, { maxLength: 200 })}: ${escapeInline(warning.message, TEXT_BOUNDS.message)}`);
  }
  if (warnings.length > 20) lines.push(`- … and ${warnings.length - 20} more in the manifest`);
  return lines.join('\n');
}

function footer(outcome: RunOutcome, options: CommentOptions): string {
  const parts = options.resultFiles
    ? [`Full results: ${codeSpan(options.resultFiles.manifest)}`, `execution trace: ${codeSpan(options.resultFiles.trace)}`]
    : [`Full results: artifact ${codeSpan(options.artifactNames.manifest)}`, `execution trace: artifact ${codeSpan(options.artifactNames.trace)}`];
  const runUrl = options.runUrl ? safeHttpsUrl(options.runUrl) : null;
  if (runUrl) parts.push(`[workflow run](${runUrl})`);
  const reused = outcome.calls.filter((call) => call.reuse).length;
  if (reused > 0) parts.push(`${reused} result${reused === 1 ? '' : 's'} reused from an earlier run (same evidence, profile, prompt and schema)`);
  parts.push(`DepVerdict ${escapeInline(outcome.tool.version, 40)}`);
  return `<sub>${parts.join(' · ')}</sub>`;
}

interface RenderPlan {
  includeMarker: boolean;
  extraSections: string[];
}

/** Renders the whole body at one truncation level and reports what that level left out. */
function renderAtLevel(outcome: RunOutcome, options: CommentOptions, plan: RenderPlan, level: Truncation): { body: string; cuts: string[] } {
  const failClosed = outcome.failClosed;
  const includeAnalysis = failClosed === null;
  const verdict = computeVerdict(outcome.results, failClosed, outcome.detectionWarnings);
  const results = bySeverity(outcome.results);
  const sections: string[] = [];
  const cuts: string[] = [];

  const headline = `### DepVerdict: ${VERDICT_HEADLINE[verdict]} — ${verdictReason(outcome.results, failClosed, outcome.detectionWarnings)}`;
  sections.push(plan.includeMarker ? `${COMMENT_MARKER}\n${headline}` : headline);

  const head = outcome.source.headSha;
  const stale =
    options.currentHeadSha && head && options.currentHeadSha !== head
      ? `\n\n⚠️ **Stale:** this verdict describes ${shortSha(head)}; the pull request head is now ${shortSha(options.currentHeadSha)}.`
      : '';
  if (failClosed) {
    sections.push(
      `${withheldIdentityLine(outcome)} No analysis is published. ${withheldAdvice(failClosed.code, failClosed.message)}\n\n` +
        `Details: ${escapeInline(failClosed.message, TEXT_BOUNDS.message)}\n\n` +
        `Head ${describeHead(outcome)} · profile ${codeSpan(outcome.runtime.profileId, { maxLength: 100 })}.${stale}`,
    );
  } else {
    const attention = attentionLine(outcome.results, outcome.detectionWarnings);
    sections.push(`${attention ? `${attention}\n` : ''}Analysed head ${describeHead(outcome)} · ${identityLine(outcome)}.${stale}`);
  }

  if (results.length > 0) {
    const { rows, cut } = tableRows(results, failClosed?.code ?? null, level.tableRowLimit);
    const table = ['| Package | Change | Type | Risk | Review |', '|---|---|---|---|---|', ...rows];
    if (cut > 0) {
      table.push(`| … and ${cut} more | | | | see the manifest |`);
      cuts.push(`${cut} table rows`);
    }
    sections.push(table.join('\n'));
  }
  const other = otherChangesLine(outcome.bumps, outcome.results);
  if (other) sections.push(other);

  let collapsed = 0;
  let factsDropped = 0;
  for (const result of results) {
    const lowOrMedium = result.status !== 'failed' && (result.riskLevel === 'low' || result.riskLevel === 'medium');
    if ((level.collapseLowAndMediumDetails && lowOrMedium) || (level.collapseAllButFailedAndHigh && !isPriority(result))) {
      collapsed += 1;
      continue;
    }
    const omitFacts = level.dropLowRiskRegistryFacts && result.status !== 'failed' && result.riskLevel === 'low' && result.registrySignals !== null;
    if (omitFacts) factsDropped += 1;
    sections.push(
      renderDependencyDetails(result, {
        now: options.now,
        omitRegistryFacts: omitFacts,
        tracePlace: resultPlace(options, 'trace'),
        includeAnalysis,
        failClosedCode: failClosed?.code ?? null,
      }),
    );
  }
  if (factsDropped > 0) cuts.push(`registry facts of ${factsDropped} low-risk ${factsDropped === 1 ? 'dependency' : 'dependencies'}`);
  if (collapsed > 0) cuts.push(`details of ${collapsed} lower-risk ${collapsed === 1 ? 'dependency' : 'dependencies'}`);

  const notChecked = runLevelGaps(outcome.results);
  if (notChecked) sections.push(notChecked);
  const warnings = detectionWarningsBlock(outcome);
  if (warnings) sections.push(warnings);
  sections.push(...plan.extraSections);
  sections.push(footer(outcome, options));
  return { body: sections.join('\n\n'), cuts };
}

/** One line for the gaps every bump shares (no GitHub token), instead of one per bump and source. */
function runLevelGaps(results: readonly AnalysisResult[]): string | null {
  const codes = new Set(results.flatMap((result) => result.missingInformation.map((missing) => missing.code)).filter((code) => RUN_LEVEL_MISSING_CODES.has(code)));
  if (codes.size === 0) return null;
  const sources = [codes.has('RELEASE_NOTES_NEED_TOKEN') ? 'GitHub release notes' : null, codes.has('ADVISORIES_NEED_TOKEN') ? 'security advisories' : null].filter(Boolean);
  const tokenless = codes.has('RELEASE_NOTES_NEED_TOKEN') && results.some((result) => result.evidence.some((item) => item.sourceId === REPOSITORY_SOURCE_ID));
  const readAnyway = tokenless ? ' Changelogs of public repositories were read from GitHub without a token (GitHub allows 60 such requests an hour).' : '';
  // One reason for every gap, other than the missing token (the sample, --no-github): say it, and ask for no token.
  const reasons = new Set(results.flatMap((result) => result.missingInformation.filter((missing) => RUN_LEVEL_MISSING_CODES.has(missing.code)).map((missing) => githubGapReason(missing.message))));
  const [reason] = reasons;
  if (reasons.size === 1 && reason !== undefined && reason !== null && reason !== NO_GITHUB_TOKEN) return `**Not checked:** ${sources.join(' and ')} — ${escapeInline(reason, TEXT_BOUNDS.message)}.${readAnyway}`;
  return `**Not checked:** ${sources.join(' and ')} — the run had no GitHub token or did not use GitHub (the action's \`github-token\` input, or \`GITHUB_TOKEN\` for the CLI; the CLI's \`--sample\` and \`--no-github\` never use GitHub).${readAnyway}`;
}

/** Where the results or the trace are: the uploaded artifact, or the file when none is uploaded. */
function resultPlace(options: CommentOptions, which: 'manifest' | 'trace'): string {
  return options.resultFiles ? codeSpan(options.resultFiles[which]) : `the ${codeSpan(options.artifactNames[which])} artifact`;
}

function truncationNote(cuts: readonly string[], options: CommentOptions, limit: number): string {
  return `> ✂️ Shortened to fit the ${limit.toLocaleString('en-US')}-character limit: left out ${cuts.join(', ')}. The full results are in ${resultPlace(options, 'manifest')}.`;
}

/** Closes `<details>` blocks a hard cut left open, so the note below them still renders. */
function closeOpenDetails(text: string): string {
  const opened = (text.match(/<details>/g) ?? []).length;
  const closed = (text.match(/<\/details>/g) ?? []).length;
  return opened > closed ? `${text}${'\n</details>'.repeat(opened - closed)}` : text;
}

/**
 * Renders with increasing truncation until it fits. The verdict, head SHA and failed/high
 * rows are in every level; when even the last level is too long (e.g. hundreds of high-risk
 * dependencies), the body is hard-cut at a paragraph boundary and the note appended.
 */
function renderBounded(outcome: RunOutcome, options: CommentOptions, plan: RenderPlan, limit: number): string {
  let last: { body: string; cuts: string[] } | null = null;
  for (const level of TRUNCATION_LEVELS) {
    const rendered = renderAtLevel(outcome, options, plan, level);
    const body = rendered.cuts.length === 0 ? rendered.body : `${rendered.body}\n\n${truncationNote(rendered.cuts, options, limit)}`;
    if (body.length <= limit) return redact(body);
    last = rendered;
  }
  const cuts = [...(last?.cuts ?? []), 'the rest of the comment'];
  const note = `\n\n${truncationNote(cuts, options, limit)}`;
  // Room for the note and for closing tags a cut may leave open.
  const budget = Math.max(0, limit - note.length - 200);
  let kept = (last?.body ?? '').slice(0, budget);
  // Prefer a paragraph boundary; fall back to a line boundary when that would throw away too much.
  const paragraph = kept.lastIndexOf('\n\n');
  const line = kept.lastIndexOf('\n');
  if (paragraph > budget / 2) kept = kept.slice(0, paragraph);
  else if (line > 0) kept = kept.slice(0, line);
  // The marker and the verdict line survive even an absurdly small limit.
  const headline = (last?.body ?? '').split('\n\n')[0] ?? '';
  if (kept.length < headline.length) kept = headline.slice(0, budget);
  const result = `${closeOpenDetails(kept)}${note}`;
  return redact(result.length <= limit ? result : result.slice(0, limit));
}

/** The sticky PR comment (Markdown). Pure: same outcome and options, same text. */
export function renderComment(outcome: RunOutcome, options: CommentOptions): string {
  return renderBounded(outcome, options, { includeMarker: true, extraSections: [] }, options.maxChars ?? GITHUB_COMMENT_LIMIT);
}

/**
 * The job summary: the same content without the marker, plus the artifacts this run uploads, or
 * (`resultFiles`, upload-artifacts off) the files it leaves in output-dir instead.
 */
export function renderJobSummary(outcome: RunOutcome, options: CommentOptions): string {
  const artifacts = options.resultFiles
    ? [
        '**Result files** (not uploaded: `upload-artifacts` is false; they are in `output-dir`)',
        `- ${codeSpan(options.resultFiles.manifest)}: the portable, schema-validated results`,
        `- ${codeSpan(options.resultFiles.trace)}: the redacted execution trace (identity, attempts, timings, usage)`,
      ].join('\n')
    : [
        '**Artifacts**',
        `- ${codeSpan(options.artifactNames.manifest)}: \`version-analysis.json\`, the portable, schema-validated results`,
        `- ${codeSpan(options.artifactNames.trace)}: \`trace.json\`, the redacted execution trace (identity, attempts, timings, usage)`,
      ].join('\n');
  const phases = renderPhaseTable(outcome.phases);
  return renderBounded(outcome, options, { includeMarker: false, extraSections: phases === null ? [artifacts] : [artifacts, phases] }, options.maxChars ?? JOB_SUMMARY_LIMIT);
}
