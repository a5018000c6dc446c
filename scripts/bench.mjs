// Benchmark: detection + context building (and a full extractive analysis) on a recorded
// grouped PR of 51 bumps, through the built CLI, against a loopback server that replays the
// recorded registry fixtures. Prints wall time, peak RSS and registry request counts. Then the
// usage scan of a synthetic 10,000-file repository (see the section at the end).
// Figures are for notes and trend-watching; no test asserts on them.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { cpSync, existsSync, mkdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const fixtures = join(root, 'test/fixtures/registry');
const scenario = join(root, 'test/fixtures/bench/grouped-pr');
const cli = join(root, 'dist/cli/index.js');
if (!existsSync(cli)) {
  console.error('dist/cli/index.js is missing: run "npm run build" first.');
  process.exit(1);
}

/** File-name form of a package name, as the recorder writes it (`@scope%2fname`). */
const encodeName = (name) => (name.startsWith('@') ? name.replace('/', '%2f') : name);

/**
 * Replays recorded packuments and tarballs; counts requests and bytes per kind. It also stands
 * in for GitHub's API (GITHUB_API_URL points here): every repository is public and has no
 * recorded files, so the tokenless repository-changelog lookups cost their real request count.
 */
function startReplayRegistry(baseVersions) {
  const counts = { packuments: 0, tarballs: 0, tarballBytes: 0, fromTarballs: 0, fromTarballBytes: 0, github: 0, advisories: 0, notFound: 0, paths: new Set() };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    counts.paths.add(path);
    if (path.startsWith('/repos/')) {
      counts.github += 1;
      const isRepository = /^\/repos\/[^/]+\/[^/]+$/.test(path);
      response.writeHead(isRepository ? 200 : 404, { 'content-type': 'application/json' });
      return response.end(isRepository ? '{"private":false}' : '{"message":"Not Found"}');
    }
    if (path === '/-/npm/v1/security/advisories/bulk') {
      // Like most mirrors: the endpoint is not offered.
      counts.advisories += 1;
      response.writeHead(405, { 'content-type': 'application/json' });
      return response.end('{"error":"Method Not Allowed"}');
    }
    const tarball = path.match(/^\/(.+)\/-\/(.+)\.tgz$/);
    if (tarball) {
      counts.tarballs += 1;
      const name = tarball[1];
      const version = tarball[2].slice(tarball[2].lastIndexOf('-') + 1);
      const file = join(fixtures, 'tarballs', `${encodeName(name)}-${version}.tgz`);
      if (!existsSync(file)) return notFound();
      const bytes = readFileSync(file);
      counts.tarballBytes += bytes.length;
      if (baseVersions.get(name) === version) {
        counts.fromTarballs += 1;
        counts.fromTarballBytes += bytes.length;
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      return response.end(bytes);
    }
    counts.packuments += 1;
    const file = join(fixtures, 'packuments', `${encodeName(path.slice(1))}.json`);
    if (!existsSync(file)) return notFound();
    const origin = `http://127.0.0.1:${server.address().port}`;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(readFileSync(file, 'utf8').split('{{REGISTRY}}').join(origin));
    function notFound() {
      counts.notFound += 1;
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"Not found"}');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, counts, url: `http://127.0.0.1:${server.address().port}` })));
}

function runCli(args, apiUrl) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', join(root, 'scripts/bench-report-rss.mjs'), cli, ...args], {
      env: { ...process.env, GITHUB_TOKEN: '', GITHUB_API_URL: apiUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const rss = stderr.match(/__bench_max_rss_kb=(\d+)/);
      resolve({ code, wallMs: performance.now() - started, maxRssMb: rss ? Number(rss[1]) / 1024 : null, stdout, stderr });
    });
  });
}

const base = join(scenario, 'base');
const head = join(scenario, 'head');
const baseDependencies = JSON.parse(readFileSync(join(base, 'package.json'), 'utf8')).dependencies;
const bumps = Object.keys(baseDependencies).length;
const baseVersions = new Map(Object.entries(baseDependencies).map(([name, spec]) => [name, spec.replace(/^[\^~=]/, '')]));
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(`Scenario: recorded grouped PR, ${bumps} direct bumps (test/fixtures/bench/grouped-pr)`);

