import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DependencyFileSource } from '../../src/bumps/types.js';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { prepareContexts } from '../../src/pipeline/run-pipeline.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createPhaseClock } from '../../src/shared/phase-clock.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';

const samples = resolve(import.meta.dirname, '../../samples');

describe('one read per file', () => {
  it('reads every dependency file once per side, however many bumps check the lockfile', async () => {
    const reads: string[] = [];
    const directories = createDirectoryFileSource({ baseDir: resolve(samples, 'grouped-bump/base'), headDir: resolve(samples, 'grouped-bump/head') });
    const counting: DependencyFileSource = { ...directories, read: (side, path) => (reads.push(`${side}:${path}`), directories.read(side, path)) };
    const phases = createPhaseClock();
    const { prepared } = await prepareContexts({
      fileSource: counting,
      registry: createSnapshotRegistryClient({ directory: resolve(samples, 'registry') }),
      registryUrl: 'https://registry.npmjs.org',
      github: null,
      logger: silentLogger,
      phases,
    });
    expect(prepared.length).toBeGreaterThan(1);
    expect(reads).toContain('head:package-lock.json');
    expect(reads.length).toBe(new Set(reads).size);
    const detection = phases.snapshot().find((phase) => phase.name === 'detection');
    expect(detection?.counts.requests).toBe(reads.length);
    expect(phases.snapshot().find((phase) => phase.name === 'registry')?.startedAt).not.toBeNull();
  });
});
