// Benchmark, through the built CLI, against loopback servers only (a replay of the recorded
// registry fixtures that also stands in for GitHub's API, and a fake model endpoint):
//   1. the recorded 51-bump grouped PR: context only, full extractive run, run without GitHub;
//   2. the same PR with a cache directory: cold, then warm (wall time, bytes, requests);
//   3. time per bump at N = 1, 10, 100 (no cache, so each run pays its full cost);
//   4. start-up: `depverdict --version` and `--help` against bare `node -e 0`;
//   5. a model profile against a fake OpenAI-compatible server, run twice on one cache: how many
//      requests each run sends (the second reuses the first's answers);
//   6. a 1,000-package lockfile regeneration (51 analysed, the rest listed);
//   7. the usage scan of a synthetic 10,000-file repository;
//   8. `depverdict eval` against a fake model that answers in 300 ms: samples asked one at a time
//      against up to four at once (the profile's limits.concurrency).
// Figures are for notes and trend-watching; no test asserts on them.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const scratch = mkdtempSync(join(tmpdir(), 'depverdict-bench-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const newDirectory = (name) => {
  const directory = join(scratch, name);
  mkdirSync(directory, { recursive: true });
  return directory;
};

/** File-name form of a package name, as the recorder writes it (`@scope%2fname`). */
const encodeName = (name) => (name.startsWith('@') ? name.replace('/', '%2f') : name);
/** `b7-express` → `express`, `b7-types__node` → `@types/node`: aliases make N distinct packages out of the recorded ones. */
const unalias = (name) => {
  const match = /^b\d+-(.+)$/.exec(name);
  if (!match) return name;
  return match[1].includes('__') ? `@${match[1].replace('__', '/')}` : match[1];
};
const alias = (index, name) => `b${index}-${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/**
 * Replays recorded packuments (with an ETag; If-None-Match gets a bodiless 304, as from
 * registry.npmjs.org) and tarballs; counts requests and bytes per kind. It also stands in for
 * GitHub's API (GITHUB_API_URL points here): every repository is public, every `v`-tag exists
 * and holds no changelog, and every comparison lists three commits, so the tokenless
 * repository-changelog lookups and commit-log reads cost their real request count.
 */
function startReplayRegistry(baseVersions = new Map()) {
  const counts = { packuments: 0, notModified: 0, packumentBytes: 0, tarballs: 0, tarballBytes: 0, fromTarballs: 0, fromTarballBytes: 0, github: 0, githubCompare: 0, githubBytes: 0, advisories: 0, notFound: 0 };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const notFound = () => {
      counts.notFound += 1;
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"Not found"}');
    };
    if (path.startsWith('/repos/')) {
      counts.github += 1;
      const answer = (status, body) => {
        const text = JSON.stringify(body);
        counts.githubBytes += Buffer.byteLength(text);
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(text);
      };
      if (/^\/repos\/[^/]+\/[^/]+$/.test(path)) return answer(200, { private: false });
      // Every `v`-tag exists and holds no changelog, so each lookup goes on to the commit log.
      const ref = new URL(request.url, 'http://x').searchParams.get('ref') ?? '';
      if (/^\/repos\/[^/]+\/[^/]+\/contents(?:\/|$)/.test(path) && ref.startsWith('v')) return answer(200, []);
      if (/^\/repos\/[^/]+\/[^/]+\/compare\//.test(path)) {
        counts.githubCompare += 1;
        const commits = ['Fix a bug', 'Add an option', 'Update dependencies'].map((message, index) => ({ sha: String(index).repeat(40), commit: { message } }));
        return answer(200, { total_commits: commits.length, commits });
      }
      return answer(404, { message: 'Not Found' });
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
    const requested = path.slice(1);
    const file = join(fixtures, 'packuments', `${encodeName(unalias(requested))}.json`);
    if (!existsSync(file)) return notFound();
    const origin = `http://127.0.0.1:${server.address().port}`;
    let body = readFileSync(file, 'utf8').split('{{REGISTRY}}').join(origin);
    if (requested !== unalias(requested)) {
      const document = JSON.parse(body);
      document.name = requested;
      for (const manifest of Object.values(document.versions ?? {})) manifest.name = requested;
      body = JSON.stringify(document);
    }
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    if (request.headers['if-none-match'] === etag) {
      counts.notModified += 1;
      response.writeHead(304, { etag });
      return response.end();
    }
    counts.packumentBytes += Buffer.byteLength(body);
    response.writeHead(200, { 'content-type': 'application/json', etag });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, counts, url: `http://127.0.0.1:${server.address().port}` })));
}

