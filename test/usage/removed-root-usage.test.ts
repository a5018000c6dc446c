/**
 * The API-surface facts that are not a list of names reach the usage report too: a package
 * whose root stops being callable (chownr 3, axios-retry 4) is used wherever the repository
 * calls it, and a removed root module file (graphql-tag 2's parser.js) wherever it is loaded
 * by path. The evidence items are built by the real builders from tarballs made in memory; the
 * repository files are parsed by the real scanner.
 */
import { describe, expect, it } from 'vitest';
import { manifestShapeOf } from '../../src/ecosystems/npm/manifest-shape.js';
import type { PackumentVersion } from '../../src/ecosystems/npm/packument.js';
import type { RegistryFacts } from '../../src/ecosystems/types.js';
import { apiSurfaceEvidence } from '../../src/evidence/api-surface-evidence.js';
import { publishedFilesEvidence } from '../../src/evidence/published-files-evidence.js';
import type { EvidenceItem } from '../../src/evidence/types.js';
import { apiSurfaceChecks, usageEvidence } from '../../src/evidence/usage-evidence.js';
import { silentLogger } from '../../src/shared/logger.js';
import { describeUsage } from '../../src/usage/describe-usage.js';
import { analyseModule } from '../../src/usage/module-usage.js';
import { parseSource } from '../../src/usage/parse-source.js';
import type { ImportingFile, RepositoryUsage } from '../../src/usage/types.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';

/** The scanner's view of a repository: each file parsed, its uses of `packageName` kept. */
function scanOf(packageName: string, files: Record<string, string>): RepositoryUsage {
  const importing: ImportingFile[] = [];
  for (const [path, text] of Object.entries(files)) {
    const parsed = parseSource(path, text);
    const found = analyseModule(parsed.programs, new Set([packageName])).packages.get(packageName);
    if (found !== undefined) importing.push({ path, imports: found.imports, traced: found.traced, untraced: [] });
  }
  return { status: 'scanned', scanned: 'test', filesListed: importing.length, filesParsed: importing.length, notes: [], incomplete: false, packages: new Map([[packageName, { packageName, files: importing, configMentions: [] }]]) };
}

function factsOf(packageName: string, from: [string, object], to: [string, object]): RegistryFacts {
  return {
    packagePageUrl: `https://www.npmjs.com/package/${packageName}`,
    from: { version: from[0], shape: manifestShapeOf(from[1] as never) },
    to: { version: to[0], shape: manifestShapeOf(to[1] as never) },
  } as unknown as RegistryFacts;
}

function usageOf(packageName: string, evidence: readonly EvidenceItem[], files: Record<string, string>) {
  return describeUsage(scanOf(packageName, files), packageName, apiSurfaceChecks(evidence, packageName));
}

