/**
 * Bump detection against base/head pairs written by the real package managers
 * (test/fixtures/lockfiles, see its README). Every format runs the same scenario:
 * scoped upgrade, downgrade, added, removed, dev+peer, optional, transitive-only.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { isAnalysable, type Bump } from '../../src/bumps/types.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/lockfiles/', import.meta.url));

function sourceFor(scenario: string) {
  return createDirectoryFileSource({ baseDir: `${FIXTURES}${scenario}/base`, headDir: `${FIXTURES}${scenario}/head` });
}

/** The compact shape tests compare; the full objects are checked in a few places. */
function summary(bump: Bump): string {
  return `${bump.name} ${bump.from ?? '-'} → ${bump.to ?? '-'} ${bump.direction} ${bump.semverClass} [${bump.dependencyTypes.join(',')}] ${bump.direct ? 'direct' : 'transitive'}`;
}

const APP_SCENARIOS: Array<{ scenario: string; lockfile: string; transitive: string }> = [
  { scenario: 'npm-v1', lockfile: 'package-lock.json', transitive: 'follow-redirects 1.15.6 → 1.16.3 upgrade minor [transitive] transitive' },
  { scenario: 'npm-v2', lockfile: 'package-lock.json', transitive: 'follow-redirects 1.15.6 → 1.16.3 upgrade minor [transitive] transitive' },
  { scenario: 'npm-v3', lockfile: 'package-lock.json', transitive: 'follow-redirects 1.15.6 → 1.16.3 upgrade minor [transitive] transitive' },
  { scenario: 'pnpm-v5', lockfile: 'pnpm-lock.yaml', transitive: 'follow-redirects 1.15.4 → 1.15.6 upgrade patch [transitive] transitive' },
  { scenario: 'pnpm-v6', lockfile: 'pnpm-lock.yaml', transitive: 'follow-redirects 1.15.4 → 1.15.6 upgrade patch [transitive] transitive' },
  { scenario: 'pnpm-v9', lockfile: 'pnpm-lock.yaml', transitive: 'follow-redirects 1.15.4 → 1.16.3 upgrade minor [transitive] transitive' },
  { scenario: 'yarn-classic', lockfile: 'yarn.lock', transitive: 'follow-redirects 1.15.6 → 1.16.3 upgrade minor [transitive] transitive' },
  { scenario: 'yarn-berry', lockfile: 'yarn.lock', transitive: 'follow-redirects 1.15.6 → 1.16.3 upgrade minor [transitive] transitive' },
];

/** chalk's removal takes its own dependencies with it; semver 7.6 dropped lru-cache. */
const REMOVED_TRANSITIVES = ['ansi-styles 4.3.0', 'color-convert 2.0.1', 'color-name 1.1.4', 'has-flag 4.0.0', 'lru-cache 6.0.0', 'supports-color 7.2.0', 'yallist 4.0.0'].map(
  (entry) => `${entry} → - removed unknown [transitive] transitive`,
);

describe.each(APP_SCENARIOS)('$scenario', ({ scenario, lockfile, transitive }) => {
  it('detects every direct and transitive change, sorted, with no warnings', async () => {
    const detection = await detectBumps(sourceFor(scenario));

    expect(detection.warnings).toEqual([]);
    const expected = [
      '@types/node 20.11.0 → 20.12.0 upgrade minor [dev] direct',
      'chalk 4.1.0 → - removed unknown [prod] direct',
      'dotenv - → 16.4.5 added unknown [prod] direct',
      'lodash 4.17.20 → 4.17.21 upgrade patch [prod] direct',
      'ms 2.1.3 → 2.1.2 downgrade patch [prod] direct',
      'nanoid 3.3.6 → 3.3.7 upgrade patch [optional] direct',
      'semver 7.5.4 → 7.6.3 upgrade minor [dev,peer] direct',
      transitive,
      ...REMOVED_TRANSITIVES,
    ];
    const sortKey = (line: string): string => line.split(' ').slice(0, 2).join(' ');
    expect(detection.bumps.map(summary)).toEqual([...expected].sort((left, right) => (sortKey(left) < sortKey(right) ? -1 : 1)));
  });

  it('records where each version came from', async () => {
    const { bumps } = await detectBumps(sourceFor(scenario));
    const lodash = bumps.find((bump) => bump.name === 'lodash');
    expect(lodash).toEqual({
      ecosystem: 'npm',
      name: 'lodash',
      from: '4.17.20',
      to: '4.17.21',
      fromSpec: '4.17.20',
      toSpec: '4.17.21',
      direction: 'upgrade',
      semverClass: 'patch',
      dependencyTypes: ['prod'],
      manifests: ['package.json'],
      lockfiles: [lockfile],
      installPaths: [],
      direct: true,
      versionSource: 'lockfile',
    });
    const followRedirects = bumps.find((bump) => bump.name === 'follow-redirects');
    expect(followRedirects).toMatchObject({ manifests: [], lockfiles: [lockfile], fromSpec: null, toSpec: null, versionSource: 'lockfile' });
    // Only direct upgrades and downgrades are analysed.
    expect(bumps.filter(isAnalysable).map((bump) => bump.name)).toEqual(['@types/node', 'lodash', 'ms', 'nanoid', 'semver']);
  });
});

