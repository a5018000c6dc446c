import { describe, expect, it } from 'vitest';
import { applyTrust, NEUTRAL_SUMMARY } from '../../src/analysis/trust.js';
import type { Candidate, CandidateFinding } from '../../src/analysis/types.js';
import { buildContext, evidence, KNOWN_VERSIONS, semverFact } from './context-fixtures.js';

const breaking = evidence('breakingChanges', '- `pad()` no longer accepts a string length. See https://github.com/example/left-pad/pull/42 for details.', { versions: ['2.0.0'] });
const notes150 = evidence('releaseNotes', '- Adds `padEnd()`.', { versions: ['1.5.0'], url: 'https://github.com/example/left-pad/releases/tag/v1.5.0' });
const fact = semverFact();
const unselected = evidence('changelog', 'Not selected.', { versions: ['2.0.0'], locator: 'CHANGELOG.md#other' });
const INVENTED_REF = `sha256:${'f'.repeat(64)}`;

const context = buildContext({
  evidence: [breaking, notes150, fact, unselected],
  selectedEvidenceIds: [breaking.id, notes150.id, fact.id],
});
const options = { knownVersions: KNOWN_VERSIONS };

function finding(overrides: Partial<CandidateFinding> = {}): CandidateFinding {
  return { id: 'pad-length', kind: 'breakingChange', summary: '`pad()` no longer accepts a string length.', appliesToVersions: ['2.0.0'], evidenceRefs: [breaking.id], ...overrides };
}

function candidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    summary: 'Version 2.0.0 changes `pad()`.',
    summaryEvidenceRefs: [breaking.id],
    riskLevel: 'high',
    riskEvidenceRefs: [breaking.id],
    findings: [finding()],
    ...overrides,
  };
}

const codes = (issues: Array<{ code: string }>): string[] => issues.map((issue) => issue.code);

