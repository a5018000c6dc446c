import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../src/analysis/types.js';
import type { RunOutcome } from '../../src/report/run-outcome.js';
import { registerSecret, resetSecretsForTesting } from '../../src/shared/redaction.js';
import { COMMENT_MARKER, renderComment, renderJobSummary, type CommentOptions } from '../../src/report/comment.js';
import { computeVerdict } from '../../src/report/verdict.js';
import { failureAdvice } from '../../src/report/explanations.js';
import {
  HEAD_SHA,
  MODEL_DESCRIPTOR,
  NOW,
  ROUTING_FAILURE,
  analysedResult,
  bumpOf,
  failedResult,
  normalOutcome,
  quietSignals,
  successfulCall,
} from './outcome-fixtures.js';

const OPTIONS: CommentOptions = {
  artifactNames: { manifest: 'version-analysis', trace: 'depverdict-trace' },
  runUrl: 'https://github.com/octo/app/actions/runs/77',
  now: NOW,
};

afterEach(() => resetSecretsForTesting());

function withResults(results: AnalysisResult[], overrides: Partial<RunOutcome> = {}): RunOutcome {
  const sorted = [...results].sort((left, right) => (left.id < right.id ? -1 : 1));
  const outcome = normalOutcome({ results: sorted, bumps: sorted.map(bumpOf), detectionWarnings: [], ...overrides });
  return { ...outcome, verdict: computeVerdict(outcome.results, outcome.failClosed) };
}

/** Table rows of a rendered comment, split on unescaped pipes. */
function tableCells(comment: string): string[][] {
  return comment
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) => line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim()));
}

describe('renderComment for a normal multi-bump run', () => {
  const comment = renderComment(normalOutcome(), OPTIONS);
  const lines = comment.split('\n');

  it('starts with the marker, then the verdict and its reason', () => {
    expect(lines[0]).toBe(COMMENT_MARKER);
    expect(lines[1]).toBe('### DepVerdict: 🔶 review needed — 1 of 3 bumps has breaking changes');
  });

  it('names the analysed head and who produced the analysis', () => {
    expect(comment).toContain('Analysed head `a1b2c3d` · profile `extractive` (deterministic, no model).');
  });

  it('has a five-column table with one row per analysed result, most severe first', () => {
    const rows = tableCells(comment);
    expect(rows[0]).toEqual(['Package', 'Change', 'Type', 'Risk', 'Review']);
    const body = rows.slice(1);
    expect(body.map((row) => row[0])).toEqual(['`express`', '`@types/node`', '`axios`']);
    expect(body[0]).toEqual(['`express`', '`4.21.2` → `5.1.0` (major)', 'prod', '🔴 high', 'yes — breaking changes, high risk']);
    expect(body[1]![2]).toBe('dev');
    expect(body[2]![4]).toBe('no');
  });

  it('lists the changes it did not analyse', () => {
    expect(comment).toContain('**Other changes** (listed, not analysed) — 1 added: `left-pad` · 1 transitive-only: `debug`');
  });

  it('links findings only to the evidence they cite, labelled by its title, and shows registry facts', () => {
    expect(comment.match(/<details>/g)).toHaveLength(3);
    expect(comment).toMatch(/- Breaking change \(5\\\.1\\\.0\): app\\\.del\\\(\\\) removed; use app\\\.delete\\\(\\\) — \[CHANGELOG\\\.md — 5\\\.1\\\.0\]\(https:\/\/www\.npmjs\.com\/package\/express\/v\/5\.1\.0\)/);
    expect(comment).toContain('**Why review**\n- HIGH_RISK: ');
    expect(comment).toContain('released 2026-10-01 (60 days ago)');
    expect(comment).toContain('engines changed from `node >= 0.10.0` to `node >= 18`');
  });

  it('shows detection warnings and a footer with artifacts, run link and version', () => {
    expect(comment).toContain('- `PR_TEXT_DISAGREES` `PR title`: The title names express');
    expect(lines.at(-1)).toBe(
      '<sub>Full results: artifact `version-analysis` · execution trace: artifact `depverdict-trace` · [workflow run](https://github.com/octo/app/actions/runs/77) · DepVerdict 1\\.0\\.0</sub>',
    );
  });
});