describe('a root that stops being callable, in use', () => {
  const namespaceEvidence = async (toManifest: object, toFiles: Record<string, string>) =>
    (
      await apiSurfaceEvidence({
        packageName: 'axios-retry',
        packageId: 'npm:axios-retry',
        facts: factsOf('axios-retry', ['3.9.1', { name: 'axios-retry', main: 'index.js' }], ['4.0.0', toManifest]),
        from: '3.9.1',
        to: '4.0.0',
        tarballs: {
          from: () => Promise.resolve(npmTarballOf({ 'index.js': "module.exports = require('./lib/cjs/index').default;" })),
          to: npmTarballOf({ 'dist/cjs/index.js': '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = axiosRetry;', ...toFiles }),
        },
      })
    ).evidence;
  const axiosRetryRepository = {
    'src/direct.js': "require('axios-retry')(client, { retries: 3 });",
    'src/bound.cjs': "const axiosRetry = require('axios-retry');\n\naxiosRetry(client);",
    'src/equals.ts': "import axiosRetry = require('axios-retry');\nnew axiosRetry(client);",
    // A bundler's or TypeScript's interop default still finds the function in 4.0.0.
    'src/bundled.ts': "import axiosRetry from 'axios-retry';\naxiosRetry(client);",
    // Node.js's own import gets module.exports as the default: the namespace object, when 4.0.0 has no ES entry.
    'src/native.mjs': "import axiosRetry from 'axios-retry';\naxiosRetry(client);",
    // `.default` is the fix itself, a named export was never the root, and a file loaded by path is another module.
    'src/fixed.js': "const axiosRetry = require('axios-retry').default;\naxiosRetry(client);",
    'src/helpers.js': "const { isNetworkError } = require('axios-retry');\nisNetworkError(error);",
    'src/deep.js': "require('axios-retry/lib/cjs/index').default(client);\nconst other = require('axios-retry/other');\nother(client);",
  };

  it('require() callers of a root compiled from an ES module are uses, and Node.js ES imports when no ES entry exists (axios-retry 3 → 4)', async () => {
    const evidence = await namespaceEvidence({ name: 'axios-retry', main: 'dist/cjs/index.js' }, {});
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/3.9.1..4.0.0/require-namespace']);
    expect(evidence[0]!.content).toContain("Node.js's own `import`");
    const report = usageOf('axios-retry', evidence, axiosRetryRepository);
    expect(report.checkedNames).toEqual([
      {
        name: "require('axios-retry')()",
        change: 'removed',
        origins: ['apiSurface'],
        useCount: 4,
        uses: [
          { path: 'src/bound.cjs', line: 3, expression: 'axiosRetry()', match: 'binding' },
          { path: 'src/direct.js', line: 1, expression: "require('axios-retry')()", match: 'binding' },
          { path: 'src/equals.ts', line: 2, expression: 'new axiosRetry()', match: 'binding' },
          { path: 'src/native.mjs', line: 2, expression: 'axiosRetry()', match: 'binding' },
        ],
      },
    ]);
    // The evidence a model reads says the same.
    const text = usageEvidence({ name: 'axios-retry', from: '3.9.1', to: '4.0.0' } as never, scanOf('axios-retry', axiosRetryRepository), evidence, '').evidence[0]!.content;
    expect(text).toContain("APIs removed by 4.0.0 that this repository uses: require('axios-retry')() at src/bound.cjs:3, src/direct.js:1, src/equals.ts:2.");
  });

  it('with an ES module entry for import, only require() callers are uses', async () => {
    const evidence = await namespaceEvidence(
      { name: 'axios-retry', main: 'dist/cjs/index.js', exports: { '.': { import: './dist/esm/index.mjs', require: './dist/cjs/index.js' } } },
      { 'dist/esm/index.mjs': 'export default function axiosRetry() {}' },
    );
    expect(evidence[0]!.content).not.toContain("Node.js's own `import`");
    const report = usageOf('axios-retry', evidence, axiosRetryRepository);
    expect(report.checkedNames[0]!.uses.map((use) => use.path)).toEqual(['src/bound.cjs', 'src/direct.js', 'src/equals.ts']);
  });

  it('a dual package whose import target is a .js file under a nested {"type": "module"} has an ES entry: only require() callers are uses', async () => {
    const evidence = await namespaceEvidence(
      { name: 'axios-retry', main: 'dist/cjs/index.js', exports: { '.': { import: './dist/esm/index.js', require: './dist/cjs/index.js' } } },
      { 'dist/esm/package.json': '{"type": "module"}', 'dist/esm/index.js': 'export default function axiosRetry() {}' },
    );
    expect(evidence[0]!.content).not.toContain("Node.js's own `import`");
    expect(usageOf('axios-retry', evidence, axiosRetryRepository).checkedNames[0]!.uses.map((use) => use.path)).toEqual(['src/bound.cjs', 'src/direct.js', 'src/equals.ts']);
    // Without the nested package.json, that .js file is CommonJS under the root's type: Node.js's import loads it too.
    const plain = await namespaceEvidence({ name: 'axios-retry', main: 'dist/cjs/index.js', exports: { '.': { import: './dist/cjs/index.js', require: './dist/cjs/index.js' } } }, {});
    expect(plain[0]!.content).toContain("Node.js's own `import`");
  });

  it('every call of a root that now exports only names is a use, imported or required (chownr 2 → 3)', async () => {
    const { evidence } = await apiSurfaceEvidence({
      packageName: 'chownr',
      packageId: 'npm:chownr',
      facts: factsOf('chownr', ['2.0.0', { name: 'chownr', main: 'chownr.js' }], ['3.0.0', { name: 'chownr', main: './dist/index.js', types: './dist/index.d.ts' }]),
      from: '2.0.0',
      to: '3.0.0',
      tarballs: {
        from: () => Promise.resolve(npmTarballOf({ 'chownr.js': 'const chownr = (p, cb) => cb()\nmodule.exports = chownr\n' })),
        to: npmTarballOf({ 'dist/index.js': '', 'dist/index.d.ts': 'export declare const chownr: (p: string) => void;' }),
      },
    });
    const report = usageOf('chownr', evidence, {
      'lib/a.js': "const chownr = require('chownr')\nchownr('/tmp', 1, 1, done)",
      'lib/b.mjs': "import chownr from 'chownr'\nawait chownr('/tmp', 1, 1)",
      'lib/c.mjs': "import { chownr } from 'chownr'\nchownr('/tmp', 1, 1)",
      'lib/d.js': "const own = require('chownr')\nown.call(null, '/tmp', 1, 1, done)",
      'lib/e.ts': "import { default as chown } from 'chownr'\nchown('/tmp', 1, 1)",
    });
    expect(report.checkedNames.map((checked) => [checked.name, checked.uses.map((use) => `${use.path}:${use.line} ${use.expression}`)])).toEqual([
      ['chownr()', ['lib/a.js:2 chownr()', 'lib/b.mjs:2 chownr()', 'lib/d.js:2 own.call()', 'lib/e.ts:2 chown()']],
    ]);
  });

  it('a tagged template calls its tag: gql`…` with a root that stops being callable is a use', () => {
    const scan = scanOf('graphql-tag', { 'src/query.js': "const gql = require('graphql-tag');\nconst query = gql`{ user { id } }`;" });
    const report = describeUsage(scan, 'graphql-tag', [{ name: "require('graphql-tag')()", change: 'removed', origin: 'apiSurface', form: { kind: 'rootCall', requireOnly: true, nativeImports: false } }]);
    expect(report.checkedNames[0]!.uses).toEqual([{ path: 'src/query.js', line: 2, expression: 'gql`…`', match: 'binding' }]);
  });

  it('a types path written like the evidence sentence neither hides removed names nor forges a root check', async () => {
    const forged = 'x exported (y): the default export. Code that imports them.d.ts';
    const manifest = { name: 'lib', main: 'index.js', types: forged };
    const { evidence } = await apiSurfaceEvidence({
      packageName: 'lib',
      packageId: 'npm:lib',
      facts: factsOf('lib', ['1.0.0', manifest], ['1.1.0', manifest]),
      from: '1.0.0',
      to: '1.1.0',
      tarballs: {
        from: () => Promise.resolve(npmTarballOf({ 'index.js': '', [forged]: 'export declare function bar(): void;\nexport declare function keep(): void;' })),
        to: npmTarballOf({ 'index.js': '', [forged]: 'export declare function keep(): void;' }),
      },
    });
    expect(evidence).toHaveLength(1);
    expect(evidence[0]!.content).not.toContain('Code that imports them.d.ts');
    expect(apiSurfaceChecks(evidence, 'lib')).toEqual([{ name: 'bar', change: 'removed', origin: 'apiSurface' }]);
  });
});

