/**
 * Property tests for the dependency files of a pull request (untrusted: anyone can open a PR):
 * package.json and the npm, pnpm and yarn lockfiles. Whatever the text, a parser either returns
 * a well-formed result or throws a DependencyFileError that names the file; it never crashes
 * with another error, never hangs, and never lets a key like `__proto__` reach a prototype.
 */
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { DependencyFileError } from '../../src/bumps/dependency-file-error.js';
import type { LockfileSnapshot } from '../../src/bumps/lockfiles/lockfile-snapshot.js';
import { parseNpmLockfile } from '../../src/bumps/lockfiles/npm-lockfile.js';
import { parsePnpmLockfile } from '../../src/bumps/lockfiles/pnpm-lockfile.js';
import { parseYarnLockfile } from '../../src/bumps/lockfiles/yarn-lockfile.js';
import { parseManifest } from '../../src/bumps/manifest.js';
import { FUZZ_TIMEOUT_MS, fuzzParameters, hostileText } from './fuzz-settings.js';

const QUICK_RUNS = 150;

/** Runs a parser; passes when it returns or throws a DependencyFileError naming `path`. */
function parsesOrRefusesByName<T>(path: string, parse: () => T, check: (result: T) => void = () => {}): void {
  let result: T;
  try {
    result = parse();
  } catch (error) {
    if (!(error instanceof DependencyFileError)) throw error;
    expect(error.message).toContain(path);
    return;
  }
  check(result);
}

function expectWellFormedSnapshot(snapshot: LockfileSnapshot): void {
  for (const [name, versions] of snapshot.installed) {
    expect(typeof name).toBe('string');
    for (const version of versions) expect(typeof version).toBe('string');
  }
  for (const directory of snapshot.importerDirectories) expect(typeof directory).toBe('string');
  // Nothing in a document may reach a prototype.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

const packageName = fc.oneof(
  fc.constantFrom('express', '@types/node', 'lodash', '__proto__', 'constructor', '@scope/__proto__', '', 'a/b/c', '@', '..'),
  fc.string({ maxLength: 30 }),
);
const versionLike = fc.oneof(fc.constantFrom('1.0.0', '2.0.0-beta.1', '0.0.0', 'file:../x', 'git+https://x/y.git', 'npm:lodash@4', 'link:../z', '*', 'latest'), fc.string({ maxLength: 20 }));
/** Any JSON, with the keys lockfiles use and the keys attackers like. */
const lockfileishJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    versionLike,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('packages', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'version', 'resolved', 'integrity', 'lockfileVersion', 'importers', 'specifiers', 'workspaces', 'node_modules/express', 'node_modules/@types/node', '', '__proto__', 'constructor', 'prototype', 'dev', 'link'),
        packageName,
      ),
      tie('value'),
      { maxKeys: 6 },
    ),
  ),
})).value;

const npmLockfile = fc.record({
  lockfileVersion: fc.constantFrom(1, 2, 3, 4, '3', null),
  packages: fc.dictionary(fc.oneof(fc.constant(''), packageName.map((name) => `node_modules/${name}`), fc.string({ maxLength: 20 })), lockfileishJson, { maxKeys: 6 }),
  dependencies: fc.dictionary(packageName, lockfileishJson, { maxKeys: 4 }),
});

