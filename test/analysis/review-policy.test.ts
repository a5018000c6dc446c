import { describe, expect, it } from 'vitest';
import { decideReview, evaluateCoverage, type ReviewInput } from '../../src/analysis/review-policy.js';
import type { TrustIssue } from '../../src/analysis/types.js';
import { buildContext, evidence, quietSignals, semverFact } from './context-fixtures.js';

const notes = evidence('releaseNotes', '- Fixes padding of empty strings.', { versions: ['2.0.0'] });
const sufficient = buildContext({ evidence: [notes, semverFact()] });

function review(overrides: Partial<ReviewInput> = {}) {
  return decideReview({
    status: 'analyzed',
    context: sufficient,
    direction: 'upgrade',
    riskLevel: 'low',
    trustIssues: [],
    registrySignals: quietSignals(),
    ...overrides,
  });
}

describe('evaluateCoverage', () => {
  it('is none with registry facts only, even when facts exist', () => {
    expect(evaluateCoverage(buildContext({ evidence: [semverFact()] }))).toBe('none');
  });

  it('ignores release text that was not selected', () => {
    expect(evaluateCoverage(buildContext({ evidence: [notes, semverFact()], selectedEvidenceIds: [semverFact().id] }))).toBe('none');
  });

  const olderNotes = evidence('releaseNotes', '- Adds padding options.', { versions: ['1.5.0'] });

  it('is partial when the release text does not cover the version being adopted', () => {
    expect(evaluateCoverage(buildContext({ evidence: [olderNotes, semverFact()] }))).toBe('partial');
    expect(evaluateCoverage(buildContext({ evidence: [olderNotes], missingInformation: [{ code: 'RELEASE_NOTES_UNAVAILABLE', message: 'GitHub returned 503' }] }))).toBe('partial');
  });

  it('POLICY: a missing token or release page does not make covering release text partial', () => {
    expect(evaluateCoverage(buildContext({ evidence: [notes], missingInformation: [{ code: 'RELEASE_NOTES_NEED_TOKEN', message: 'no token' }] }))).toBe('sufficient');
  });

  it('covers a downgrade by the release being given up', () => {
    const downgrade = buildContext({ evidence: [notes], from: '2.0.0', to: '1.4.0', direction: 'downgrade' });
    expect(evaluateCoverage(downgrade)).toBe('sufficient');
  });

  it('is sufficient otherwise', () => {
    expect(evaluateCoverage(sufficient)).toBe('sufficient');
  });
});