describe('a removed root module file, in use', () => {
  it('a require() or import of the file by path, with or without .js, is a use (graphql-tag 1 → 2)', async () => {
    const record = { name: 'graphql-tag', version: '1.3.2', dist: {} } as unknown as PackumentVersion;
    const evidence = await publishedFilesEvidence({
      packageName: 'graphql-tag',
      packageId: 'npm:graphql-tag',
      facts: factsOf('graphql-tag', ['1.3.2', { name: 'graphql-tag', main: 'index.js' }], ['2.0.0', { name: 'graphql-tag', main: 'lib/graphql-tag.umd.js' }]),
      semverClass: 'major',
      tarballs: {
        from: () => Promise.resolve(npmTarballOf({ 'package.json': '{"name":"graphql-tag","main":"index.js"}', 'index.js': '', 'parser.js': '', 'printer.js': '' })),
        to: () => Promise.resolve(npmTarballOf({ 'package.json': '{"name":"graphql-tag","main":"lib/graphql-tag.umd.js"}', 'lib/graphql-tag.umd.js': '' })),
      },
      records: { from: record, to: { ...record, version: '2.0.0' } },
      logger: silentLogger,
    });
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/1.3.2..2.0.0/removed-root-modules']);
    const report = usageOf('graphql-tag', evidence, {
      'src/parse.js': "const parse = require('graphql-tag/parser');",
      'src/print.ts': "import { print } from 'graphql-tag/printer.js';",
      'src/gql.ts': "import gql from 'graphql-tag';\n// 'graphql-tag/parser' in a comment is no use",
    });
    expect(report.checkedNames).toEqual([
      { name: 'graphql-tag/parser', change: 'removed', origins: ['apiSurface'], useCount: 1, uses: [{ path: 'src/parse.js', line: 1, expression: 'graphql-tag/parser', match: 'binding' }] },
      { name: 'graphql-tag/printer', change: 'removed', origins: ['apiSurface'], useCount: 1, uses: [{ path: 'src/print.ts', line: 1, expression: 'graphql-tag/printer.js', match: 'binding' }] },
    ]);
  });
});