describe('renderComment details', () => {
  it('shows the model and whether the route was verified', () => {
    const outcome = normalOutcome({ runtime: MODEL_DESCRIPTOR });
    const verified = { ...outcome, calls: outcome.results.map((result) => successfulCall(result)) };
    expect(renderComment(verified, OPTIONS)).toContain('profile `openrouter-gpt`: model `openai/gpt-5.5` via `OpenAI` — route verified');
    const developmentDescriptor = { ...MODEL_DESCRIPTOR, mode: 'development' as const };
    const unverified = {
      ...verified,
      runtime: developmentDescriptor,
      calls: verified.calls.map((call) => ({ ...call, success: call.success && { ...call.success, identityVerified: false } })),
    };
    expect(renderComment(unverified, OPTIONS)).toContain('— unverified route (development profile)');
  });

  it('says what failed for a failed dependency and what to do, keeping the others', () => {
    const outcome = withResults([analysedResult({ name: 'axios', from: '1.6.8', to: '1.7.9', risk: 'low' }), failedResult('zod', '3.0.0', '3.1.0')]);
    const comment = renderComment(outcome, OPTIONS);
    expect(comment.split('\n')[1]).toBe('### DepVerdict: 🔶 review needed — 1 of 2 bumps could not be analysed');
    expect(comment).toContain('**Analysis failed** — `TIMEOUT`: request to https:/\u200b/api\\.example timed out. The endpoint was unavailable or too slow; run it again.');
    expect(comment).toContain('| `zod` | `3.0.0` → `3.1.0` (minor) | prod | ⚠️ failed | yes — analysis failed (TIMEOUT) |');
    expect(comment).toContain('- No CHANGELOG file in the package tarball\\. (`CHANGELOG_NOT_IN_TARBALL`)');
    expect(comment).toContain('| `axios` |');
  });

  it('flags supply-chain registry facts and a very recent release', () => {
    const signals = quietSignals({
      targetPublishedAt: '2026-11-29T06:00:00.000Z',
      installScriptsAdded: ['postinstall'],
      provenanceLost: true,
      publisherChanged: { from: 'alice', to: 'mallory' },
      targetDeprecated: 'use <b>other</b>',
    });
    const result = analysedResult({ name: 'evil', from: '1.0.0', to: '1.0.1', risk: 'high', reasons: ['HIGH_RISK', 'SUPPLY_CHAIN_CHANGE'], signals });
    const comment = renderComment(withResults([result]), OPTIONS);
    expect(comment.split('\n')[1]).toBe('### DepVerdict: ⛔ blocked — 1 of 1 bump is high risk with a supply-chain change');
    expect(comment).toContain('⚠️ released 2026-11-29 (1 day ago: very recent)');
    expect(comment).toContain('⚠️ install scripts added: `postinstall`');
    expect(comment).toContain('⚠️ provenance lost');
    expect(comment).toContain('⚠️ publisher changed from `alice` to `mallory`');
    expect(comment).toContain('⚠️ target version is deprecated: “use &lt;b&gt;other&lt;/b&gt;”');
  });

  it('says "publisher unchanged" only when the registry named both publishers', () => {
    const line = (signals: Parameters<typeof quietSignals>[0]) => renderComment(withResults([analysedResult({ name: 'left-pad', from: '1.0.0', to: '1.0.1', risk: 'low', signals: quietSignals(signals) })]), OPTIONS);
    expect(line({ publishersCompared: true })).toContain('· publisher unchanged');
    expect(line({ publishersCompared: false })).toContain('· publisher not named by the registry');
    expect(line({ publishersCompared: false })).not.toContain('publisher unchanged');
  });

  it('lists added, removed, transitive-only and non-semver changes with a bounded list of names and versions', () => {
    const outcome = normalOutcome();
    const template = outcome.bumps[0]!;
    const transitive = Array.from({ length: 14 }, (_, index) => ({
      ...template,
      name: `dep-${String(index).padStart(2, '0')}`,
      direct: false,
      dependencyTypes: ['transitive' as const],
    }));
    const removed = { ...template, name: 'old-lib', to: null, toSpec: null, direction: 'removed' as const };
    const gitDependency = { ...template, name: 'forked', from: 'github:a/b#1', to: 'github:a/b#2', semverClass: 'unknown' as const };
    const comment = renderComment({ ...outcome, bumps: [...outcome.bumps, ...transitive, removed, gitDependency] }, OPTIONS);
    expect(comment).toMatch(/1 added: `left-pad` · 1 removed: `old-lib` · 15 transitive-only: `debug` `\S+` → `\S+`, `dep-00` `\S+` → `\S+`, .* … and 5 more · 1 non-semver: `forked` `github:a\/b#1` → `github:a\/b#2`/);
  });

  it('marks a verdict stale when the pull request head has moved', () => {
    const comment = renderComment(normalOutcome(), { ...OPTIONS, currentHeadSha: 'ffffffffffffffff' });
    expect(comment).toContain('⚠️ **Stale:** this verdict describes `a1b2c3d`; the pull request head is now `fffffff`.');
    expect(renderComment(normalOutcome(), { ...OPTIONS, currentHeadSha: HEAD_SHA })).not.toContain('Stale');
  });

  it('renders hostile text inert: no HTML, images, mentions, references, injected links or broken tables', () => {
    const hostile = analysedResult({
      name: 'hostile',
      from: '1.0.0',
      to: '2.0.0|x\n| injected | row |',
      risk: 'medium',
      summary: 'Hi @octocat <img src="https://evil.example/p.png"> ![i](https://evil.example/i.png) fixes #123 [click](javascript:alert(1)) https://evil.example',
      findingSummary: '</details><script>alert(1)</script> @everyone GH-12 octo/repo#4',
      evidenceUrl: 'javascript:alert(1)',
    });
    const comment = renderComment(withResults([hostile]), { ...OPTIONS, runUrl: 'javascript:alert(1)' });
    expect(comment).not.toMatch(/<img|<script|javascript:alert\(1\)\)/i);
    expect(comment).not.toMatch(/@octocat|@everyone|#123|GH-12|repo#4/);
    expect(comment).not.toContain('https://evil.example');
    expect(comment).not.toContain('](javascript');
    expect(comment.match(/<\/details>/g)).toHaveLength(1);
    for (const row of tableCells(comment)) expect(row).toHaveLength(5);
    expect(comment).not.toContain('[workflow run]');
  });

  it('redacts a registered secret that leaked into an error message', () => {
    registerSecret('canary-secret-value-42');
    const outcome = withResults([failedResult('zod', '3.0.0', '3.1.0', 'provider echoed canary-secret-value-42')]);
    const comment = renderComment(outcome, OPTIONS);
    expect(comment).not.toContain('canary-secret-value-42');
    expect(comment).toContain('provider echoed \\*\\*\\*');
  });
});

