/**
 * Bad dependency files: each yields a warning that names the file and says what to do,
 * and never loses the bumps found in the other files.
 */
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { createInMemoryFileSource, manifestText, npmLockText } from './in-memory-file-source.js';

/** A healthy second project whose bump must survive whatever happens to the first. */
const HEALTHY_BASE = {
  'services/ok/package.json': manifestText({ dependencies: { ms: '2.1.2' } }),
  'services/ok/package-lock.json': npmLockText({ ms: '2.1.2' }, { 'node_modules/ms': '2.1.2' }),
};
const HEALTHY_HEAD = {
  'services/ok/package.json': manifestText({ dependencies: { ms: '2.1.3' } }),
  'services/ok/package-lock.json': npmLockText({ ms: '2.1.3' }, { 'node_modules/ms': '2.1.3' }),
};

function healthyBumpSurvives(bumps: Array<{ name: string; from: string | null; to: string | null; manifests: string[] }>): void {
  expect(bumps).toContainEqual(expect.objectContaining({ name: 'ms', from: '2.1.2', to: '2.1.3', manifests: ['services/ok/package.json'] }));
}

const manifest = (version: string) => manifestText({ dependencies: { lodash: version } });

describe('bad input', () => {
  it('unparseable JSON lockfile → LOCKFILE_UNPARSEABLE; the manifest ranges are used on both sides', async () => {
    const source = createInMemoryFileSource(
      { ...HEALTHY_BASE, 'app/package.json': manifest('4.17.20'), 'app/package-lock.json': npmLockText({}, { 'node_modules/lodash': '4.17.20' }) },
      { ...HEALTHY_HEAD, 'app/package.json': manifest('4.17.21'), 'app/package-lock.json': '{ "lockfileVersion": 3, "packages": { <<<<<<< HEAD' },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([
      {
        code: 'LOCKFILE_UNPARSEABLE',
        subject: 'app/package-lock.json',
        message: expect.stringMatching(/^app\/package-lock\.json is not valid JSON.*fix or regenerate the lockfile \(at head, head-sha\)$/),
      },
    ]);
    expect(bumps).toContainEqual(expect.objectContaining({ name: 'lodash', from: '4.17.20', to: '4.17.21', versionSource: 'manifest', lockfiles: [] }));
    healthyBumpSurvives(bumps);
  });

  it('unparseable YAML lockfile → LOCKFILE_UNPARSEABLE', async () => {
    const source = createInMemoryFileSource(
      { ...HEALTHY_BASE, 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" },
      { ...HEALTHY_HEAD, 'pnpm-lock.yaml': "lockfileVersion: '9.0'\nimporters:\n  .: {\n  - [\n" },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['LOCKFILE_UNPARSEABLE', 'pnpm-lock.yaml']]);
    expect(warnings[0]?.message).toContain('fix or regenerate the lockfile');
    healthyBumpSurvives(bumps);
  });

  it('unparseable yarn.lock → LOCKFILE_UNPARSEABLE', async () => {
    const source = createInMemoryFileSource({ ...HEALTHY_BASE }, { ...HEALTHY_HEAD, 'yarn.lock': '"unterminated:\n  version: [\n' });
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['LOCKFILE_UNPARSEABLE', 'yarn.lock']]);
    healthyBumpSurvives(bumps);
  });

  it.each([
    ['package-lock.json', JSON.stringify({ lockfileVersion: 4, packages: {} }), /lockfileVersion 4.*supported: 1, 2, 3/],
    ['pnpm-lock.yaml', "lockfileVersion: '10.0'\n", /lockfileVersion "10.0".*supported: 5.x, 6.x, 9.0/],
    ['yarn.lock', '__metadata:\n  version: 42\n', /__metadata.version "42".*supported: 4 to 10/],
  ])('unknown lockfile version in %s → LOCKFILE_UNSUPPORTED', async (path, text, message) => {
    const source = createInMemoryFileSource({ ...HEALTHY_BASE }, { ...HEALTHY_HEAD, [path]: text });
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([{ code: 'LOCKFILE_UNSUPPORTED', subject: path, message: expect.stringMatching(message) }]);
    healthyBumpSurvives(bumps);
  });

  it('manifest on one side → MANIFEST_ONE_SIDE and its dependencies are added', async () => {
    const source = createInMemoryFileSource({ ...HEALTHY_BASE }, { ...HEALTHY_HEAD, 'tools/cli/package.json': manifestText({ dependencies: { commander: '^12.1.0' } }) });
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([
      {
        code: 'MANIFEST_ONE_SIDE',
        subject: 'tools/cli/package.json',
        message: 'tools/cli/package.json exists at head (head-sha) but not at base (base-sha): its dependencies are reported as added. If the project moved, review it as a new project.',
      },
    ]);
    expect(bumps).toContainEqual(expect.objectContaining({ name: 'commander', from: null, to: '12.1.0', direction: 'added', manifests: ['tools/cli/package.json'] }));
    healthyBumpSurvives(bumps);
  });

  it('unparseable manifest → MANIFEST_UNPARSEABLE and no invented additions or removals', async () => {
    const source = createInMemoryFileSource({ ...HEALTHY_BASE, 'web/package.json': manifest('4.17.20') }, { ...HEALTHY_HEAD, 'web/package.json': '{"dependencies": {"lodash": ' });
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['MANIFEST_UNPARSEABLE', 'web/package.json']]);
    expect(warnings[0]?.message).toContain('fix the manifest');
    expect(bumps.map((bump) => bump.name)).toEqual(['ms']);
  });

  it('a manifest unreadable at one side: the lockfile changes of what the other side declares do not pass for transitive ones', async () => {
    const lock = (lodash: string, debug: string) => npmLockText({ lodash }, { 'node_modules/lodash': lodash, 'node_modules/debug': debug });
    const source = createInMemoryFileSource(
      { ...HEALTHY_BASE, 'web/package.json': manifest('4.17.20'), 'web/package-lock.json': lock('4.17.20', '4.3.0') },
      { ...HEALTHY_HEAD, 'web/package.json': '{"dependencies": {"lodash": "4.17.21",}}', 'web/package-lock.json': lock('4.17.21', '4.3.1') },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['MANIFEST_UNPARSEABLE', 'web/package.json']]);
    // lodash is declared at base: its change is unknown, not a transitive one; debug is transitive.
    expect(bumps.find((bump) => bump.name === 'lodash')).toBeUndefined();
    expect(bumps).toContainEqual(expect.objectContaining({ name: 'debug', from: '4.3.0', to: '4.3.1', dependencyTypes: ['transitive'] }));
    healthyBumpSurvives(bumps);
  });

  it("a workspace manifest unreadable at one side: the shared lockfile's other copies of its names are still transitive changes", async () => {
    // packages/web declares lodash and is broken at head; packages/api's dependency `tool`
    // carries its own nested lodash, which moved. Only web's direct copy is unknown.
    const lock = (webLodash: string, nestedLodash: string) =>
      npmLockText(
        {},
        {
          'packages/web': { name: 'web', version: '1.0.0' },
          'packages/api': { name: 'api', version: '1.0.0' },
          'node_modules/lodash': webLodash,
          'node_modules/tool': '1.0.0',
          'node_modules/tool/node_modules/lodash': nestedLodash,
        },
      );
    const side = (web: string, lockfile: string) => ({
      'package.json': manifestText({ workspaces: ['packages/*'] }),
      'package-lock.json': lockfile,
      'packages/web/package.json': web,
      'packages/api/package.json': manifestText({ name: 'api', dependencies: { tool: '1.0.0' } }),
    });
    const source = createInMemoryFileSource(
      side(manifestText({ name: 'web', dependencies: { lodash: '4.17.20' } }), lock('4.17.20', '3.10.0')),
      side('{"name": "web", "dependencies": {"lodash": "4.17.21",}}', lock('4.17.21', '3.10.1')),
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['MANIFEST_UNPARSEABLE', 'packages/web/package.json']]);
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.dependencyTypes])).toEqual([['lodash', '3.10.0', '3.10.1', ['transitive']]]);
  });

  it.each([['null', 'null'], ['false', 'false'], ['an empty string', '""'], ['an empty array', '[]']])('a dependency field that is %s declares nothing, as npm reads it: no warning', async (_what, field) => {
    const source = createInMemoryFileSource(
      { ...HEALTHY_BASE, 'web/package.json': `{"name": "web", "dependencies": {"left-pad": "1.1.0"}, "devDependencies": ${field}}` },
      { ...HEALTHY_HEAD, 'web/package.json': `{"name": "web", "dependencies": {"left-pad": "1.3.0"}, "devDependencies": ${field}}` },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([]);
    expect(bumps).toContainEqual(expect.objectContaining({ name: 'left-pad', from: '1.1.0', to: '1.3.0', manifests: ['web/package.json'], dependencyTypes: ['prod'] }));
  });

  it('a manifest unreadable at both sides: its lockfile changes are not reported as transitive, since nothing says which are direct', async () => {
    const broken = '{"dependencies": {"lodash": "4.17.20",}}';
    const lock = (lodash: string, debug: string) => npmLockText({ lodash }, { 'node_modules/lodash': lodash, 'node_modules/debug': debug });
    const source = createInMemoryFileSource(
      { ...HEALTHY_BASE, 'web/package.json': broken, 'web/package-lock.json': lock('4.17.20', '4.3.0') },
      { ...HEALTHY_HEAD, 'web/package.json': broken, 'web/package-lock.json': lock('4.17.21', '4.3.1') },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(new Set(warnings.map((warning) => `${warning.code} ${warning.subject}`))).toEqual(new Set(['MANIFEST_UNPARSEABLE web/package.json']));
    expect(bumps.map((bump) => bump.name)).toEqual(['ms']);
  });

  it.each([
    ['a string', '"express"', 'is a string'],
    ['an array', '["express"]', 'is an array'],
    ['a number as a range', '{"express": 5}', 'dependencies["express"] is a number'],
  ])('a dependency field that is %s → MANIFEST_UNPARSEABLE naming the field, never a silent "removed"', async (_what, field, problem) => {
    const source = createInMemoryFileSource(
      { ...HEALTHY_BASE, 'web/package.json': manifestText({ dependencies: { express: '4.21.2' } }) },
      { ...HEALTHY_HEAD, 'web/package.json': `{"name": "web", "dependencies": ${field}}` },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual([['MANIFEST_UNPARSEABLE', 'web/package.json']]);
    expect(warnings[0]?.message).toContain(problem);
    expect(warnings[0]?.message).toContain('fix the manifest');
    expect(bumps.map((bump) => bump.name)).toEqual(['ms']);
  });

  it('file over maxFileBytes → FILE_TOO_LARGE naming the file and the limit', async () => {
    const big = npmLockText({}, { 'node_modules/lodash': '4.17.21', 'node_modules/padding': { version: '1.0.0', description: 'x'.repeat(5000) } });
    const source = createInMemoryFileSource(
      { ...HEALTHY_BASE, 'package.json': manifest('4.17.20'), 'package-lock.json': npmLockText({}, { 'node_modules/lodash': '4.17.20' }) },
      { ...HEALTHY_HEAD, 'package.json': manifest('4.17.21'), 'package-lock.json': big },
    );
    const { bumps, warnings } = await detectBumps(source, { maxFileBytes: 4000 });
    expect(warnings).toEqual([
      { code: 'FILE_TOO_LARGE', subject: 'package-lock.json', message: expect.stringMatching(/^package-lock\.json at head is \d+ bytes, over the 4000-byte limit.*raise the file size limit/) },
    ]);
    expect(bumps).toContainEqual(expect.objectContaining({ name: 'lodash', from: '4.17.20', to: '4.17.21', versionSource: 'manifest' }));
    healthyBumpSurvives(bumps);
  });

  it('a file the source cannot read → FILE_UNAVAILABLE, others still detected', async () => {
    const source = createInMemoryFileSource({ ...HEALTHY_BASE, 'web/package.json': manifest('1.0.0') }, { ...HEALTHY_HEAD, 'web/package.json': manifest('2.0.0') }, { failingPaths: ['web/package.json'] });
    const { bumps, warnings } = await detectBumps(source);
    // One warning per side, each naming the side that failed.
    expect(warnings.map((warning) => [warning.code, warning.subject, warning.message.includes('simulated read failure')])).toEqual([
      ['FILE_UNAVAILABLE', 'web/package.json', true],
      ['FILE_UNAVAILABLE', 'web/package.json', true],
    ]);
    expect(warnings[0]?.message).toContain('at base (base-sha)');
    expect(bumps.map((bump) => bump.name)).toEqual(['ms']);
    healthyBumpSurvives(bumps);
  });

  it('hostile keys and shapes in a lockfile are inert', async () => {
    const hostile = JSON.stringify({
      lockfileVersion: 3,
      packages: { '': {}, 'node_modules/__proto__': { version: '1.0.0' }, 'node_modules/constructor': 'not-an-object', 'node_modules/ms': { version: 42 } },
    });
    const source = createInMemoryFileSource({ ...HEALTHY_BASE, 'package-lock.json': npmLockText({}, {}) }, { ...HEALTHY_HEAD, 'package-lock.json': hostile });
    const { bumps } = await detectBumps(source);
    expect(bumps.map((bump) => bump.name)).toEqual(['__proto__', 'ms']);
    expect(({} as Record<string, unknown>)['version']).toBeUndefined();
  });
});

it('a lockfile naming importers outside the repository does not make detection read there', async () => {
  const lock = (version: string) =>
    `lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      ms:\n        specifier: ^2.0.0\n        version: ${version}\n  ../../etc: {}\n  /abs/path: {}\npackages:\n  ms@${version}:\n    resolution: {integrity: sha512-x}\n`;
  const manifest = manifestText({ dependencies: { ms: '^2.0.0' } });
  const source = createInMemoryFileSource({ 'package.json': manifest, 'pnpm-lock.yaml': lock('2.1.2') }, { 'package.json': manifest, 'pnpm-lock.yaml': lock('2.1.3') });
  const { bumps } = await detectBumps(source);
  expect(bumps.map((bump) => [bump.name, bump.from, bump.to])).toEqual([['ms', '2.1.2', '2.1.3']]);
  expect(source.reads.map((read) => read.path).filter((path) => path.includes('etc') || path.startsWith('/'))).toEqual([]);
});
