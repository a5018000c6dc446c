import { describe, expect, it } from 'vitest';
import { DatasetError, parseLabelledDataset } from '../../src/evaluation/dataset.js';
import { consensusLabel, measureAgreement } from '../../src/evaluation/label-agreement.js';

describe('consensusLabel', () => {
  it('is the agreed label of two readings, and undecided when they differ', () => {
    expect(consensusLabel(['high', 'high'])).toBe('high');
    expect(consensusLabel(['high', 'low'])).toBeNull();
    expect(consensusLabel([])).toBeNull();
  });

  it('is the majority of three, and the middle reading when all three differ', () => {
    expect(consensusLabel(['high', 'medium', 'medium'])).toBe('medium');
    expect(consensusLabel(['low', 'high', 'low'])).toBe('low');
    expect(consensusLabel(['high', 'low', 'medium'])).toBe('medium');
  });
});

describe('measureAgreement', () => {
  it("counts agreement and Fleiss' kappa (pooled label frequencies) against chance", () => {
    // 20 + 15 agreements of 50; pooled, 55 of 100 readings say high → p_o 0.7, p_e 0.55² + 0.45² = 0.505, κ = 0.195 / 0.495.
    const readings = [
      ...Array.from({ length: 20 }, () => ['high', 'high'] as const),
      ...Array.from({ length: 5 }, () => ['high', 'low'] as const),
      ...Array.from({ length: 10 }, () => ['low', 'high'] as const),
      ...Array.from({ length: 15 }, () => ['low', 'low'] as const),
    ];
    const agreement = measureAgreement(readings);
    expect(agreement).toMatchObject({ total: 50, agreed: 35, observed: 0.7 });
    expect(agreement.kappa).toBeCloseTo(0.195 / 0.495, 10);
    expect(agreement.pairs.high).toEqual({ high: 20, medium: 0, low: 5 });
  });

  it('has no kappa when both readers only ever used one label, and refuses an empty set', () => {
    expect(measureAgreement([['low', 'low']]).kappa).toBeNull();
    expect(() => measureAgreement([])).toThrow(RangeError);
  });
});

describe('a dataset entry read by several reviewers', () => {
  const entry = { name: 'chalk', from: '4.1.2', to: '5.0.0', quote: 'Chalk is now a pure ESM package', reason: 'ESM-only: require() callers break.' };
  const parse = (bump: Record<string, unknown>) => parseLabelledDataset(JSON.stringify({ bumps: [bump] }), 'labels.json');

  it('takes the consensus of its readings as the label', () => {
    expect(parse({ ...entry, expected: 'high', labels: [{ label: 'high' }, { label: 'high', reason: 'Pure ESM from 5.0.0.' }] }).bumps[0]!.expected).toBe('high');
    expect(parse({ ...entry, expected: 'medium', labels: [{ label: 'high' }, { label: 'medium' }, { label: 'medium' }] }).bumps[0]!.labels).toHaveLength(3);
  });

  it('rejects a label that is not the consensus, and two readings that disagree without a third', () => {
    expect(() => parse({ ...entry, expected: 'high', labels: [{ label: 'high' }, { label: 'medium' }, { label: 'medium' }] })).toThrow(/must be the consensus of "labels" \(medium\)/);
    expect(() => parse({ ...entry, expected: 'high', labels: [{ label: 'high' }, { label: 'low' }] })).toThrow(/add a third reading/);
    expect(() => parse({ ...entry, expected: 'high', labels: [{ label: 'high' }] })).toThrow(DatasetError);
  });

  it('rejects a third reading where the first two agree, and a reader who read twice (a merge run twice)', () => {
    expect(() => parse({ ...entry, expected: 'low', labels: [{ label: 'low' }, { label: 'high', by: 'w/second' }, { label: 'high', by: 'w/second' }] })).toThrow(/same reader/);
    expect(() => parse({ ...entry, expected: 'low', labels: [{ label: 'low' }, { label: 'low', by: 'w/second' }, { label: 'low', by: 'w/third' }] })).toThrow(/only for a split/);
    expect(() => parse({ ...entry, expected: 'low', labels: [{ label: 'low' }, { label: 'low', by: 'w/second reader' }] })).toThrow(DatasetError);
  });
});