describe('renderComment for a fail-closed run', () => {
  const results = [
    analysedResult({ name: 'express', from: '4.21.2', to: '5.1.0', risk: 'high', summary: 'ZEBRA summary text', findingSummary: 'QUOKKA finding text', reasons: ['HIGH_RISK'] }),
    analysedResult({ name: 'axios', from: '1.6.8', to: '1.7.9', risk: 'low', summary: 'ZEBRA second summary' }),
  ];
  const comment = renderComment(withResults(results, { runtime: MODEL_DESCRIPTOR, failClosed: ROUTING_FAILURE }), OPTIONS);

  it('says first that the verdict was withheld, with the stable code and identities', () => {
    expect(comment.split('\n')[1]).toBe('### DepVerdict: ⛔ verdict withheld — the route that answered broke the profile’s routing policy');
    expect(comment).toContain(
      'Requested `openai/gpt-5.5` via `OpenAI`; the response came from `openai/gpt-5.5` via `SomeOtherProvider` after 2 attempts (ROUTING_POLICY_VIOLATION). No analysis is published.',
    );
    expect(comment).toContain('Head `a1b2c3d` · profile `openrouter-gpt`.');
  });

  it('contains no model-generated content, only deterministic facts', () => {
    expect(comment).not.toMatch(/ZEBRA|QUOKKA|Summary\.|Findings|high risk|🔴|🟢/);
    expect(comment).toContain('| `express` | `4.21.2` → `5.1.0` (minor) | prod | withheld | — |');
    expect(comment).toContain('**Registry facts** — 3 versions in range');
  });

  it('shows results the pipeline withheld as withheld, but keeps a dependency that failed for its own reason', () => {
    const withheld = { ...results[0]!, status: 'failed' as const, error: { code: 'ROUTING_POLICY_VIOLATION' as const, message: 'withheld' } };
    const ownFailure = failedResult('zod', '3.0.0', '3.1.0');
    const rendered = renderComment(withResults([withheld, ownFailure], { runtime: MODEL_DESCRIPTOR, failClosed: ROUTING_FAILURE }), OPTIONS);
    expect(rendered).toContain('| `express` | `4.21.2` → `5.1.0` (minor) | prod | withheld | — |');
    expect(rendered).toContain('| `zod` | `3.0.0` → `3.1.0` (minor) | prod | ⚠️ failed | yes — analysis failed (TIMEOUT) |');
    expect(rendered).toContain('**Analysis failed** — `TIMEOUT`');
    expect(rendered).not.toContain('**Analysis failed** — `ROUTING_POLICY_VIOLATION`');
  });
});

