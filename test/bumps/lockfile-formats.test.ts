/**
 * Format details the generated fixtures do not cover: peer suffixes, nested install
 * paths, link and git entries, lockfile-only changes, workspace manifests named only by
 * the lockfile, and declarations without any lockfile.
 */
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { isAnalysable } from '../../src/bumps/types.js';
import { createInMemoryFileSource, manifestText, npmLockText } from './in-memory-file-source.js';

describe('package-lock.json', () => {
  it('finds a lockfile-only change and knows it is direct from the unchanged manifest beside it', async () => {
    const manifest = manifestText({ dependencies: { lodash: '^4.17.0' } });
    const source = createInMemoryFileSource(
      { 'package.json': manifest, 'package-lock.json': npmLockText({ lodash: '^4.17.0' }, { 'node_modules/lodash': '4.17.20' }) },
      { 'package.json': manifest, 'package-lock.json': npmLockText({ lodash: '^4.17.0' }, { 'node_modules/lodash': '4.17.21' }) },
    );
    const { bumps } = await detectBumps(source);
    expect(bumps).toEqual([
      expect.objectContaining({ name: 'lodash', from: '4.17.20', to: '4.17.21', fromSpec: '^4.17.0', toSpec: '^4.17.0', direct: true, manifests: ['package.json'], versionSource: 'lockfile' }),
    ]);
    // The unchanged manifest is read once, not once per side.
    expect(source.reads.filter((read) => read.path === 'package.json')).toHaveLength(1);
  });

  it('reads workspace manifests the lockfile names and prefers a workspace-local copy', async () => {
    const web = manifestText({ name: '@acme/web', dependencies: { react: '^18.0.0', '@acme/ui': '1.0.0' } });
    const lock = (nestedReact: string) =>
      npmLockText(
        {},
        {
          'packages/web': { name: '@acme/web', version: '1.0.0', dependencies: { react: '^18.0.0' } },
          'packages/ui': { name: '@acme/ui', version: '1.0.0' },
          'node_modules/@acme/ui': { resolved: 'packages/ui', link: true },
          'node_modules/@acme/web': { resolved: 'packages/web', link: true },
          'node_modules/react': '17.0.2',
          'packages/web/node_modules/react': nestedReact,
        },
      );
    const root = manifestText({ workspaces: ['packages/*'] });
    const source = createInMemoryFileSource(
      { 'package.json': root, 'packages/web/package.json': web, 'package-lock.json': lock('18.2.0') },
      { 'package.json': root, 'packages/web/package.json': web, 'package-lock.json': lock('18.3.1') },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([]);
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.manifests, bump.direct])).toEqual([['react', '18.2.0', '18.3.1', ['packages/web/package.json'], true]]);
  });

  it('reports nested transitive copies per major and ignores unchanged ones', async () => {
    const manifest = manifestText({ dependencies: { a: '1.0.0' } });
    const lock = (nested: string) => npmLockText({ a: '1.0.0' }, { 'node_modules/a': '1.0.0', 'node_modules/debug': '2.6.9', 'node_modules/a/node_modules/debug': nested });
    const { bumps } = await detectBumps(createInMemoryFileSource({ 'package.json': manifest, 'package-lock.json': lock('4.3.4') }, { 'package.json': manifest, 'package-lock.json': lock('4.3.7') }));
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.dependencyTypes, bump.direct])).toEqual([['debug', '4.3.4', '4.3.7', ['transitive'], false]]);
  });

  it('marks a git dependency change as not semver and not analysable', async () => {
    const manifest = manifestText({ dependencies: { tool: 'github:acme/tool' } });
    const lock = (sha: string) => npmLockText({}, { 'node_modules/tool': { version: '1.0.0', resolved: `git+ssh://git@github.com/acme/tool.git#${sha}` } });
    const { bumps, warnings } = await detectBumps(createInMemoryFileSource({ 'package.json': manifest, 'package-lock.json': lock('aaa111') }, { 'package.json': manifest, 'package-lock.json': lock('bbb222') }));
    expect(bumps).toHaveLength(1);
    expect(bumps[0]).toMatchObject({ name: 'tool', semverClass: 'unknown', direct: true });
    expect(isAnalysable(bumps[0]!)).toBe(false);
    expect(warnings).toEqual([expect.objectContaining({ code: 'VERSION_NOT_SEMVER', subject: 'tool' })]);
  });

  it('reads npm-shrinkwrap.json like package-lock.json', async () => {
    const manifest = manifestText({ dependencies: { ms: '^2.0.0' } });
    const { bumps } = await detectBumps(
      createInMemoryFileSource(
        { 'package.json': manifest, 'npm-shrinkwrap.json': npmLockText({}, { 'node_modules/ms': '2.1.2' }) },
        { 'package.json': manifest, 'npm-shrinkwrap.json': npmLockText({}, { 'node_modules/ms': '2.1.3' }) },
      ),
    );
    expect(bumps.map((bump) => [bump.name, bump.lockfiles])).toEqual([['ms', ['npm-shrinkwrap.json']]]);
  });
});

