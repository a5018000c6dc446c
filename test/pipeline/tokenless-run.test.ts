/**
 * A tokenless run (the CLI without GITHUB_TOKEN) over real recorded bumps: the allowance goes to
 * the bumps that need GitHub, in a fixed order, so no bump is refused while requests remain, and
 * two runs build the same contexts. Registry and repository data are the labelled dataset's
 * recordings (datasets/npm-labelled), read through the shipped recorded GitHub client.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { createRecordedGitHubClient } from '../../src/evaluation/recorded-github.js';
import { prepareContexts } from '../../src/pipeline/run-pipeline.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';

const DATASET = resolve(import.meta.dirname, '../../datasets/npm-labelled');
// Seven ship a changelog in the target tarball (they need no GitHub); eight do not.
const WITH_CHANGELOG = { express: ['4.21.0', '4.21.1'], helmet: ['7.0.0', '7.1.0'], qs: ['6.10.2', '6.10.3'], morgan: ['1.9.1', '1.10.0'], dotenv: ['16.4.5', '16.4.7'], axios: ['1.8.1', '1.8.2'], uuid: ['9.0.1', '10.0.0'] };
const WITHOUT_CHANGELOG = { 'p-limit': ['6.1.0', '6.2.0'], execa: ['6.0.0', '6.1.0'], globby: ['16.1.1', '16.2.0'], 'p-map': ['5.4.0', '5.5.0'], boxen: ['7.0.2', '7.1.0'], 'wrap-ansi': ['8.0.1', '8.1.0'], 'string-width': ['8.1.1', '8.2.0'], cookie: ['1.0.2', '1.1.0'] };

const workspace = mkdtempSync(join(tmpdir(), 'depverdict-tokenless-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function writeSide(side: 'base' | 'head'): string {
  const directory = join(workspace, side);
  mkdirSync(directory, { recursive: true });
  const dependencies = Object.fromEntries(Object.entries({ ...WITH_CHANGELOG, ...WITHOUT_CHANGELOG }).map(([name, [from, to]]) => [name, side === 'base' ? from : to]));
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', dependencies }, null, 2));
  return directory;
}

async function tokenlessRun() {
  return prepareContexts({
    fileSource: createDirectoryFileSource({ baseDir: writeSide('base'), headDir: writeSide('head') }),
    registry: createSnapshotRegistryClient({ directory: join(DATASET, 'registry') }),
    registryUrl: 'https://registry.npmjs.org',
    github: null,
    publicGitHub: createRecordedGitHubClient(join(DATASET, 'repository')),
    logger: silentLogger,
  });
}

describe('a tokenless run', () => {
  it('reads GitHub for every bump that needs it while requests remain, and builds the same contexts twice', async () => {
    const first = await tokenlessRun();
    const contexts = first.prepared.map((prepared) => {
      if ('failed' in prepared) throw new Error(`${prepared.failed.dependency.name} failed: ${prepared.failed.error?.message ?? ''}`);
      return prepared.context;
    });
    expect(contexts).toHaveLength(15);
    const refused = contexts.filter((context) => context.metadata.missingInformation.some((missing) => /without a GitHub token/.test(missing.message))).map((context) => context.dependency.name);
    // 8 bumps × 5 requests fit in the 40 of the run only because the 7 with a changelog declined theirs.
    expect(refused).toEqual([]);
    for (const name of Object.keys(WITHOUT_CHANGELOG)) {
      const context = contexts.find((entry) => entry.dependency.name === name)!;
      expect(context.knowledge.evidence.some((item) => item.kind === 'commitLog' || item.sourceId === 'github-repository'), name).toBe(true);
    }
    const second = await tokenlessRun();
    expect(second.prepared.map((prepared) => ('context' in prepared ? prepared.context.contextId : null))).toEqual(contexts.map((context) => context.contextId));
  }, 60_000);
});