describe('field report: withheld rows, risk basis, attention line', () => {
  it('a dependency cancelled because the run failed closed reads "withheld", not "failed (CANCELLED)"', () => {
    const withheld = { ...analysedResult({ name: 'express', from: '4.21.2', to: '5.1.0', risk: 'high' }), status: 'failed' as const, error: { code: 'ROUTING_POLICY_VIOLATION' as const, message: 'withheld' } };
    const cancelled = { ...failedResult('axios', '1.6.8', '1.7.9'), error: { code: 'CANCELLED' as const, message: 'the run stopped after a fail-closed error' } };
    const rendered = renderComment(withResults([withheld, cancelled], { runtime: MODEL_DESCRIPTOR, failClosed: ROUTING_FAILURE }), OPTIONS);
    expect(rendered).toContain('| `axios` | `1.6.8` → `1.7.9` (minor) | prod | withheld | — |');
    expect(rendered).not.toContain('CANCELLED');
  });

  it('says what each risk stands on; a high risk from registry facts alone says so, not "the evidence documents"', () => {
    const semverOnly = analysedResult({ name: 'chalk', from: '4.1.2', to: '5.3.0', risk: 'high', reasons: ['EVIDENCE_NONE', 'HIGH_RISK'], semverClass: 'major' });
    const fact = { ...semverOnly.evidence[0]!, kind: 'registryFact' as const };
    const result = { ...semverOnly, evidence: [fact], evidenceCoverage: 'none' as const };
    const rendered = renderComment(withResults([result]), OPTIONS);
    expect(rendered).toContain('**Risk** 🔴 high — basis: registry facts only (no release notes found).');
    expect(rendered).toContain('- HIGH_RISK: the registry facts alone rate this high');
    expect(rendered).not.toContain('the evidence documents changes likely to break');
    const documented = renderComment(withResults([analysedResult({ name: 'express', from: '4.21.2', to: '5.1.0', risk: 'high', reasons: ['HIGH_RISK'] })]), OPTIONS);
    expect(documented).toContain('— basis: release notes.');
  });

  it('the attention line names every bump whose row asks for review, including for missing evidence', () => {
    const medium = analysedResult({ name: 'left-pad', from: '1.0.0', to: '1.1.0', risk: 'medium', reasons: ['EVIDENCE_NONE'] });
    const rendered = renderComment(withResults([medium, analysedResult({ name: 'axios', from: '1.6.8', to: '1.7.9', risk: 'low' })]), OPTIONS);
    expect(rendered).toContain('Needs attention: `left-pad` `1.0.0` → `1.1.0` (no evidence).');
  });

  it('the attention line names a dependency file that could not be read first, by its path (review 13)', () => {
    const warning = { code: 'LOCKFILE_UNPARSEABLE' as const, subject: 'packages/api/package-lock.json', message: 'packages/api/package-lock.json is not valid JSON near character 300: fix or regenerate the lockfile (at head)' };
    const rendered = renderComment(withResults([analysedResult({ name: 'axios', from: '1.6.8', to: '1.7.9', risk: 'low' })], { detectionWarnings: [warning] }), OPTIONS);
    expect(rendered).toContain('Needs attention: `packages/api/package-lock.json` (could not be read, see the warnings below).');
    // A warning that loses nothing (a PR description that disagrees) is not named there.
    const disagreeing = { code: 'PR_TEXT_DISAGREES' as const, subject: 'axios', message: 'the PR title says 1.7.8' };
    expect(renderComment(withResults([analysedResult({ name: 'axios', from: '1.6.8', to: '1.7.9', risk: 'low' })], { detectionWarnings: [disagreeing] }), OPTIONS)).not.toContain('Needs attention');
  });
});