/**
 * A fake OpenAI-compatible endpoint: answers every chat completion with a schema-valid
 * candidate that cites the first evidence ID of the prompt, after `delayMs`. Counts requests and
 * the most it held at once.
 */
function startFakeModel({ delayMs = 0 } = {}) {
  const counts = { requests: 0, inFlight: 0, peakInFlight: 0 };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      counts.requests += 1;
      counts.inFlight += 1;
      counts.peakInFlight = Math.max(counts.peakInFlight, counts.inFlight);
      response.on('close', () => (counts.inFlight -= 1));
      // A model's think time: what concurrent eval calls overlap.
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const prompt = JSON.stringify(JSON.parse(body).messages ?? []);
      const ref = /sha256:[0-9a-f]{64}/.exec(prompt)?.[0];
      const candidate = { summary: 'Benchmark answer.', summaryEvidenceRefs: ref ? [ref] : [], riskLevel: 'low', riskEvidenceRefs: ref ? [ref] : [], findings: [] };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `bench-${counts.requests}`,
          object: 'chat.completion',
          model: 'qwen3:8b',
          choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(candidate) }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1000, completion_tokens: 50, total_tokens: 1050 },
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, counts, url: `http://127.0.0.1:${server.address().port}` })));
}

function runCli(args, apiUrl, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', join(root, 'scripts/bench-report-rss.mjs'), cli, ...args], {
      // Never the user's own cache: every run names its cache directory or has none.
      env: { ...process.env, GITHUB_TOKEN: '', GITHUB_API_URL: apiUrl, DEPVERDICT_CACHE_DIR: '', ...extraEnv },
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
const headDependencies = JSON.parse(readFileSync(join(head, 'package.json'), 'utf8')).dependencies;
const bumps = Object.keys(baseDependencies).length;
const baseVersions = new Map(Object.entries(baseDependencies).map(([name, spec]) => [name, spec.replace(/^[\^~=]/, '')]));
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value) => `${value.toFixed(0)} ms`;
const failed = (result) => result.code !== 0 && result.code !== 2;
const tail = (result) => result.stderr.split('\n').slice(-15).join('\n');
const sourceArgs = (registry, b = base, h = head) => ['--base-dir', b, '--head-dir', h, '--npm-registry', registry.url];

console.log(`Scenario: recorded grouped PR, ${bumps} direct bumps (test/fixtures/bench/grouped-pr)`);

// 1. The three runs of earlier notes, without a cache.
for (const [label, args] of [
  ['detection + context building (depverdict context)', ['context', '--no-cache']],
  ['full run, extractive profile (depverdict analyze)', ['analyze', '--quiet', '--no-cache', '--out', newDirectory('out-analyze')]],
  ['full run without GitHub (depverdict analyze --no-github)', ['analyze', '--quiet', '--no-cache', '--no-github', '--out', newDirectory('out-no-github')]],
]) {
  const registry = await startReplayRegistry(baseVersions);
  const result = await runCli([...args, ...sourceArgs(registry)], registry.url);
  registry.server.close();
  const contexts = args[0] === 'context' && result.code === 0 ? JSON.parse(result.stdout).contexts.length : null;
  console.log(`\n${label}`);
  console.log(`  exit code            ${result.code}`);
  console.log(`  wall time            ${ms(result.wallMs)}`);
  console.log(`  peak RSS             ${result.maxRssMb === null ? 'n/a' : `${result.maxRssMb.toFixed(0)} MiB`}`);
  console.log(`  packument requests   ${registry.counts.packuments} (unique packages: ${bumps}), ${kib(registry.counts.packumentBytes)}`);
  console.log(`  tarball requests     ${registry.counts.tarballs} (${kib(registry.counts.tarballBytes)}), of which from-side (API-surface diff, published-files comparison) ${registry.counts.fromTarballs} (${kib(registry.counts.fromTarballBytes)})`);
  console.log(`  GitHub requests      ${registry.counts.github} (tokenless: repository changelogs at the tag, ${registry.counts.githubCompare} commit logs), ${kib(registry.counts.githubBytes)}`);
  console.log(`  advisory requests    ${registry.counts.advisories} (npm bulk endpoint; answered 405 here)`);
  if (contexts !== null) console.log(`  contexts built       ${contexts}`);
  if (failed(result)) console.log(tail(result));
}

