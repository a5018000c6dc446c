import { describe, expect, it } from 'vitest';
import { parseCliArguments, UsageError } from '../../src/cli/arguments.js';

describe('eval arguments', () => {
  it('reads the dataset, every --profile in order, and the numeric options', () => {
    const args = parseCliArguments(['eval', '--dataset', 'npm-labelled', '--profile', 'a', '--profile', 'b.yml', '--repeats', '3', '--limit', '10', '--max-requests', '50', '--max-cost', '1.25']);
    expect(args).toMatchObject({ command: 'eval', dataset: 'npm-labelled', profiles: ['a', 'b.yml'], repeats: 3, limit: 10, maxRequests: 50, maxCostUsd: 1.25 });
  });

  it('defaults to two repeats (determinism is measured) and no limits', () => {
    expect(parseCliArguments(['eval', '--dataset', 'x', '--profile', 'extractive'])).toMatchObject({ repeats: 2, limit: null, maxRequests: null, maxCostUsd: null });
  });

  it.each([
    [['eval', '--profile', 'extractive'], /eval needs --dataset/],
    [['eval', '--dataset', 'npm-labelled'], /eval needs --profile/],
    [['eval', '--dataset', 'd', '--profile', 'p', '--repeats', '0'], /--repeats must be a whole number/],
    [['eval', '--dataset', 'd', '--profile', 'p', '--limit', '2.5'], /--limit must be a whole number/],
    [['eval', '--dataset', 'd', '--profile', 'p', '--max-cost', 'lots'], /--max-cost must be a positive number/],
    [['eval', '--dataset', 'd', '--profile', 'p', '--profile', 'p'], /the same --profile is given twice/],
    [['eval', '--dataset', 'd', '--profile', 'p', '--fail-on', 'review'], /--fail-on is not an option of eval/],
    [['analyze', '--sample', '--dataset', 'd'], /--dataset is not an option of analyze/],
  ])('%j is refused', (argv, message) => {
    expect(() => parseCliArguments(argv)).toThrow(UsageError);
    expect(() => parseCliArguments(argv)).toThrow(message);
  });

  it('analyze takes --approval', () => {
    expect(parseCliArguments(['analyze', '--sample', '--approval', 'approval.json']).approval).toBe('approval.json');
  });
});