describe('lockfile and package.json parsers under arbitrary input', () => {
  it('package-lock.json: any text', () => {
    fc.assert(fc.property(hostileText(), (text) => parsesOrRefusesByName('package-lock.json', () => parseNpmLockfile('package-lock.json', text), expectWellFormedSnapshot)), fuzzParameters(QUICK_RUNS));
  }, FUZZ_TIMEOUT_MS);

  it('package-lock.json: lockfile-shaped JSON with hostile keys and values', () => {
    fc.assert(
      fc.property(fc.oneof(npmLockfile, lockfileishJson), (document) => {
        // `__proto__` as an own key, as JSON.parse produces it (an object literal would set the prototype).
        const text = JSON.stringify(document).replace(/"constructor"/g, '"__proto__"');
        parsesOrRefusesByName('package-lock.json', () => parseNpmLockfile('package-lock.json', text), expectWellFormedSnapshot);
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);

  it('pnpm-lock.yaml: any text, and YAML documents of lockfile-shaped data', () => {
    const yamlDocument = fc.record({
      lockfileVersion: fc.constantFrom('9.0', '6.0', 5.4, '5.3', 'x', null),
      importers: fc.dictionary(fc.oneof(fc.constant('.'), fc.string({ maxLength: 10 })), lockfileishJson, { maxKeys: 3 }),
      packages: fc.dictionary(fc.oneof(packageName.map((name) => `/${name}@1.0.0`), packageName.map((name) => `${name}@2.0.0`), fc.string({ maxLength: 15 })), lockfileishJson, { maxKeys: 4 }),
      dependencies: fc.dictionary(packageName, lockfileishJson, { maxKeys: 3 }),
    }).map((document) => toYaml(document));
    // The PR's text must never reach the job log through the YAML library's warnings.
    const warnings = vi.spyOn(process, 'emitWarning');
    try {
      fc.assert(
        fc.property(fc.oneof(hostileText(), yamlDocument.map((yaml) => `%${yaml.slice(0, 5)}\n${yaml}`), yamlDocument), (text) =>
          parsesOrRefusesByName('pnpm-lock.yaml', () => parsePnpmLockfile('pnpm-lock.yaml', text), expectWellFormedSnapshot),
        ),
        fuzzParameters(QUICK_RUNS),
      );
      expect(warnings).not.toHaveBeenCalled();
    } finally {
      warnings.mockRestore();
    }
  }, FUZZ_TIMEOUT_MS);

  it('yarn.lock: any text, and classic and berry entries with hostile names', () => {
    const entry = fc.tuple(packageName, versionLike, versionLike, fc.boolean()).map(([name, range, version, berry]) =>
      berry ? `"${name}@npm:${range}":\n  version: ${version}\n  resolution: "${name}@npm:${version}"\n` : `${name}@${range}:\n  version "${version}"\n  resolved "https://registry.yarnpkg.com/${name}"\n`,
    );
    const lockfile = fc.tuple(fc.boolean(), fc.array(entry, { maxLength: 5 })).map(([berry, entries]) => (berry ? `__metadata:\n  version: 8\n\n` : '# yarn lockfile v1\n\n') + entries.join('\n'));
    fc.assert(
      fc.property(fc.oneof(hostileText(), lockfile), (text) => parsesOrRefusesByName('yarn.lock', () => parseYarnLockfile('yarn.lock', text), expectWellFormedSnapshot)),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);

  it('package.json: any text, and manifests with hostile dependency maps', () => {
    const manifest = fc.record({
      name: packageName,
      dependencies: fc.dictionary(packageName, fc.oneof(versionLike, lockfileishJson), { maxKeys: 4 }),
      devDependencies: fc.dictionary(packageName, versionLike, { maxKeys: 3 }),
      workspaces: fc.oneof(fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), lockfileishJson),
      packageManager: fc.oneof(fc.constantFrom('pnpm@9.1.0', 'yarn@4.0.0+sha512.abc', 'npm@', '@'), fc.string({ maxLength: 20 }), lockfileishJson),
    }).map((document) => JSON.stringify(document).replace(/"constructor"/g, '"__proto__"'));
    fc.assert(
      fc.property(fc.oneof(hostileText(), manifest), (text) =>
        parsesOrRefusesByName('package.json', () => parseManifest('package.json', text), (parsed) => {
          for (const [name, declaration] of parsed.declarations) {
            expect(declaration.name).toBe(name);
            expect(typeof declaration.spec).toBe('string');
            expect(declaration.types.length).toBeGreaterThan(0);
          }
          for (const pattern of parsed.workspacePatterns) expect(typeof pattern).toBe('string');
        }),
      ),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);
});