// 2. Cold and warm cache on the same PR.
{
  const cacheDirectory = newDirectory('cache grouped-pr');
  const rows = [];
  let warmTrace = null;
  // One registry for both runs: its origin is part of what is cached (as a real registry's is).
  const registry = await startReplayRegistry(baseVersions);
  for (const label of ['cold cache', 'warm cache']) {
    for (const key of Object.keys(registry.counts)) registry.counts[key] = 0;
    const out = newDirectory(`out-${label.replace(' ', '-')}`);
    const result = await runCli(['analyze', '--quiet', '--cache-dir', cacheDirectory, '--out', out, ...sourceArgs(registry)], registry.url);
    if (failed(result)) console.log(tail(result));
    const c = { ...registry.counts };
    rows.push({ label, wall: result.wallMs, requests: c.packuments + c.tarballs + c.github + c.advisories, bytes: c.packumentBytes + c.tarballBytes, c });
    if (label === 'warm cache') warmTrace = JSON.parse(readFileSync(join(out, 'trace.json'), 'utf8'));
  }
  registry.server.close();
  console.log(`\nCold vs warm cache (depverdict analyze --cache-dir, ${bumps} bumps)`);
  console.log('  run          wall      requests  bytes received   packuments (304)   tarballs (404)');
  for (const row of rows) {
    console.log(`  ${row.label.padEnd(11)}  ${ms(row.wall).padStart(8)}  ${String(row.requests).padStart(8)}  ${kib(row.bytes).padStart(14)}   ${String(row.c.packuments).padStart(4)} (${String(row.c.notModified).padStart(3)})        ${String(row.c.tarballs).padStart(4)} (${row.c.notFound})`);
  }
  if (warmTrace) {
    console.log('  warm run phases (trace.json): ' + warmTrace.phases.filter((phase) => phase.startedAt).map((phase) => `${phase.name} ${phase.ms.toFixed(0)} ms`).join(', '));
  }
}

// 3. Time per bump at N = 1, 10, 100: N distinct packages (aliases of the recorded ones), no cache.
{
  const names = Object.keys(baseDependencies);
  console.log('\nTime per bump (depverdict analyze --no-cache --no-github; N aliases of the recorded packages; median of 3)');
  console.log('  N      wall      per bump');
  for (const n of [1, 10, 100]) {
    const directory = newDirectory(`scaling-${n}`);
    for (const [side, versions] of [['base', baseDependencies], ['head', headDependencies]]) {
      const dependencies = {};
      for (let index = 0; index < n; index += 1) {
        const name = names[index % names.length];
        dependencies[alias(index, name)] = versions[name].replace(/^[\^~=]/, '');
      }
      mkdirSync(join(directory, side), { recursive: true });
      writeFileSync(join(directory, side, 'package.json'), JSON.stringify({ name: 'bench-scaling', version: '1.0.0', dependencies }, null, 2));
    }
    const registry = await startReplayRegistry();
    const out = newDirectory(`out-scaling-${n}`);
    // Median of three: one run on a busy machine says little.
    const runs = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      runs.push(await runCli(['analyze', '--quiet', '--no-cache', '--no-github', '--out', out, ...sourceArgs(registry, join(directory, 'base'), join(directory, 'head'))], registry.url));
    }
    registry.server.close();
    const result = runs.sort((a, b) => a.wallMs - b.wallMs)[1];
    if (failed(result)) console.log(tail(result));
    const phases = JSON.parse(readFileSync(join(out, 'trace.json'), 'utf8')).phases.filter((phase) => phase.startedAt && phase.ms >= 1);
    console.log(`  ${String(n).padEnd(5)}  ${ms(result.wallMs).padStart(8)}  ${ms(result.wallMs / n).padStart(8)}   (${phases.map((phase) => `${phase.name} ${phase.ms.toFixed(0)}`).join(', ')})`);
  }
}

