import type { DetectionWarning } from '../../src/bumps/types.js';
import { describe, expect, it } from 'vitest';
import { computeVerdict, maxRisk, verdictReason } from '../../src/report/verdict.js';
import { ROUTING_FAILURE, analysedResult, failedResult, quietSignals } from './outcome-fixtures.js';

const low = analysedResult({ name: 'a', from: '1.0.0', to: '1.1.0', risk: 'low' });
const medium = analysedResult({ name: 'b', from: '1.0.0', to: '1.1.0', risk: 'medium' });
const breaking = analysedResult({ name: 'c', from: '1.0.0', to: '2.0.0', risk: 'high', reasons: ['HIGH_RISK'], findingSummary: 'removed x' });
const unknown = analysedResult({ name: 'd', from: '1.0.0', to: '1.1.0', risk: 'unknown', reasons: ['UNKNOWN_RISK', 'EVIDENCE_NONE'] });
const supplyChain = analysedResult({
  name: 'e',
  from: '1.0.0',
  to: '1.0.1',
  risk: 'high',
  reasons: ['HIGH_RISK', 'SUPPLY_CHAIN_CHANGE'],
  signals: quietSignals({ installScriptsAdded: ['postinstall'] }),
});

describe('computeVerdict', () => {
  it('proceeds when nothing needs review, including an empty run', () => {
    expect(computeVerdict([low, medium], null)).toBe('proceed');
    expect(computeVerdict([], null)).toBe('proceed');
  });

  it('asks for review when a result has review reasons or failed', () => {
    expect(computeVerdict([low, breaking], null)).toBe('review');
    expect(computeVerdict([low, unknown], null)).toBe('review');
    expect(computeVerdict([low, failedResult('f', '1.0.0', '1.1.0')], null)).toBe('review');
  });

  it('never proceeds when a dependency file could not be read, and says so first', () => {
    const unreadable = [{ code: 'LOCKFILE_UNPARSEABLE' as const, subject: 'package-lock.json', message: 'not valid JSON' }];
    const crossCheck = [{ code: 'PR_TEXT_DISAGREES' as const, subject: 'lodash', message: 'title says 4.17.20' }];
    expect(computeVerdict([], null, unreadable)).toBe('review');
    expect(computeVerdict([low], null, unreadable)).toBe('review');
    expect(computeVerdict([low], null, crossCheck)).toBe('proceed');
    expect(verdictReason([], null, unreadable)).toBe('a dependency file could not be read, so bumps may be missing');
    expect(verdictReason([low, breaking], null, unreadable)).toBe('a dependency file could not be read; 1 of 2 bumps has breaking changes');
  });

  it('blocks only on high risk combined with a supply-chain signal', () => {
    expect(computeVerdict([low, breaking, supplyChain], null)).toBe('blocked');
    const supplyChainLowRisk = { ...supplyChain, riskLevel: 'low' as const };
    expect(computeVerdict([supplyChainLowRisk], null)).toBe('review');
  });

  it('withholds whenever the run failed closed, whatever the results say', () => {
    expect(computeVerdict([low], ROUTING_FAILURE)).toBe('withheld');
    expect(verdictReason([low], ROUTING_FAILURE)).toContain('routing policy');
  });
});

describe('maxRisk', () => {
  it('ranks unknown between medium and high and ignores skipped results', () => {
    expect(maxRisk([])).toBe('none');
    expect(maxRisk([low, medium])).toBe('medium');
    expect(maxRisk([low, medium, unknown])).toBe('unknown');
    expect(maxRisk([unknown, breaking])).toBe('high');
    expect(maxRisk([low, { ...breaking, status: 'skipped' }])).toBe('low');
  });
});

describe('verdictReason', () => {
  it('counts the bumps behind the verdict', () => {
    expect(verdictReason([breaking, low, medium], null)).toBe('1 of 3 bumps has breaking changes');
    expect(verdictReason([low, medium], null)).toBe('all 2 bumps look safe');
    expect(verdictReason([], null)).toBe('no direct dependency upgrades to analyse');
    expect(verdictReason([low, failedResult('f', '1.0.0', '1.1.0'), failedResult('g', '1.0.0', '1.1.0')], null)).toBe(
      '2 of 3 bumps could not be analysed',
    );
    expect(verdictReason([supplyChain, low], null)).toBe('1 of 2 bumps is high risk with a supply-chain change');
  });

  it('counts the other bumps that need review, so the line never names fewer than "Needs attention" lists', () => {
    const thinEvidence = analysedResult({ name: 'g', from: '1.0.0', to: '1.0.1', risk: 'low', reasons: ['EVIDENCE_NONE'] });
    expect(verdictReason([breaking, thinEvidence, low], null)).toBe('1 of 3 bumps has breaking changes; 1 more needs a closer look');
    expect(verdictReason([thinEvidence, low], null)).toBe('1 of 2 bumps needs a closer look');
    expect(verdictReason([breaking, low], null)).toBe('1 of 2 bumps has breaking changes');
  });

  it('with more than two causes, the bumps of the causes left out are counted too (review 17: failures were hidden)', () => {
    const unreadable: DetectionWarning[] = [{ code: 'LOCKFILE_UNPARSEABLE', subject: 'package-lock.json', message: 'package-lock.json is not valid JSON: fix or regenerate the lockfile' }];
    const failures = [failedResult('f', '1.0.0', '1.1.0'), failedResult('g', '1.0.0', '1.1.0')];
    const line = verdictReason([breaking, ...failures, low], null, unreadable);
    expect(line).toBe('a dependency file could not be read; 1 of 4 bumps has breaking changes; 2 more need a closer look');
  });
});