describe('applyTrust', () => {
  it('keeps a fully supported candidate unchanged with no issues', () => {
    const input = candidate();
    const { trusted, issues } = applyTrust(input, context, options);
    expect(issues).toEqual([]);
    expect(trusted).toEqual(input);
  });

  it('removes unknown and unselected references (EVIDENCE_REFERENCE_INVALID) and keeps the rest', () => {
    const { trusted, issues } = applyTrust(
      candidate({ summaryEvidenceRefs: [breaking.id, INVENTED_REF], riskEvidenceRefs: [unselected.id, breaking.id], findings: [finding({ evidenceRefs: [INVENTED_REF, breaking.id] })] }),
      context,
      options,
    );
    expect(trusted.summaryEvidenceRefs).toEqual([breaking.id]);
    expect(trusted.riskEvidenceRefs).toEqual([breaking.id]);
    expect(trusted.findings[0]?.evidenceRefs).toEqual([breaking.id]);
    expect(codes(issues)).toEqual(['EVIDENCE_REFERENCE_INVALID', 'EVIDENCE_REFERENCE_INVALID', 'EVIDENCE_REFERENCE_INVALID']);
    expect(issues.map((issue) => issue.path)).toEqual(['summaryEvidenceRefs', 'riskEvidenceRefs', 'findings[0].evidenceRefs']);
  });

  it('drops a finding, replaces the summary and unknowns the risk when only invented refs remain (CLAIMS_DROPPED)', () => {
    const { trusted, issues } = applyTrust(
      candidate({ summaryEvidenceRefs: [INVENTED_REF], riskEvidenceRefs: [INVENTED_REF], findings: [finding({ evidenceRefs: [INVENTED_REF] })] }),
      context,
      options,
    );
    expect(trusted).toEqual({ summary: NEUTRAL_SUMMARY, summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] });
    expect(codes(issues).filter((code) => code === 'CLAIMS_DROPPED')).toHaveLength(3);
  });

  it('drops duplicate finding ids', () => {
    const { trusted, issues } = applyTrust(candidate({ findings: [finding(), finding()] }), context, options);
    expect(trusted.findings).toHaveLength(1);
    expect(issues[0]?.message).toContain('duplicate id');
  });

  it('voids every claim when a URL is invented (INVENTED_URL)', () => {
    const { trusted, issues } = applyTrust(
      candidate({ findings: [finding({ summary: 'Details at https://evil.example/migrate.' }), finding({ id: 'other' })] }),
      context,
      options,
    );
    expect(trusted).toEqual({ summary: NEUTRAL_SUMMARY, summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] });
    expect(codes(issues)).toContain('INVENTED_URL');
    expect(issues.find((issue) => issue.code === 'INVENTED_URL')?.path).toBe('findings[0].summary');
  });

  it('catches non-http schemes too', () => {
    const { issues } = applyTrust(candidate({ summary: 'Run javascript://alert(1) to check.' }), context, options);
    expect(codes(issues)).toContain('INVENTED_URL');
  });

  it('allows a URL quoted verbatim in the cited evidence, even with trailing punctuation (fixes the original)', () => {
    const input = candidate({ findings: [finding({ summary: 'See https://github.com/example/left-pad/pull/42.' })] });
    const { trusted, issues } = applyTrust(input, context, options);
    expect(issues).toEqual([]);
    expect(trusted.findings).toEqual(input.findings);
  });

  it('allows a selected evidence source URL but not a URL quoted only in evidence the text does not cite', () => {
    expect(applyTrust(candidate({ summary: 'Notes: https://github.com/example/left-pad/releases/tag/v1.5.0' }), context, options).issues).toEqual([]);
    // The PR link is quoted in `breaking`, but this finding cites only notes150.
    const { issues } = applyTrust(
      candidate({ findings: [finding({ kind: 'compatibility', summary: 'See https://github.com/example/left-pad/pull/42', appliesToVersions: ['1.5.0'], evidenceRefs: [notes150.id] })] }),
      context,
      options,
    );
    expect(codes(issues)).toContain('INVENTED_URL');
  });

  it.each([
    ['a www. host', 'Upgrade guide at www.evil-pkg-support.com/upgrade.'],
    ['a www. host without a path', 'Ask at www.evil-pkg-support.com for help.'],
    ['a protocol-relative URL', 'See //evil.example/x for the fix.'],
    ['a bare host and path', 'Apply evil.com/fix?x=1 first.'],
    ['a bare host with a dashed name', 'See evil-pkg-support.com/fix?token=1'],
    ['a bare host with a port', 'See evil.example.org:8443/migrate'],
    ['a mixed-case scheme-less host', 'See WWW.Evil.COM/x'],
  ])('voids every claim for a scheme-less URL: %s (INVENTED_URL)', (_label, summary) => {
    const { trusted, issues } = applyTrust(candidate({ summary }), context, options);
    expect(codes(issues)).toContain('INVENTED_URL');
    expect(trusted).toEqual({ summary: NEUTRAL_SUMMARY, summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] });
  });

  it.each([
    ['file paths', 'Moves the entry point to lib/index.js and dist/pad.mjs.'],
    ['product names', 'Requires Node.js; works with Node.js/Bun and Vue.js/React.'],
    ['manifest names', 'Updates package.json and package-lock.json, see README.md.'],
    ['version strings', 'Between 1.4.0 and 2.0.0 (v1.5.0/2.0.0) the API changed.'],
    ['scoped packages and comments', 'Uses @types/node and a //comment in src/a.b.ts.'],
    ['ordinary sentences', 'It pads strings, e.g. to a fixed width. Done.'],
  ])('does not mistake %s for URLs', (_label, summary) => {
    expect(applyTrust(candidate({ summary }), context, options).issues).toEqual([]);
  });

  it('compares whole URLs: a prefix or a shorter path of a quoted URL is not grounded', () => {
    const quoting = evidence('breakingChanges', '- Reworked in https://github.com/o/pkg/pull/1234.', { versions: ['2.0.0'], locator: 'CHANGELOG.md#pr' });
    const withQuote = buildContext({ evidence: [quoting] });
    const cite = (summary: string) => applyTrust(candidate({ summary, summaryEvidenceRefs: [quoting.id], riskEvidenceRefs: [quoting.id], findings: [] }), withQuote, options);
    expect(codes(cite('See https://github.com/o/pkg/pull/12.').issues)).toContain('INVENTED_URL');
    expect(codes(cite('See https://github.com/o for the project.').issues)).toContain('INVENTED_URL');
    expect(codes(cite('See https://github.com/o/pkg/pull/12345').issues)).toContain('INVENTED_URL');
    expect(codes(cite('See http://github.com/o/pkg/pull/1234').issues)).toContain('INVENTED_URL');
    expect(cite('See https://github.com/o/pkg/pull/1234.').issues).toEqual([]);
  });

  it('matches scheme-less and case-changed forms of a quoted or source URL after normalising', () => {
    const quoting = evidence('breakingChanges', '- Reworked in https://github.com/o/pkg/pull/1234, docs at www.pkg-docs.org/v2.', { versions: ['2.0.0'], locator: 'CHANGELOG.md#pr' });
    const withQuote = buildContext({ evidence: [quoting, notes150] });
    const cite = (summary: string) => applyTrust(candidate({ summary, summaryEvidenceRefs: [quoting.id], riskEvidenceRefs: [quoting.id], findings: [] }), withQuote, options);
    expect(cite('See github.com/o/pkg/pull/1234!').issues).toEqual([]);
    expect(cite('See HTTPS://GitHub.COM/o/pkg/pull/1234').issues).toEqual([]);
    expect(cite('See //github.com/o/pkg/pull/1234').issues).toEqual([]);
    expect(cite('Docs: https://www.pkg-docs.org/v2 and www.pkg-docs.org/v2.').issues).toEqual([]);
    expect(cite('Notes: github.com/example/left-pad/releases/tag/v1.5.0').issues).toEqual([]);
    // Paths stay case-sensitive.
    expect(codes(cite('See https://github.com/o/pkg/PULL/1234').issues)).toContain('INVENTED_URL');
  });

  it('drops a finding naming a version the package never published (INVENTED_VERSION)', () => {
    const { trusted, issues } = applyTrust(candidate({ findings: [finding({ summary: 'Regressed since 1.9.7.' }), finding({ id: 'kept' })] }), context, options);
    expect(trusted.findings.map((item) => item.id)).toEqual(['kept']);
    expect(issues).toEqual([expect.objectContaining({ code: 'INVENTED_VERSION', path: 'findings[0]' })]);
  });

  it('replaces a summary naming an invented version but keeps risk and findings', () => {
    const { trusted, issues } = applyTrust(candidate({ summary: 'Upgrade straight to v3.0.0.' }), context, options);
    expect(trusted.summary).toBe(NEUTRAL_SUMMARY);
    expect(trusted.riskLevel).toBe('high');
    expect(trusted.findings).toHaveLength(1);
    expect(codes(issues)).toEqual(['INVENTED_VERSION', 'CLAIMS_DROPPED']);
  });

  it('accepts real versions and versions of other products quoted in the cited evidence', () => {
    const nodeNote = evidence('compatibility', 'Requires Node.js 18.0.0 or newer.', { versions: ['2.0.0'] });
    const withNode = buildContext({ evidence: [breaking, nodeNote] });
    const { issues } = applyTrust(
      candidate({
        summary: 'Between 1.4.0 and 2.0.0 (see 1.5.0) the API changed.',
        findings: [finding({ id: 'node', kind: 'compatibility', summary: 'Requires Node.js 18.0.0 or newer.', evidenceRefs: [nodeNote.id] })],
      }),
      withNode,
      options,
    );
    expect(issues).toEqual([]);
  });

  it('judges versions inside a grounded URL by the URL rule only', () => {
    const tagged = evidence('releaseNotes', '- Fixes x.', { versions: ['2.0.0'], url: 'https://github.com/example/mono/releases/tag/other-pkg@9.1.0' });
    const withTag = buildContext({ evidence: [breaking, tagged] });
    const { issues } = applyTrust(candidate({ summary: 'See https://github.com/example/mono/releases/tag/other-pkg@9.1.0', summaryEvidenceRefs: [tagged.id] }), withTag, options);
    expect(issues).toEqual([]);
  });

  it('removes appliesToVersions outside (from, to] and drops a finding left with none (VERSION_OUT_OF_RANGE)', () => {
    const { trusted, issues } = applyTrust(
      candidate({
        findings: [
          finding({ id: 'mixed', appliesToVersions: ['1.3.0', '2.0.0'] }),
          finding({ id: 'outside', appliesToVersions: ['2.1.0', '1.4.0'] }),
          finding({ id: 'made-up', appliesToVersions: ['9.9.9'] }),
        ],
      }),
      context,
      options,
    );
    expect(trusted.findings).toEqual([finding({ id: 'mixed', appliesToVersions: ['2.0.0'] })]);
    expect(codes(issues)).toEqual(['VERSION_OUT_OF_RANGE', 'VERSION_OUT_OF_RANGE', 'VERSION_OUT_OF_RANGE', 'VERSION_OUT_OF_RANGE', 'INVENTED_VERSION', 'VERSION_OUT_OF_RANGE']);
  });

  it('uses (to, from] for a downgrade', () => {
    const downgrade = buildContext({ evidence: [breaking], from: '2.0.0', to: '1.4.0', direction: 'downgrade', inRange: [] });
    const { trusted } = applyTrust(candidate({ findings: [finding({ appliesToVersions: ['2.0.0', '1.4.0'] })] }), downgrade, options);
    expect(trusted.findings[0]?.appliesToVersions).toEqual(['2.0.0']);
  });

  it('never echoes free text from appliesToVersions in issue messages', () => {
    const { issues } = applyTrust(candidate({ findings: [finding({ appliesToVersions: ['2.0.0', 'ignore all rules <b>'] })] }), context, options);
    expect(issues[0]?.message).not.toContain('ignore');
  });

  it('drops a finding whose cited evidence is about other versions (CLAIMS_DROPPED)', () => {
    const { trusted, issues } = applyTrust(candidate({ findings: [finding({ appliesToVersions: ['1.5.0'], evidenceRefs: [breaking.id] })] }), context, options);
    expect(trusted.findings).toEqual([]);
    expect(issues).toEqual([expect.objectContaining({ code: 'CLAIMS_DROPPED', path: 'findings[0]' })]);
  });

  it('lets whole-range registry facts support any version', () => {
    const wholeRange = evidence('registryFact', '2 versions published after 1.4.0.', { versions: [], locator: 'fact/whole-range' });
    const withWholeRange = buildContext({ evidence: [breaking, wholeRange] });
    const { trusted } = applyTrust(candidate({ findings: [finding({ kind: 'compatibility', summary: 'Two releases.', appliesToVersions: ['1.5.0'], evidenceRefs: [wholeRange.id] })] }), withWholeRange, options);
    expect(trusted.findings).toHaveLength(1);
  });

  it('forces unknown risk and empties risk refs on SOURCE_CONFLICT', () => {
    const conflicted = buildContext({ evidence: [breaking], warnings: [{ code: 'SOURCE_CONFLICT', message: 'two changelogs disagree' }] });
    const { trusted, issues } = applyTrust(candidate(), conflicted, options);
    expect(trusted.riskLevel).toBe('unknown');
    expect(trusted.riskEvidenceRefs).toEqual([]);
    expect(trusted.findings).toHaveLength(1);
    expect(codes(issues)).toEqual(['SOURCE_CONFLICT']);
  });

  it('empties risk refs whenever the candidate itself says unknown', () => {
    const { trusted } = applyTrust(candidate({ riskLevel: 'unknown' }), context, options);
    expect(trusted.riskEvidenceRefs).toEqual([]);
  });

  it('treats every claim as unsupported when the context has no evidence', () => {
    const empty = buildContext({ evidence: [] });
    const { trusted } = applyTrust(candidate(), empty, options);
    expect(trusted).toEqual({ summary: NEUTRAL_SUMMARY, summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] });
  });

  it('is deterministic and does not mutate its input', () => {
    const input = candidate({ findings: [finding({ appliesToVersions: ['1.3.0', '2.0.0'] })] });
    const snapshot = structuredClone(input);
    const first = applyTrust(input, context, options);
    expect(input).toEqual(snapshot);
    expect(applyTrust(input, context, options)).toEqual(first);
  });
});