// 4. Start-up against bare Node (median of 15 runs each).
{
  const median = (args) => {
    const samples = [];
    for (let run = 0; run < 15; run += 1) {
      const started = performance.now();
      execFileSync(process.execPath, args, { stdio: 'ignore' });
      samples.push(performance.now() - started);
    }
    return samples.sort((a, b) => a - b)[7];
  };
  const bare = median(['-e', '0']);
  const version = median([cli, '--version']);
  const help = median([cli, '--help']);
  console.log('\nStart-up (median of 15)');
  console.log(`  node -e 0                ${ms(bare)}`);
  console.log(`  depverdict --version     ${ms(version)}  (${(version / bare).toFixed(2)} × bare Node)`);
  console.log(`  depverdict --help        ${ms(help)}  (${(help / bare).toFixed(2)} × bare Node)`);
}

// 5. A model profile against a fake endpoint, twice on one cache.
{
  const model = await startFakeModel();
  const profile = readFileSync(join(root, 'profiles/ollama-local.yml'), 'utf8')
    .replace(/^id: .*$/m, 'id: bench-fake-model')
    .replace(/^endpoint: .*$/m, `endpoint: ${model.url}/v1/chat/completions`)
    .replace(/^ {2}concurrency: .*$/m, '  concurrency: 4');
  const profilePath = join(newDirectory('profile'), 'bench-fake-model.yml');
  writeFileSync(profilePath, profile);
  const cacheDirectory = newDirectory('cache model');
  console.log(`\nModel profile against a fake OpenAI-compatible server (${bumps} bumps, one cache directory)`);
  const registry = await startReplayRegistry(baseVersions);
  for (const label of ['first run', 'rerun (same PR)', 'rerun --no-reuse']) {
    registry.counts.tarballs = 0;
    const before = model.counts.requests;
    const extra = label.endsWith('--no-reuse') ? ['--no-reuse'] : [];
    const out = newDirectory(`out-model-${before}`);
    const result = await runCli(['analyze', '--quiet', '--profile', profilePath, '--cache-dir', cacheDirectory, '--out', out, ...extra, ...sourceArgs(registry)], registry.url);
    const manifest = JSON.parse(readFileSync(join(out, 'version-analysis.json'), 'utf8'));
    const trace = JSON.parse(readFileSync(join(out, 'trace.json'), 'utf8'));
    const fresh = trace.calls.filter((call) => !call.reused).map((call) => manifest.results.find((r) => r.contextId === call.contextId));
    // A bump is asked again only when its context changed; without a token, which bumps get a
    // repository changelog depends on which use the run's 40 tokenless GitHub requests first.
    const note = fresh.length > 0 && fresh.length < bumps ? `  (asked again, context changed: ${fresh.map((r) => r?.dependency.name).join(', ')})` : '';
    if (failed(result)) console.log(tail(result));
    console.log(`  ${label.padEnd(18)} exit ${result.code}  wall ${ms(result.wallMs).padStart(7)}  model requests ${String(model.counts.requests - before).padStart(3)}  tarball requests ${registry.counts.tarballs}${note}`);
  }
  registry.server.close();
  model.server.close();
}

