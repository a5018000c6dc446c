/**
 * `depverdict eval --dataset npm-labelled --profile extractive --repeats 2` through the CLI's
 * main(): the shipped dataset, its recorded registry and repository files, the real pipeline.
 * The numbers must equal the accuracy test's (registry + repository: 244/272), determinism 1; on
 * the full set extractive does not pass the quality gate, and the run says so.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Scorecard } from '../../src/evaluation/scorecard.js';

let out: string;
let exitCode: number;
let scorecard: Scorecard;
let markdown: string;
const stderr: string[] = [];

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'depverdict-eval-'));
  const write = process.stderr.write.bind(process.stderr);
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  process.stderr.write = ((chunk: string) => (stderr.push(String(chunk)), true)) as typeof process.stderr.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    exitCode = await main(['eval', '--dataset', 'npm-labelled', '--profile', 'extractive', '--repeats', '2', '--out', out], {});
  } finally {
    process.stderr.write = write;
    process.stdout.write = stdoutWrite;
  }
  scorecard = JSON.parse(await readFile(join(out, 'scorecard.json'), 'utf8')) as Scorecard;
  markdown = await readFile(join(out, 'scorecard.md'), 'utf8');
}, 120_000);

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('eval --dataset npm-labelled --profile extractive --repeats 2', () => {
  it('does not pass the gate on the full set (risk 0.897 < 0.90, reason 0.938 < 0.95), says so, exits 2, and is deterministic', () => {
    expect(stderr.join('')).toContain('NOT PASSED');
    expect(exitCode).toBe(2);
    expect(scorecard.failures).toEqual(['riskAccuracy 0.897 (needs >= 0.9).', 'reasonAccuracy 0.938 (needs >= 0.95).']);
    expect(scorecard.thresholds.filter((threshold) => !threshold.passed).map((threshold) => threshold.metric)).toEqual(['riskAccuracy', 'reasonAccuracy']);
    expect(scorecard.metrics.determinism).toBe(1);
    expect(scorecard).toMatchObject({ sampleCount: 272, scoredCount: 272, excludedCount: 0, repeats: 2, passed: false });
  });

  it('scores risk exactly as the accuracy test does (registry + repository: 244/272)', () => {
    expect(scorecard.metrics.riskAccuracy).toBeCloseTo(244 / 272, 10);
    expect(scorecard.samples.filter((sample) => !sample.correct).map((sample) => sample.case)).toEqual([
      'uuid 9.0.1 → 10.0.0',
      'word-wrap 1.2.3 → 1.2.4',
      'tar 6.2.0 → 6.2.1',
      'glob 11.0.3 → 11.1.0',
      'debug 4.3.7 → 4.4.0',
      'path-to-regexp 6.2.2 → 6.3.0',
      'chokidar 4.0.3 → 5.0.0',
      'undici 8.9.0 → 8.10.0',
      'pino 9.13.1 → 10.0.0',
      '@typescript-eslint/eslint-plugin 7.18.0 → 8.0.0',
      'fastify 5.12.0 → 5.12.1',
      'ms 1.0.0 → 2.0.0',
      'camelcase 8.0.0 → 9.0.0',
      '@octokit/rest 21.0.2 → 21.1.0',
      'vitest 4.0.18 → 4.1.0',
      'prettier 2.8.8 → 3.0.0',
      'prettier 3.8.5 → 3.9.0',
      'socket.io 4.7.5 → 4.8.0',
      'redis 6.1.0 → 6.2.0',
      'husky 9.1.6 → 9.1.7',
      'esbuild 0.27.7 → 0.28.0',
      'esbuild 0.28.0 → 0.28.1',
      'esbuild 0.24.2 → 0.25.0',
      'winston 2.4.3 → 3.0.0',
      'nodemon 2.0.22 → 3.0.0',
      'rxjs 7.7.0 → 7.8.0',
      'rxjs 7.8.1 → 7.8.2',
      'dompurify 2.4.4 → 3.0.0',
    ]);
  });

  it('writes no approval.json: a profile that does not pass the gate is not approved (a passing run writes one: eval-model-endpoints.test.ts)', async () => {
    await expect(readFile(join(out, 'approval.json'))).rejects.toThrow();
  });

  it('writes a readable scorecard.md with the thresholds and the confusion matrix', () => {
    expect(markdown).toContain('| riskAccuracy | 0.897 | >= 0.9 | ❌ |');
    expect(markdown).toContain('| determinism | 1.000 | >= 1 | ✅ |');
    expect(markdown).toContain('| high | 59 | 7 | 2 | 0 |');
  });
});
