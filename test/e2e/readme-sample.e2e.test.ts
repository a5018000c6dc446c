/**
 * The README's first command, word for word, through the BUILT CLI: `node dist/cli/index.js
 * analyze --sample` in an empty directory with no token and no network. It must exit 0, print
 * the comment the README describes and write the three files into ./depverdict-out — and say
 * truthfully why GitHub was not read (the sample is offline; a token would change nothing).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_ACTION, REPO_ROOT } from './run-built-action.js';

const BUILT_CLI = join(BUILT_ACTION, '..', 'cli', 'index.js');

interface SampleRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  out: string;
}

let workspace: string;
let run: SampleRun;
/** The same sample through --base-dir/--head-dir/--registry-snapshot with --no-github. */
let noGitHub: SampleRun;

function runBuiltCli(args: string[]): Promise<SampleRun> {
  // Only PATH and HOME: no GITHUB_TOKEN, no model key, no cache directory from the caller.
  const env = { PATH: process.env.PATH ?? '', HOME: workspace };
  return new Promise<SampleRun>((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr, out: join(workspace, args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'depverdict-out') }));
  });
}

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: build first (npm run build).`);
  workspace = mkdtempSync(join(tmpdir(), 'depverdict-readme-sample-'));
  run = await runBuiltCli(['analyze', '--sample']);
  const sample = (path: string) => join(REPO_ROOT, 'samples', path);
  noGitHub = await runBuiltCli(['analyze', '--base-dir', sample('grouped-bump/base'), '--head-dir', sample('grouped-bump/head'), '--registry-snapshot', sample('registry'), '--no-github', '--no-cache', '--out', 'no-github']);
}, 60_000);

afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
});

describe('README: node dist/cli/index.js analyze --sample', () => {
  it('exits 0, prints the comment as plain text and writes the three files', () => {
    expect(run.exitCode, run.stderr).toBe(0);
    for (const file of ['version-analysis.json', 'trace.json', 'comment.md']) expect(existsSync(join(run.out, file)), file).toBe(true);
    expect(run.stdout).toContain('express 4.21.2 → 5.1.0 — high');
    expect(run.stdout).toContain('removed API in use: app.del at src/server.js:9');
    // Plain text by default: no Markdown table pipes escaped, no HTML details blocks.
    expect(run.stdout).not.toContain('<details>');
  });

  it('names the dependencies that moved a major in the registry-facts line', () => {
    const express = run.stdout.slice(run.stdout.indexOf('express 4.21.2 → 5.1.0 — high'));
    const facts = express.split('\n').find((line) => line.startsWith('Registry facts'));
    expect(facts).toMatch(/dependency majors: .*body-parser/);
  });

  it('says why the @types/node bump, which has no release notes, asks for no review, and looks for none', () => {
    const types = run.stdout.slice(run.stdout.indexOf('@types/node 20.12.7 → 20.17.10 — low'));
    const block = types.slice(0, types.indexOf('axios 1.6.8'));
    expect(block).toContain('Why no review — @types/* packages publish no release notes');
    // DefinitelyTyped keeps no changelog per package: no gap is reported for one.
    expect(block).not.toContain('DefinitelyTyped');
  });

  it('says the sample is offline instead of asking for a token that would change nothing', () => {
    const manifest = readFileSync(join(run.out, 'version-analysis.json'), 'utf8');
    expect(manifest).not.toContain('GITHUB_TOKEN');
    const missing = (JSON.parse(manifest) as { results: Array<{ missingInformation: Array<{ code: string; message: string }> }> }).results.flatMap((result) => result.missingInformation);
    const releaseNotes = missing.filter((entry) => entry.code === 'RELEASE_NOTES_NEED_TOKEN');
    expect(releaseNotes.length).toBeGreaterThan(0);
    for (const entry of releaseNotes) expect(entry.message).toContain('the sample runs offline and never uses GitHub');
    expect(run.stdout).toContain('Not checked: GitHub release notes and security advisories — the sample runs offline and never uses GitHub.');
  });

  it('with --no-github, says GitHub is not used, in the comment and the manifest', () => {
    expect(noGitHub.exitCode, noGitHub.stderr).toBe(0);
    expect(noGitHub.stdout).toContain('Not checked: GitHub release notes and security advisories — this run does not use GitHub (--no-github).');
    expect(readFileSync(join(noGitHub.out, 'version-analysis.json'), 'utf8')).not.toContain('GITHUB_TOKEN');
  });
});
