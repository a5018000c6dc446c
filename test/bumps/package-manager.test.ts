/**
 * package.json's `packageManager` field (Corepack) names the tool that installs everything:
 * changing it is a bump of the npm package that publishes that tool, analysed like others.
 */
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { parsePackageManagerField } from '../../src/bumps/package-manager.js';
import { isAnalysable } from '../../src/bumps/types.js';
import { buildManifest, checkManifest } from '../../src/report/manifest.js';
import { normalOutcome } from '../report/outcome-fixtures.js';
import { createInMemoryFileSource, manifestText, npmLockText } from './in-memory-file-source.js';

const HASH_BASE = `sha512.${'a1'.repeat(64)}`;
const HASH_HEAD = `sha512.${'b2'.repeat(64)}`;

describe('parsePackageManagerField', () => {
  it.each([
    ['pnpm@11.13.0', 'pnpm', '11.13.0'],
    [`pnpm@11.19.0+${HASH_HEAD}`, 'pnpm', '11.19.0'],
    ['npm@10.9.2', 'npm', '10.9.2'],
    ['yarn@1.22.22', 'yarn', '1.22.22'],
    // Yarn 2+ (berry) is not published as `yarn` on npm, but as `@yarnpkg/cli-dist`.
    ['yarn@4.5.3+sha224.953c8233f7a92884eee2de69a1b92d1f2ec1655e66d08071ba9a02fa', '@yarnpkg/cli-dist', '4.5.3'],
    ['yarn@4.0.0-rc.53', '@yarnpkg/cli-dist', '4.0.0-rc.53'],
  ])('%s → %s %s', (value, packageName, version) => {
    expect(parsePackageManagerField(value)).toEqual({ valid: true, raw: value, packageName, version });
  });

  it.each(['pnpm', 'pnpm@latest', 'pnpm@^9.0.0', 'bun@1.1.0', 'yarn@https://example.com/yarn.js', 42])('rejects %j, naming the value', (value) => {
    const field = parsePackageManagerField(value);
    expect(field).toMatchObject({ valid: false });
    expect(field?.valid === false && field.problem).toContain(`"packageManager" is ${JSON.stringify(String(value))}`);
  });

  it('is undefined when the field is absent', () => {
    expect(parsePackageManagerField(undefined)).toBeUndefined();
  });
});

describe('detectBumps', () => {
  it('detects a packageManager change as a direct, analysable bump of that package, beside a devDependency of the same name', async () => {
    // `pnpm` is also a devDependency (unchanged, from the lockfile): the two must not be confused.
    const side = (field: string) => ({
      'package.json': manifestText({ packageManager: field, devDependencies: { pnpm: '^11.0.0' } }),
      'package-lock.json': npmLockText({}, { 'node_modules/pnpm': '11.2.0' }),
    });
    const { bumps, warnings } = await detectBumps(createInMemoryFileSource(side(`pnpm@11.13.0+${HASH_BASE}`), side(`pnpm@11.19.0+${HASH_HEAD}`)));
    expect(warnings).toEqual([]);
    expect(bumps).toEqual([
      {
        ecosystem: 'npm',
        name: 'pnpm',
        from: '11.13.0',
        to: '11.19.0',
        fromSpec: `pnpm@11.13.0+${HASH_BASE}`,
        toSpec: `pnpm@11.19.0+${HASH_HEAD}`,
        direction: 'upgrade',
        semverClass: 'minor',
        dependencyTypes: ['packageManager'],
        manifests: ['package.json'],
        lockfiles: [],
        installPaths: [],
        direct: true,
        versionSource: 'manifest',
      },
    ]);
    expect(bumps.every(isAnalysable)).toBe(true);
    // The published manifest schema knows the new dependency type.
    const outcome = normalOutcome();
    expect(checkManifest(buildManifest({ ...outcome, bumps: [...outcome.bumps, ...bumps] }))).toEqual([]);
  });

  it('names Yarn 1 and Yarn berry by the packages they are published as; a change of only the hash is no bump', async () => {
    const manifests = (yarn: string, npm: string) => ({
      'package.json': manifestText({ packageManager: yarn }),
      'tools/legacy/package.json': manifestText({ packageManager: npm }),
    });
    const { bumps } = await detectBumps(createInMemoryFileSource(manifests('yarn@4.5.0', `npm@10.9.2+${HASH_BASE}`), manifests('yarn@4.5.3', `npm@10.9.2+${HASH_HEAD}`)));
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.manifests])).toEqual([['@yarnpkg/cli-dist', '4.5.0', '4.5.3', ['package.json']]]);
    const classic = await detectBumps(createInMemoryFileSource(manifests('yarn@1.22.19', 'npm@10.9.2'), manifests('yarn@1.22.22', 'npm@10.9.2')));
    expect(classic.bumps.map((bump) => [bump.name, bump.from, bump.to])).toEqual([['yarn', '1.22.19', '1.22.22']]);
  });

  it('warns, naming the file and the value, when a changed field cannot be read, and keeps the other bumps', async () => {
    const side = (field: string, lodash: string) => ({ 'package.json': manifestText({ packageManager: field, dependencies: { lodash } }) });
    const { bumps, warnings } = await detectBumps(createInMemoryFileSource(side('pnpm@9.12.0', '4.17.20'), side('pnpm@latest', '4.17.21')));
    expect(warnings).toEqual([
      {
        code: 'MANIFEST_UNPARSEABLE',
        subject: 'package.json',
        message:
          'package.json at head (head-sha): "packageManager" is "pnpm@latest", which is not npm, pnpm or yarn at an exact version (such as "pnpm@9.12.0"), so the package manager change is not analysed. Fix the field (Corepack reads it the same way).',
      },
    ]);
    // The readable side alone would claim pnpm was removed; neither side counts.
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.dependencyTypes])).toEqual([['lodash', '4.17.20', '4.17.21', ['prod']]]);
    // An unreadable field that did not change hides nothing: no warning.
    const unchanged = await detectBumps(createInMemoryFileSource(side('bun@1.1.0', '4.17.20'), side('bun@1.1.0', '4.17.21')));
    expect(unchanged.warnings).toEqual([]);
  });
});