describe('a cancelled run', () => {
  it('says the run was cancelled and marks unfinished dependencies "not checked", not failed or missing data', () => {
    const cancelled = { ...failedResult('axios', '1.6.8', '1.7.9'), evidence: [], registrySignals: null, error: { code: 'CANCELLED' as const, message: 'the run was cancelled (SIGTERM)' } };
    const rendered = renderComment(withResults([cancelled], { failClosed: { code: 'CANCELLED', message: 'The run was cancelled (SIGTERM).' } }), OPTIONS);
    expect(rendered).toContain('the run was cancelled before every bump was analysed');
    expect(rendered).toContain('Nothing failed: rerun to get a verdict.');
    expect(rendered).toContain('**Not checked** — the run was stopped before this dependency was analysed.');
    expect(rendered).not.toMatch(/no evidence was found|registry could not be read|if it repeats/);
  });
});

describe('tokenless repository reads', () => {
  it('the "Not checked" line says when public repository changelogs were read without a token', () => {
    const result = analysedResult({ name: 'commander', from: '8.3.0', to: '9.0.0', risk: 'high', reasons: ['HIGH_RISK'] });
    const tokenless = {
      ...result,
      evidence: result.evidence.map((item) => ({ ...item, sourceId: 'github-repository' })),
      missingInformation: [{ code: 'RELEASE_NOTES_NEED_TOKEN' as const, message: 'no token' }],
    };
    const rendered = renderComment(withResults([tokenless]), OPTIONS);
    expect(rendered).toContain('Changelogs of public repositories were read from GitHub without a token');
    expect(renderComment(withResults([{ ...tokenless, evidence: result.evidence }]), OPTIONS)).not.toContain('without a token');
  });
});