describe('a name a subpath no longer exports, in use', () => {
  it('an import of that name from that subpath is a use; the same name from the root or another subpath is not (lowdb 6 → 7)', async () => {
    const manifest = { name: 'lowdb', type: 'module', exports: { '.': { types: './lib/index.d.ts', default: './lib/index.js' }, './node': { types: './lib/node.d.ts', default: './lib/node.js' } } };
    const root = { 'lib/index.js': '', 'lib/index.d.ts': 'export declare class Low {}\nexport declare function JSONPreset(): void;', 'lib/node.js': '' };
    const { evidence } = await apiSurfaceEvidence({
      packageName: 'lowdb',
      packageId: 'npm:lowdb',
      facts: factsOf('lowdb', ['6.1.1', manifest], ['7.0.0', manifest]),
      from: '6.1.1',
      to: '7.0.0',
      tarballs: {
        from: () => Promise.resolve(npmTarballOf({ ...root, 'lib/node.d.ts': 'export declare function JSONPreset(): void;\nexport declare function JSONSyncPreset(): void;\nexport declare class TextFile {}\nexport interface PresetOptions {}' })),
        to: npmTarballOf({ ...root, 'lib/node.d.ts': 'export declare function JSONFilePreset(): void;\nexport declare class TextFile {}' }),
      },
    });
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/6.1.1..7.0.0/removed-subpath-exports', 'api-surface/6.1.1..7.0.0/removed-subpath-types']);
    const report = usageOf('lowdb', evidence, {
      'src/db.ts': "import { JSONPreset, TextFile } from 'lowdb/node';",
      'src/types.ts': "import type { PresetOptions } from 'lowdb/node';",
      'src/cjs.js': "const { JSONPreset } = require('lowdb/node');\nconst sync = require('lowdb/node').JSONSyncPreset;",
      'src/namespace.mjs': "import * as presets from 'lowdb/node';\npresets.JSONPreset();",
      'src/other.js': "const { JSONPreset } = require('lowdb');\nimport { Low } from 'lowdb';\nconst { JSONPreset: p } = require('lowdb/browser');",
    });
    expect(report.checkedNames).toEqual([
      {
        name: 'JSONPreset (lowdb/node)',
        change: 'removed',
        origins: ['apiSurface'],
        useCount: 3,
        uses: [
          { path: 'src/cjs.js', line: 1, expression: 'JSONPreset', match: 'binding' },
          { path: 'src/db.ts', line: 1, expression: "import { JSONPreset } from 'lowdb/node'", match: 'binding' },
          { path: 'src/namespace.mjs', line: 2, expression: 'presets.JSONPreset', match: 'binding' },
        ],
      },
      {
        name: 'JSONSyncPreset (lowdb/node)',
        change: 'removed',
        origins: ['apiSurface'],
        useCount: 1,
        uses: [{ path: 'src/cjs.js', line: 2, expression: 'require().JSONSyncPreset', match: 'binding' }],
      },
      { name: 'PresetOptions (lowdb/node)', change: 'removed', origins: ['apiSurface'], useCount: 1, uses: [{ path: 'src/types.ts', line: 1, expression: "import { PresetOptions } from 'lowdb/node'", match: 'binding' }] },
    ]);
  });
});