/**
 * The grouped PR as a lockfile regeneration: its direct bumps plus enough transitive version
 * changes (synthetic packages, in both lockfiles) to make `total` changed packages. Only the
 * direct bumps are analysed; the rest are detected and listed.
 */
function lockfileRegeneration(total) {
  const directory = mkdtempSync(join(tmpdir(), 'depverdict-bench-regeneration-'));
  const transitive = total - bumps;
  for (const [side, version] of [['base', '1.0.0'], ['head', '1.0.1']]) {
    cpSync(join(scenario, side), join(directory, side), { recursive: true });
    const lockPath = join(directory, side, 'package-lock.json');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    for (let index = 0; index < transitive; index += 1) {
      const name = `synthetic-transitive-${String(index).padStart(4, '0')}`;
      lock.packages[`node_modules/${name}`] = { version, resolved: `https://registry.npmjs.org/${name}/-/${name}-${version}.tgz`, license: 'MIT' };
    }
    writeFileSync(lockPath, JSON.stringify(lock, null, 2));
  }
  return { base: join(directory, 'base'), head: join(directory, 'head'), transitive };
}

const regeneration = lockfileRegeneration(1000);
// The recorded PR also changes some transitive versions of its own: the count listed is printed below.

for (const [label, args, dirs = { base, head }] of [
  ['detection + context building (depverdict context)', ['context']],
  ['full run, extractive profile (depverdict analyze)', ['analyze', '--quiet', '--out', mkdtempSync(join(tmpdir(), 'depverdict-bench-'))]],
  ['full run without GitHub (depverdict analyze --no-github)', ['analyze', '--quiet', '--no-github', '--out', mkdtempSync(join(tmpdir(), 'depverdict-bench-'))]],
  [
    `lockfile regeneration: ${bumps} direct bumps + ${regeneration.transitive} synthetic transitive changes, full run (depverdict analyze)`,
    ['analyze', '--quiet', '--out', mkdtempSync(join(tmpdir(), 'depverdict-bench-'))],
    regeneration,
  ],
]) {
  const registry = await startReplayRegistry(baseVersions);
  const result = await runCli([...args, '--base-dir', dirs.base, '--head-dir', dirs.head, '--npm-registry', registry.url], registry.url);
  registry.server.close();
  let contexts = null;
  if (args[0] === 'context' && result.code === 0) contexts = JSON.parse(result.stdout).contexts.length;
  console.log(`\n${label}`);
  console.log(`  exit code            ${result.code}`);
  console.log(`  wall time            ${result.wallMs.toFixed(0)} ms`);
  console.log(`  peak RSS             ${result.maxRssMb === null ? 'n/a' : `${result.maxRssMb.toFixed(0)} MiB`}`);
  console.log(`  packument requests   ${registry.counts.packuments} (unique packages: ${bumps})`);
  console.log(`  tarball requests     ${registry.counts.tarballs} (${kib(registry.counts.tarballBytes)}), of which from-side for the API-surface diff ${registry.counts.fromTarballs} (${kib(registry.counts.fromTarballBytes)})`);
  console.log(`  GitHub requests      ${registry.counts.github} (tokenless repository-changelog lookups)`);
  console.log(`  advisory requests    ${registry.counts.advisories} (npm bulk endpoint; answered 405 here)`);
  if (contexts !== null) console.log(`  contexts built       ${contexts}`);
  const outIndex = args.indexOf('--out');
  if (args[0] === 'analyze' && outIndex >= 0 && existsSync(join(args[outIndex + 1], 'version-analysis.json'))) {
    const manifest = JSON.parse(readFileSync(join(args[outIndex + 1], 'version-analysis.json'), 'utf8'));
    console.log(`  changes listed       ${manifest.bumps.length} in version-analysis.json; ${manifest.results.length} analysed`);
  }
  if (result.code !== 0 && result.code !== 2) console.log(result.stderr.split('\n').slice(-15).join('\n'));
}