describe('comment size bound', () => {
  const giant = 'x'.repeat(50_000);
  function bigOutcome(count: number): RunOutcome {
    const results: AnalysisResult[] = [];
    for (let index = 0; index < count; index += 1) {
      const name = `package-${String(index).padStart(3, '0')}`;
      const risk = index % 50 === 0 ? 'high' : index % 3 === 0 ? 'medium' : 'low';
      results.push({
        ...analysedResult({ name, from: '1.0.0', to: '2.0.0', risk, summary: giant, findingSummary: giant, reasons: risk === 'high' ? ['HIGH_RISK'] : [] }),
        missingInformation: [{ code: 'CHANGELOG_NOT_IN_TARBALL', message: giant }],
      });
    }
    results.push(failedResult('zzz-failed', '1.0.0', '1.1.0', giant));
    return withResults(results);
  }

  it('stays within 65,536 characters for 300 dependencies with giant texts and says what was cut', () => {
    const comment = renderComment(bigOutcome(300), OPTIONS);
    expect(comment.length).toBeLessThanOrEqual(65_536);
    expect(comment.startsWith(`${COMMENT_MARKER}\n### DepVerdict: 🔶 review needed`)).toBe(true);
    expect(comment).toContain('`a1b2c3d`');
    expect(comment).toMatch(/✂️ Shortened to fit the 65,536-character limit: left out .+\. The full results are in the `version-analysis` artifact\./);
    // Failed and high-risk rows are always in the table.
    expect(comment).toContain('| `zzz-failed` |');
    for (const index of [0, 50, 100, 150, 200, 250]) expect(comment).toContain(`| \`package-${String(index).padStart(3, '0')}\` |`);
  });

  it('cuts the table last, keeping every failed and high-risk row', () => {
    const comment = renderComment(bigOutcome(300), { ...OPTIONS, maxChars: 20_000 });
    expect(comment.length).toBeLessThanOrEqual(20_000);
    expect(comment).toMatch(/\| … and \d+ more \| \| \| \| see the manifest \|/);
    expect(comment).toMatch(/left out .*\d+ table rows/);
    expect(comment).toContain('| `zzz-failed` |');
    for (const index of [0, 50, 100, 150, 200, 250]) expect(comment).toContain(`| \`package-${String(index).padStart(3, '0')}\` |`);
  });

  it('cuts in priority order: low-risk registry facts go first', () => {
    const results = Array.from({ length: 30 }, (_, index) =>
      analysedResult({ name: `low-${String(index).padStart(2, '0')}`, from: '1.0.0', to: '1.1.0', risk: 'low' }),
    );
    const outcome = withResults(results);
    const full = renderComment(outcome, { ...OPTIONS, maxChars: 1_000_000 });
    const comment = renderComment(outcome, { ...OPTIONS, maxChars: full.length - 100 });
    expect(comment.length).toBeLessThanOrEqual(full.length - 100);
    expect(comment).toContain('left out registry facts of 30 low-risk dependencies.');
    expect(comment.match(/<details>/g)).toHaveLength(30);
  });

  it('hard-cuts as a last resort and still ends with the note and balanced details', () => {
    const comment = renderComment(bigOutcome(20), { ...OPTIONS, maxChars: 6_000 });
    expect(comment.length).toBeLessThanOrEqual(6_000);
    expect(comment).toContain('The full results are in the `version-analysis` artifact.');
    expect(comment).toContain('### DepVerdict: 🔶 review needed');
    expect((comment.match(/<details>/g) ?? []).length).toBe((comment.match(/<\/details>/g) ?? []).length);
  });
});

describe('comment size bound at a tiny limit', () => {
  it('still keeps the marker and the verdict line', () => {
    const comment = renderComment(normalOutcome(), { ...OPTIONS, maxChars: 700 });
    expect(comment.length).toBeLessThanOrEqual(700);
    expect(comment.startsWith(`${COMMENT_MARKER}\n### DepVerdict: 🔶 review needed — 1 of 3 bumps has breaking changes`)).toBe(true);
    expect(comment).toContain('The full results are in the `version-analysis` artifact.');
  });
});

describe('failureAdvice', () => {
  it('says where the trace is, in the words of where the run happened, and never names a workflow', () => {
    expect(failureAdvice('UNKNOWN', 'the `depverdict-trace` artifact')).toBe('Run it again; if it repeats, inspect the `depverdict-trace` artifact.');
    expect(failureAdvice('UNKNOWN', '`trace.json`')).toBe('Run it again; if it repeats, inspect `trace.json`.');
    expect(failureAdvice('NETWORK_ERROR', '`trace.json`')).not.toMatch(/workflow/);
  });
});

describe('renderJobSummary', () => {
  it('has the same content without the marker, plus the artifacts', () => {
    const summary = renderJobSummary(normalOutcome(), OPTIONS);
    expect(summary).not.toContain(COMMENT_MARKER);
    expect(summary.split('\n')[0]).toBe('### DepVerdict: 🔶 review needed — 1 of 3 bumps has breaking changes');
    expect(summary).toContain('**Artifacts**\n- `version-analysis`: `version-analysis.json`');
    expect(summary).toContain('- `depverdict-trace`: `trace.json`');
    expect(summary).toContain('| `express` |');
  });

  it('with upload-artifacts off, names the result files it leaves in output-dir, never artifacts nobody uploads', () => {
    const summary = renderJobSummary(normalOutcome(), { ...OPTIONS, resultFiles: { manifest: 'version-analysis.json', trace: 'trace.json' } });
    expect(summary).toContain('**Result files** (not uploaded: `upload-artifacts` is false; they are in `output-dir`)\n- `version-analysis.json`: the portable');
    expect(summary).not.toContain('**Artifacts**');
    expect(summary).not.toMatch(/artifact `/);
  });
});