// 6. A lockfile regeneration of 1,000 changed packages: the 51 direct bumps are analysed, the rest
// (synthetic transitive changes, in both lockfiles) are detected and listed.
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

{
  const regeneration = lockfileRegeneration(1000);
  const registry = await startReplayRegistry(baseVersions);
  const out = newDirectory('out-regeneration');
  const result = await runCli(['analyze', '--quiet', '--no-cache', '--out', out, ...sourceArgs(registry, regeneration.base, regeneration.head)], registry.url);
  registry.server.close();
  console.log(`\nLockfile regeneration: ${bumps} direct bumps + ${regeneration.transitive} synthetic transitive changes (depverdict analyze --no-cache)`);
  console.log(`  exit code            ${result.code}`);
  console.log(`  wall time            ${ms(result.wallMs)}`);
  console.log(`  peak RSS             ${result.maxRssMb === null ? 'n/a' : `${result.maxRssMb.toFixed(0)} MiB`}`);
  if (existsSync(join(out, 'version-analysis.json'))) {
    const manifest = JSON.parse(readFileSync(join(out, 'version-analysis.json'), 'utf8'));
    console.log(`  changes listed       ${manifest.bumps.length} in version-analysis.json; ${manifest.results.length} analysed`);
  }
  if (failed(result)) console.log(tail(result));
}

// 7. // Usage scan: a synthetic repository of 10,000 source files (about 60 lines each; one in six
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
  const result = await runCli([...args, '--no-cache', '--npm-registry', registry.url], registry.url);
  registry.server.close();
  const scan = result.stderr.match(/Usage scan of (.*?): (\d+) files listed, (\d+) parsed, in (\d+) ms/);
  console.log(`\n${label}`);
  console.log(`  exit code            ${result.code}`);
  console.log(`  scan wall time       ${scan ? `${scan[4]} ms (${scan[2]} files listed, ${scan[3]} parsed)` : 'n/a'}`);
  console.log(`  whole run            ${result.wallMs.toFixed(0)} ms, peak RSS ${result.maxRssMb === null ? 'n/a' : `${result.maxRssMb.toFixed(0)} MiB`}`);
  if (!scan) console.log(result.stderr.split('\n').slice(-15).join('\n'));
}
rmSync(repository, { recursive: true, force: true });

// 8. Eval against a fake model answering in 300 ms: the same samples asked one at a time, then up
// to four at once. A --limit run approves nothing; this measures time, not accuracy.
{
  const EVAL_SAMPLES = 40;
  const model = await startFakeModel({ delayMs: 300 });
  console.log(`\nEval: ${EVAL_SAMPLES} samples of npm-labelled, 2 repeats, against a fake model answering in 300 ms`);
  for (const concurrency of [1, 4]) {
    const profile = readFileSync(join(root, 'profiles/ollama-local.yml'), 'utf8')
      .replace(/^id: .*$/m, `id: bench-eval-${concurrency}`)
      .replace(/^endpoint: .*$/m, `endpoint: ${model.url}/v1/chat/completions`)
      .replace(/^ {2}concurrency: .*$/m, `  concurrency: ${concurrency}`);
    const profilePath = join(newDirectory(`eval-profile-${concurrency}`), 'profile.yml');
    writeFileSync(profilePath, profile);
    const before = model.counts.requests;
    model.counts.peakInFlight = 0;
    const result = await runCli(['eval', '--quiet', '--dataset', 'npm-labelled', '--profile', profilePath, '--limit', String(EVAL_SAMPLES), '--repeats', '2', '--out', newDirectory(`eval-out-${concurrency}`)], 'http://127.0.0.1:9');
    if (result.code !== 2) console.log(tail(result));
    console.log(`  concurrency ${concurrency}        exit ${result.code}  wall ${ms(result.wallMs).padStart(7)}  model requests ${String(model.counts.requests - before).padStart(3)}  at most ${model.counts.peakInFlight} at once  peak RSS ${result.maxRssMb === null ? 'n/a' : `${result.maxRssMb.toFixed(0)} MiB`}`);
  }
  model.server.close();
}