describe('npm workspaces monorepo', () => {
  it('merges a package bumped identically in several manifests and keeps different bumps apart', async () => {
    const { bumps, warnings } = await detectBumps(sourceFor('npm-workspaces'));
    expect(warnings).toEqual([]);
    expect(bumps.map((bump) => [summary(bump), bump.manifests])).toEqual([
      ['lodash 4.17.20 → 4.17.21 upgrade patch [prod] direct', ['packages/api/package.json', 'packages/web/package.json']],
      ['ms 2.0.0 → 2.1.3 upgrade minor [prod] direct', ['packages/api/package.json']],
      ['ms 2.1.2 → 2.1.3 upgrade patch [prod] direct', ['packages/web/package.json']],
      ['typescript 5.3.3 → 5.4.5 upgrade minor [dev] direct', ['package.json']],
    ]);
  });
});

describe('grouped Renovate-style PR', () => {
  it('reports all thirteen bumps, including majors, and the transitives they drop', async () => {
    const { bumps, warnings } = await detectBumps(sourceFor('npm-grouped'));
    expect(warnings).toEqual([]);
    const direct = bumps.filter((bump) => bump.direct);
    expect(direct).toHaveLength(13);
    expect(direct.filter((bump) => bump.semverClass === 'major').map((bump) => bump.name)).toEqual(['commander', 'mime']);
    expect(bumps.filter((bump) => !bump.direct).map(summary)).toEqual([
      'lru-cache 6.0.0 → - removed unknown [transitive] transitive',
      'yallist 4.0.0 → - removed unknown [transitive] transitive',
    ]);
  });

  it('flags only the Renovate table rows that disagree with the files', async () => {
    const body = [
      '| Package | Change | Age |',
      '|---|---|---|',
      '| [commander](https://github.com/tj/commander.js) | [`11.0.0` -> `12.1.0`](https://renovatebot.com/diffs/npm/commander/11.0.0/12.1.0) | ![age] |',
      '| [uuid](https://github.com/uuidjs/uuid) | [`9.0.0` -> `9.0.1`](https://renovatebot.com/diffs/npm/uuid/9.0.0/9.0.1) | ![age] |',
      '| [mime](https://github.com/broofa/mime) | [`3.0.0` -> `4.0.5`](https://renovatebot.com/diffs/npm/mime/3.0.0/4.0.5) | ![age] |',
    ].join('\n');
    const { bumps, warnings } = await detectBumps(sourceFor('npm-grouped'), { prText: { title: 'chore(deps): update all non-major dependencies', body } });
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['PR_TEXT_DISAGREES', 'mime']]);
    expect(warnings[0]?.message).toContain('mime 3.0.0 → 4.0.4');
    // Files win: the claim did not change the bump.
    expect(bumps.find((bump) => bump.name === 'mime')?.to).toBe('4.0.4');
  });
});

it('gives identical output on repeated runs', async () => {
  const first = await detectBumps(sourceFor('pnpm-v9'));
  const second = await detectBumps(sourceFor('pnpm-v9'));
  expect(JSON.stringify(second)).toBe(JSON.stringify(first));
});
