/**
 * An evaluation that stops early (a dataset entry detection cannot confirm: DATASET_INVALID)
 * scores exactly the samples before it, although the next ones were being prepared ahead, and
 * reads nothing more once it has returned. The shipped dataset's recording, with two entries
 * made invalid (`to` equal to `from`); the registry is the recorded snapshot, wrapped to log reads.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import type { NpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { loadEvaluationDataset } from '../../src/evaluation/dataset-source.js';
import { runEvaluation } from '../../src/evaluation/run-evaluation.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { loadProfile } from '../../src/runtime/profiles/load-profile.js';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};
beforeEach(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

it('a bad entry at sample 3 stops the run there: samples 1-2 scored, no read after it returns, no unhandled rejection', async () => {
  const dataset = await loadEvaluationDataset('npm-labelled', { cwd: process.cwd() });
  const bumps = dataset.dataset.bumps.slice(0, 10).map((bump) => ({ ...bump }));
  // Detection finds no bump when `to` equals `from`: EvaluationInputError, DATASET_INVALID.
  bumps[2] = { ...bumps[2]!, to: bumps[2]!.from };
  bumps[4] = { ...bumps[4]!, to: bumps[4]!.from };
  const recorded = createSnapshotRegistryClient({ directory: dataset.registryDirectory!, registryUrl: 'https://registry.npmjs.org' });
  let returned = false;
  const readsAfterReturn: string[] = [];
  const registry: NpmRegistryClient = {
    ...recorded,
    getPackument(name) {
      if (returned) readsAfterReturn.push(`packument ${name}`);
      return recorded.getPackument(name);
    },
    getTarball(url, label, integrity) {
      if (returned) readsAfterReturn.push(`tarball ${label ?? url}`);
      return recorded.getTarball(url, label, integrity);
    },
  };
  const profile = await loadProfile('extractive', { cwd: process.cwd() });
  const { scorecard } = await runEvaluation({
    dataset: { ...dataset, dataset: { ...dataset.dataset, bumps } },
    profile,
    runtime: createRuntime(profile, {}),
    repeats: 1,
    limit: null,
    maxRequests: null,
    maxCostUsd: null,
    toolVersion: 'test',
    now: () => new Date(0),
    registry,
  });
  returned = true;
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(scorecard.failedClosed?.code).toBe('DATASET_INVALID');
  expect(scorecard.failedClosed?.message).toContain(`${bumps[2]!.name} ${bumps[2]!.from} → ${bumps[2]!.from}`);
  expect(scorecard.samples.map((sample) => sample.case)).toEqual(bumps.slice(0, 2).map((bump) => `${bump.name} ${bump.from} → ${bump.to}`));
  expect(readsAfterReturn).toEqual([]);
  expect(unhandled).toEqual([]);
}, 120_000);