describe('decideReview', () => {
  it('proceeds on low risk with sufficient evidence and quiet signals', () => {
    expect(review()).toEqual({ evidenceCoverage: 'sufficient', humanReviewReasons: [], nextAction: 'proceed' });
  });

  it('POLICY: medium risk alone does not require review', () => {
    expect(review({ riskLevel: 'medium' })).toEqual({ evidenceCoverage: 'sufficient', humanReviewReasons: [], nextAction: 'proceed' });
  });

  it('requires review for high and unknown risk', () => {
    expect(review({ riskLevel: 'high' }).humanReviewReasons).toEqual(['HIGH_RISK']);
    expect(review({ riskLevel: 'unknown' })).toMatchObject({ humanReviewReasons: ['UNKNOWN_RISK'], nextAction: 'reviewBeforeMerge' });
  });

  it('flags thin evidence', () => {
    expect(review({ context: buildContext({ evidence: [semverFact()] }) }).humanReviewReasons).toEqual(['EVIDENCE_NONE']);
    const olderNotes = evidence('releaseNotes', '- Adds padding options.', { versions: ['1.5.0'] });
    expect(review({ context: buildContext({ evidence: [olderNotes] }) }).humanReviewReasons).toEqual(['EVIDENCE_PARTIAL']);
  });

  it('POLICY: a minor or patch @types update with registry facts only is not flagged for missing release text', () => {
    const typesMinor = buildContext({ name: '@types/node', evidence: [semverFact('minor')], semverClass: 'minor' });
    expect(review({ context: typesMinor }).humanReviewReasons).toEqual([]);
    const typesMajor = buildContext({ name: '@types/node', evidence: [semverFact('major')], semverClass: 'major' });
    expect(review({ context: typesMajor }).humanReviewReasons).toEqual(['EVIDENCE_NONE']);
    expect(review({ context: buildContext({ evidence: [semverFact('minor')], semverClass: 'minor' }) }).humanReviewReasons).toEqual(['EVIDENCE_NONE']);
  });

  it('POLICY: an update that publishes the same files is not flagged for missing release text (there is nothing to describe)', () => {
    const unchanged = evidence('registryFact', 'pkg 1.0.0 publishes the same 3 file(s) as 0.5.0, byte for byte …', { versions: ['1.0.0'], locator: 'fact/published-files-unchanged' });
    expect(review({ context: buildContext({ evidence: [semverFact('major'), unchanged], semverClass: 'major' }) }).humanReviewReasons).toEqual([]);
  });

  it('flags versions the registry does not know', () => {
    expect(review({ context: buildContext({ evidence: [notes], toExists: false }) }).humanReviewReasons).toEqual(['VERSION_UNCERTAIN']);
    expect(review({ context: buildContext({ evidence: [notes], fromExists: false }) }).humanReviewReasons).toEqual(['VERSION_UNCERTAIN']);
  });

  it('flags source conflicts', () => {
    const conflicted = buildContext({ evidence: [notes], warnings: [{ code: 'SOURCE_CONFLICT', message: 'x' }] });
    const reasons = review({ context: conflicted, riskLevel: 'unknown', trustIssues: [{ code: 'SOURCE_CONFLICT', path: 'riskLevel', message: 'x' }] }).humanReviewReasons;
    expect(reasons).toEqual(['SOURCE_CONFLICT', 'UNKNOWN_RISK']);
  });

  it.each<TrustIssue['code']>(['EVIDENCE_REFERENCE_INVALID', 'CLAIMS_DROPPED', 'INVENTED_URL', 'INVENTED_VERSION', 'VERSION_OUT_OF_RANGE'])('flags CLAIMS_DROPPED for trust issue %s', (code) => {
    expect(review({ trustIssues: [{ code, path: 'summary', message: 'x' }] }).humanReviewReasons).toEqual(['CLAIMS_DROPPED']);
  });

  it('flags downgrades', () => {
    expect(review({ direction: 'downgrade' }).humanReviewReasons).toEqual(['DOWNGRADE']);
  });

  it.each([
    ['install scripts added', { installScriptsAdded: ['postinstall'] }],
    ['provenance lost', { provenanceLost: true }],
    ['publisher changed', { publisherChanged: { from: 'alice', to: 'mallory' } }],
    ['target deprecated', { targetDeprecated: 'use right-pad' }],
  ])('flags SUPPLY_CHAIN_CHANGE when %s', (_label, overrides) => {
    expect(review({ registrySignals: quietSignals(overrides) }).humanReviewReasons).toEqual(['SUPPLY_CHAIN_CHANGE']);
  });

  it('does not treat benign registry changes as supply-chain changes', () => {
    expect(review({ registrySignals: quietSignals({ installScriptsRemoved: ['install'], provenanceGained: true, newDependencies: ['x'] }) }).humanReviewReasons).toEqual([]);
  });

  it('sorts reasons', () => {
    const reasons = review({ riskLevel: 'high', direction: 'downgrade', context: buildContext({ evidence: [semverFact()], toExists: false }), registrySignals: quietSignals({ provenanceLost: true }) }).humanReviewReasons;
    expect(reasons).toEqual(['DOWNGRADE', 'EVIDENCE_NONE', 'HIGH_RISK', 'SUPPLY_CHAIN_CHANGE', 'VERSION_UNCERTAIN']);
  });

  it('marks failures ANALYSIS_FAILED (not UNKNOWN_RISK) and picks retry or fix by code', () => {
    expect(review({ status: 'failed', riskLevel: 'unknown', errorCode: 'TIMEOUT' })).toEqual({ evidenceCoverage: 'sufficient', humanReviewReasons: ['ANALYSIS_FAILED'], nextAction: 'retryAnalysis' });
    expect(review({ status: 'failed', riskLevel: 'unknown', errorCode: 'OUTPUT_SCHEMA_INVALID' }).nextAction).toBe('retryAnalysis');
    for (const code of ['CONFIGURATION_ERROR', 'AUTH_ERROR', 'IDENTITY_MISMATCH', 'CAPABILITY_MISMATCH', 'ROUTING_POLICY_VIOLATION', 'STRUCTURED_OUTPUT_UNSUPPORTED'] as const) {
      expect(review({ status: 'failed', riskLevel: 'unknown', errorCode: code }).nextAction).toBe('fixConfiguration');
    }
  });

  it('reports no coverage and only deterministic reasons when no context exists', () => {
    expect(review({ status: 'failed', context: null, riskLevel: 'unknown', direction: 'downgrade', registrySignals: null, errorCode: 'CONTEXT_FAILED' })).toEqual({
      evidenceCoverage: 'none',
      humanReviewReasons: ['ANALYSIS_FAILED', 'DOWNGRADE'],
      nextAction: 'retryAnalysis',
    });
  });
});