// Usage scan: a synthetic repository of 10,000 source files (about 60 lines each; one in six
// imports a bumped package, the rest import local modules and unbumped packages), scanned at the
// head commit from git's object store (what the CLI does) and as a directory walk (what the action
// does with a checkout). The scan's own wall time is read from the CLI's log line; it runs while
// evidence is gathered, so it is not on the critical path unless it is the slowest part.
const SOURCE_FILES = 10_000;
const bumped = ['express', 'lodash', 'axios', 'chalk', 'debug', 'semver', 'uuid', 'zod', 'ws', 'ms'];

function sourceFile(index) {
  const lines = [];
  const uses = index % 6 === 0;
  const pkg = bumped[index % bumped.length];
  if (uses) lines.push(index % 12 === 0 ? `const ${pkg.replace(/\W/g, '')} = require('${pkg}');` : `import ${pkg.replace(/\W/g, '')}, { helper${index % 7} } from '${pkg}';`);
  lines.push(`import { util${index % 50} } from '../shared/util-${index % 50}.js';`, "import React from 'react';", '');
  for (let block = 0; block < 8; block++) {
    lines.push(
      `/** Computes part ${block} of item ${index}: a comment that mentions express and lodash in prose. */`,
      `export function compute${block}_${index}(input, options = {}) {`,
      `  const values = input.map((value) => value * ${block + 1} + (options.offset ?? 0));`,
      `  if (values.length === 0) return { total: 0, label: 'empty-${index}' };`,
      uses && block === 0 ? `  ${pkg.replace(/\W/g, '')}.run?.(values);` : `  util${index % 50}(values);`,
      '  return { total: values.reduce((sum, value) => sum + value, 0), label: `item-${values.length}` };',
      '}',
    );
  }
  return `${lines.join('\n')}\n`;
}

function git(directory, ...args) {
  return execFileSync('git', args, { cwd: directory, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' } }).trim();
}

const repository = mkdtempSync(join(tmpdir(), 'depverdict-bench-usage-'));
git(repository, 'init', '-q');
cpSync(base, repository, { recursive: true });
git(repository, 'add', '-A');
git(repository, 'commit', '-q', '-m', 'base');
cpSync(head, repository, { recursive: true });
let sourceBytes = 0;
for (let index = 0; index < SOURCE_FILES; index++) {
  const directory = join(repository, 'src', `module-${Math.floor(index / 100)}`);
  mkdirSync(directory, { recursive: true });
  const text = sourceFile(index);
  sourceBytes += text.length;
  writeFileSync(join(directory, `file-${index}.${index % 3 === 0 ? 'ts' : 'js'}`), text);
}
git(repository, 'add', '-A');
git(repository, 'commit', '-q', '-m', 'head');
console.log(`\nUsage scan: ${SOURCE_FILES} source files (${(sourceBytes / 1024 / 1024).toFixed(1)} MiB), one in six importing a bumped package; ${bumps} bumped packages`);
for (const [label, args] of [
  ['head commit from git objects (CLI --repo)', ['context', '--repo', repository, '--base', 'HEAD~1', '--head', 'HEAD']],
  ['directory walk with .gitignore (action checkout, CLI --head-dir)', ['context', '--base-dir', base, '--head-dir', repository]],
]) {
  const registry = await startReplayRegistry(baseVersions);
  const result = await runCli([...args, '--npm-registry', registry.url], registry.url);
  registry.server.close();
  const scan = result.stderr.match(/Usage scan of (.*?): (\d+) files listed, (\d+) parsed, in (\d+) ms/);
  console.log(`\n${label}`);
  console.log(`  exit code            ${result.code}`);
  console.log(`  scan wall time       ${scan ? `${scan[4]} ms (${scan[2]} files listed, ${scan[3]} parsed)` : 'n/a'}`);
  console.log(`  whole run            ${result.wallMs.toFixed(0)} ms, peak RSS ${result.maxRssMb === null ? 'n/a' : `${result.maxRssMb.toFixed(0)} MiB`}`);
  if (!scan) console.log(result.stderr.split('\n').slice(-15).join('\n'));
}
rmSync(repository, { recursive: true, force: true });
