/** Unit tests of the evaluation building blocks: dataset validation, the semver baseline, metrics and tables. */
import { describe, expect, it } from 'vitest';
import { DatasetError, parseLabelledDataset } from '../../src/evaluation/dataset.js';
import { manifestChangeOf } from '../../src/evaluation/analyze-labelled-bump.js';
import { computeMetrics } from '../../src/evaluation/metrics.js';
import { formatMetrics, formatPredictionTable } from '../../src/evaluation/report-table.js';
import { semverRule } from '../../src/evaluation/semver-rule.js';
import { detectBumps } from '../../src/bumps/detect-bumps.js';

const entry = { name: 'left-pad', from: '1.0.0', to: '2.0.0', expected: 'high', quote: 'Remove `pad()`', reason: 'An export is removed.' };

function datasetText(bumps: unknown[]): string {
  return JSON.stringify({ bumps });
}

function problemsOf(text: string): string[] {
  try {
    parseLabelledDataset(text, 'bumps.json');
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetError);
    return (error as DatasetError).problems;
  }
  throw new Error('expected a DatasetError');
}

describe('parseLabelledDataset', () => {
  it('accepts a valid dataset', () => {
    expect(parseLabelledDataset(datasetText([entry]), 'bumps.json')).toEqual({ description: null, bumps: [entry] });
  });

  it('names the file and the package of a bad entry', () => {
    const problems = problemsOf(datasetText([entry, { ...entry, name: 'ms', expected: 'unknown' }]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^bumps\[1\] \(ms\)\.expected:/);
    expect(() => parseLabelledDataset(datasetText([{ ...entry, to: '2.x' }]), 'data/x.json')).toThrow(/data\/x\.json.*bumps\[0\] \(left-pad\)\.to: must be an exact semver/);
  });

  it('rejects unknown keys, downgrades, duplicates and invalid JSON', () => {
    expect(problemsOf(datasetText([{ ...entry, note: 'x' }]))[0]).toMatch(/bumps\[0\] \(left-pad\)/);
    expect(problemsOf(datasetText([{ ...entry, from: '3.0.0' }]))).toEqual(['bumps[0] (left-pad 3.0.0 → 2.0.0): "to" must be newer than "from"']);
    expect(problemsOf(datasetText([entry, entry]))).toEqual(['bumps[1] (left-pad 1.0.0 → 2.0.0): duplicate entry']);
    expect(problemsOf('{"bumps": [')[0]).toMatch(/^not valid JSON/);
    expect(problemsOf(datasetText([]))[0]).toMatch(/^bumps:/);
  });
});

describe('semverRule', () => {
  it('maps major → high, minor → medium, patch → low, plain semver even below 1.0.0', () => {
    expect(semverRule({ from: '4.21.2', to: '5.1.0' })).toBe('high');
    expect(semverRule({ from: '1.7.9', to: '1.8.0' })).toBe('medium');
    expect(semverRule({ from: '0.6.0', to: '0.7.0' })).toBe('medium');
    expect(semverRule({ from: '3.15.0', to: '3.15.1' })).toBe('low');
    expect(semverRule({ from: '1.0.0', to: '2.0.0-beta.1' })).toBe('high');
    expect(semverRule({ from: '2.0.0-beta.1', to: '2.0.0-beta.2' })).toBe('low');
  });

  it('refuses versions that are not semver', () => {
    expect(() => semverRule({ from: 'latest', to: '1.0.0' })).toThrow(/"latest"/);
  });
});

describe('computeMetrics', () => {
  it('counts accuracy, the confusion matrix and per-class precision and recall; unknown is always a miss', () => {
    const metrics = computeMetrics([
      { expected: 'high', predicted: 'high' },
      { expected: 'high', predicted: 'medium' },
      { expected: 'medium', predicted: 'medium' },
      { expected: 'low', predicted: 'unknown' },
    ]);
    expect(metrics.total).toBe(4);
    expect(metrics.correct).toBe(2);
    expect(metrics.accuracy).toBe(0.5);
    expect(metrics.confusion.high).toEqual({ high: 1, medium: 1, low: 0, unknown: 0 });
    expect(metrics.confusion.low).toEqual({ high: 0, medium: 0, low: 0, unknown: 1 });
    expect(metrics.perClass.high).toEqual({ support: 2, predicted: 1, truePositives: 1, precision: 1, recall: 0.5 });
    expect(metrics.perClass.medium).toEqual({ support: 1, predicted: 2, truePositives: 1, precision: 0.5, recall: 1 });
    // Never predicted: precision is undefined, not zero.
    expect(metrics.perClass.low).toEqual({ support: 1, predicted: 0, truePositives: 0, precision: null, recall: 0 });
  });

  it('refuses an empty evaluation', () => {
    expect(() => computeMetrics([])).toThrow(RangeError);
  });
});

describe('report tables', () => {
  it('marks misses and escapes table separators in names', () => {
    const table = formatPredictionTable([{ bump: 'a|b 1.0.0 → 2.0.0', expected: 'high', predictions: { extractive: 'high', semver: 'medium' } }], ['extractive', 'semver']);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^\| bump +\| expected \| extractive \| semver +\|$/);
    expect(lines[2]).toContain('a\\|b 1.0.0 → 2.0.0');
    expect(lines[2]).toMatch(/\| high +\| medium ✗ \|$/);
  });

  it('prints accuracy, n/a for undefined precision, and the matrix', () => {
    const text = formatMetrics('semver rule', computeMetrics([{ expected: 'low', predicted: 'medium' }, { expected: 'low', predicted: 'low' }]));
    expect(text).toContain('semver rule: accuracy 1/2 = 50.0%');
    expect(text).toContain('high: precision n/a, recall n/a (support 0)');
    expect(text).toMatch(/\| low +\| 0 +\| 1 +\| 1 +\| 0 +\|/);
  });
});

describe('manifestChangeOf', () => {
  it('presents a labelled bump to detection as an exact manifest change', async () => {
    const { bumps } = await detectBumps(manifestChangeOf({ name: '@scope/pkg', from: '1.2.3', to: '1.3.0' }));
    expect(bumps).toHaveLength(1);
    expect(bumps[0]).toMatchObject({ name: '@scope/pkg', from: '1.2.3', to: '1.3.0', direction: 'upgrade', semverClass: 'minor', direct: true, manifests: ['package.json'] });
  });
});