describe('pnpm-lock.yaml', () => {
  it('strips peer suffixes in v9 and v5 and reads workspace importers', async () => {
    const web = manifestText({ dependencies: { 'react-dom': '^18.0.0' } });
    const v9 = (version: string) =>
      `lockfileVersion: '9.0'\nimporters:\n  .: {}\n  packages/web:\n    dependencies:\n      react-dom:\n        specifier: ^18.0.0\n        version: ${version}(react@18.2.0)\npackages:\n  react-dom@${version}:\n    resolution: {integrity: sha512-x}\n`;
    const root = manifestText({});
    const { bumps } = await detectBumps(
      createInMemoryFileSource(
        { 'package.json': root, 'packages/web/package.json': web, 'pnpm-lock.yaml': v9('18.2.0') },
        { 'package.json': root, 'packages/web/package.json': web, 'pnpm-lock.yaml': v9('18.3.1') },
      ),
    );
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.manifests])).toEqual([['react-dom', '18.2.0', '18.3.1', ['packages/web/package.json']]]);

    const v5 = (version: string) =>
      `lockfileVersion: 5.4\nspecifiers:\n  react-dom: ^18.0.0\ndependencies:\n  react-dom: ${version}_react@18.2.0\npackages:\n  /react-dom/${version}_react@18.2.0:\n    resolution: {integrity: sha512-x}\n`;
    const manifest = manifestText({ dependencies: { 'react-dom': '^18.0.0' } });
    const old = await detectBumps(createInMemoryFileSource({ 'package.json': manifest, 'pnpm-lock.yaml': v5('18.2.0') }, { 'package.json': manifest, 'pnpm-lock.yaml': v5('18.3.1') }));
    expect(old.bumps.map((bump) => [bump.name, bump.from, bump.to])).toEqual([['react-dom', '18.2.0', '18.3.1']]);
  });
});

describe('yarn.lock', () => {
  it('matches the declared range to the entry key (classic, several descriptors per entry)', async () => {
    const manifest = manifestText({ dependencies: { ms: '^2.1.1' } });
    const lock = (version: string) => `# yarn lockfile v1\n\n\n"ms@2.1.2", ms@^2.1.1:\n  version "${version}"\n  resolved "https://registry.yarnpkg.com/ms/-/ms-${version}.tgz"\n`;
    const { bumps } = await detectBumps(createInMemoryFileSource({ 'package.json': manifest, 'yarn.lock': lock('2.1.2') }, { 'package.json': manifest, 'yarn.lock': lock('2.1.3') }));
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.direct, bump.versionSource])).toEqual([['ms', '2.1.2', '2.1.3', true, 'lockfile']]);
  });
});

describe('without a lockfile', () => {
  it('uses the lowest version the declared range allows and says so', async () => {
    const { bumps, warnings } = await detectBumps(
      createInMemoryFileSource({ 'package.json': manifestText({ dependencies: { express: '^4.18.0', local: 'workspace:*' } }) }, { 'package.json': manifestText({ dependencies: { express: '^5.0.1', local: 'workspace:^' } }) }),
    );
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.semverClass, bump.versionSource])).toEqual([
      ['express', '4.18.0', '5.0.1', 'major', 'manifest'],
      ['local', 'workspace:*', 'workspace:^', 'unknown', 'manifest'],
    ]);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['VERSION_NOT_SEMVER', 'local']]);
    expect(bumps.filter(isAnalysable).map((bump) => bump.name)).toEqual(['express']);
  });

  it('ignores dependency files inside node_modules', async () => {
    const source = createInMemoryFileSource({ 'node_modules/x/package.json': manifestText({ dependencies: { a: '1.0.0' } }) }, { 'node_modules/x/package.json': manifestText({ dependencies: { a: '2.0.0' } }) });
    expect(await detectBumps(source)).toEqual({ bumps: [], warnings: [] });
  });

  it('classifies prerelease changes', async () => {
    const { bumps } = await detectBumps(createInMemoryFileSource({ 'package.json': manifestText({ dependencies: { next: '15.0.0-rc.0' } }) }, { 'package.json': manifestText({ dependencies: { next: '15.0.0-rc.1' } }) }));
    expect(bumps.map((bump) => [bump.semverClass, bump.direction])).toEqual([['prerelease', 'upgrade']]);
  });
});
