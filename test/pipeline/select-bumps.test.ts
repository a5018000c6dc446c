import { describe, expect, it } from 'vitest';
import type { Bump } from '../../src/bumps/types.js';
import { MAX_TRANSITIVE_ANALYSES, selectBumpsToAnalyse } from '../../src/pipeline/run-pipeline.js';

function bump(name: string, overrides: Partial<Bump> = {}): Bump {
  return {
    ecosystem: 'npm',
    name,
    from: '1.0.0',
    to: '1.0.1',
    fromSpec: '^1.0.0',
    toSpec: '^1.0.1',
    direction: 'upgrade',
    semverClass: 'patch',
    dependencyTypes: ['prod'],
    manifests: ['package.json'],
    lockfiles: ['package-lock.json'],
    installPaths: [],
    direct: true,
    versionSource: 'lockfile',
    ...overrides,
  };
}
const transitive = (name: string, overrides: Partial<Bump> = {}) =>
  bump(name, { direct: false, dependencyTypes: ['transitive'], manifests: [], fromSpec: null, toSpec: null, ...overrides });

describe('which bumps are analysed', () => {
  it('analyses direct upgrades and downgrades only, when there are any', () => {
    const selected = selectBumpsToAnalyse([bump('express'), transitive('cookie'), bump('left-pad', { from: null, direction: 'added' })]);
    expect(selected.map((entry) => entry.name)).toEqual(['express']);
  });

  it('analyses transitive version changes when the PR changes nothing direct (a lockfile-only security update)', () => {
    const selected = selectBumpsToAnalyse([
      transitive('cookie', { from: '0.7.1', to: '0.7.2' }),
      transitive('gone', { to: null, direction: 'removed' }),
      transitive('forked', { semverClass: 'unknown' }),
    ]);
    expect(selected.map((entry) => entry.name)).toEqual(['cookie']);
  });

  it('bounds how many transitive changes are analysed', () => {
    const many = Array.from({ length: MAX_TRANSITIVE_ANALYSES + 10 }, (_, index) => transitive(`dep-${index}`));
    expect(selectBumpsToAnalyse(many)).toHaveLength(MAX_TRANSITIVE_ANALYSES);
  });
});
