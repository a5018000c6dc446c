import { commentToPlainText } from '../../src/report/plain-text.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { captureProcessOutput } from './capture-output.js';

/**
 * Setup errors of `depverdict analyze` (a bad profile, a missing key, a qualification record
 * that does not qualify the run): the cause on the first line of stderr, exit 1, and — as the
 * action does — a withheld run written to --out, so a script reading the files finds the reason.
 * Every run uses the shipped sample or stops before reading anything, so nothing touches the network.
 */

let out: string;
let stderr: string[];
let stdout: string[];

beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'depverdict-cli-setup-'));
  ({ stdout, stderr } = captureProcessOutput());
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(out, { recursive: true, force: true });
  resetSecretsForTesting();
});

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(out, file), 'utf8')) as Record<string, unknown>;
const firstLine = (): string => stderr.join('').split('\n')[0] ?? '';

async function analyze(options: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return main(['analyze', '--sample', '--out', out, ...options], env);
}

function expectWithheldFiles(code: string, messagePart: string): void {
  const manifest = readJson('version-analysis.json');
  expect(manifest).toMatchObject({ summary: { verdict: 'withheld' }, results: [], failClosed: { code } });
  expect((manifest.failClosed as { message: string }).message).toContain(messagePart);
  const trace = readJson('trace.json');
  expect(trace).toMatchObject({ failClosed: { code }, calls: [] });
  const comment = readFileSync(join(out, 'comment.md'), 'utf8');
  expect(comment).toContain(code);
}

describe('analyze setup errors', () => {
  it('a missing API key names the profile variable and --api-key-env, and is written to --out', async () => {
    expect(await analyze(['--profile', 'openai', '--quiet'])).toBe(1);
    expect(firstLine()).toBe(
      "depverdict: profile openai needs an API key (auth.scheme bearer) but none was given: set the OPENAI_API_KEY environment variable (the profile's auth.secretEnv), or name the environment variable that holds it with --api-key-env NAME",
    );
    // The action's wording would send a CLI user looking for an input that does not exist.
    expect(stderr.join('')).not.toContain('api-key input');
    expectWithheldFiles('CONFIGURATION_ERROR', 'OPENAI_API_KEY');
    // The cause is said once, not again as the exit reason.
    expect(stderr.join('').match(/needs an API key/g)).toHaveLength(1);
    expect(stdout.join('')).toBe('');
  });

  it('an empty --api-key-env variable is a configuration error written to --out', async () => {
    expect(await analyze(['--profile', 'openai', '--api-key-env', 'MY_KEY', '--quiet'], { MY_KEY: '' })).toBe(1);
    expect(firstLine()).toBe('depverdict: --api-key-env names MY_KEY, but that environment variable is empty; export the model API key in it.');
    expectWithheldFiles('CONFIGURATION_ERROR', 'MY_KEY');
  });

  it('a profile that does not exist is written to --out, and the comment is printed', async () => {
    expect(await analyze(['--profile', 'no-such-profile', '--format', 'markdown'])).toBe(1);
    expect(firstLine()).toMatch(/^depverdict: Deployment profile no-such-profile is not a shipped profile/);
    expectWithheldFiles('CONFIGURATION_ERROR', 'no-such-profile');
    expect(readJson('version-analysis.json')).toMatchObject({ runtime: { profileId: 'no-such-profile' } });
    expect(stdout.join('')).toBe(`${readFileSync(join(out, 'comment.md'), 'utf8')}\n`);
  });

  it('prints the comment as plain text by default: same content, none of the Markdown escapes', async () => {
    expect(await analyze(['--profile', 'no-such-profile'])).toBe(1);
    const printed = stdout.join('');
    expect(printed).toBe(commentToPlainText(readFileSync(join(out, 'comment.md'), 'utf8')));
    expect(printed).not.toMatch(/<!--|<details>|\u200b/);
  });

  it('a qualification record that does not qualify the run is written to --out as QUALIFICATION_MISSING', async () => {
    const record = join(out, 'not-a-record.json');
    writeFileSync(record, '{"verdict": "CONFORMANT"}');
    const profile = join(out, 'ours.yml');
    writeFileSync(profile, readFileSync(new URL('../../profiles/openai.yml', import.meta.url), 'utf8').replace(/^id: .*$/m, 'id: ours'));
    expect(await analyze(['--profile', profile, '--qualification', record, '--quiet'], { OPENAI_API_KEY: 'sk-test-not-used' })).toBe(1);
    expect(firstLine()).toMatch(/^depverdict: The qualification record does not qualify this run: qualification record .*not-a-record\.json is malformed/);
    // The command to run names the profile as it was given (a file path), not the id inside it.
    expect(firstLine()).toContain(`run \`depverdict conformance --profile ${profile}\``);
    expectWithheldFiles('QUALIFICATION_MISSING', 'not-a-record.json');
    // The headline and the advice name the record that failed: conformance makes it.
    const comment = readFileSync(join(out, 'comment.md'), 'utf8');
    expect(comment).toContain('the profile has no passing conformance qualification');
    expect(comment).toContain('Run conformance for this profile first (`depverdict conformance`, or the conformance workflow)');
  });

  it('a qualification record asked of the extractive profile: no record can name it, and the cause says to remove the option', async () => {
    const record = join(out, 'conformance.json');
    writeFileSync(record, '{}');
    expect(await analyze(['--qualification', record, '--quiet'])).toBe(1);
    expect(firstLine()).toMatch(/cannot qualify the extractive profile: it sends no model requests, so conformance does not probe it and no record names it; remove --qualification/);
    expectWithheldFiles('QUALIFICATION_MISSING', 'extractive');
  });

  // Without the sample (and without GITHUB_TOKEN) the CLI would read public repositories
  // tokenless and says so; that notice must not push the cause off the first line (review 13).
  // Both runs stop before anything is fetched.
  it('without a token, a missing --base-dir or a bad profile is still the first line of stderr', async () => {
    const missing = join(out, 'no-such-checkout');
    expect(await main(['analyze', '--base-dir', missing, '--head-dir', out, '--out', out], {})).toBe(1);
    expect(firstLine()).toBe(`depverdict: Directory ${missing} does not exist or is not a directory: check the path`);
    stderr.length = 0;
    expect(await main(['analyze', '--base-dir', out, '--head-dir', out, '--profile', 'no-such-profile', '--out', out], {})).toBe(1);
    expect(firstLine()).toMatch(/^depverdict: Deployment profile no-such-profile is not a shipped profile/);
    expect(stderr.join('')).not.toContain('No GITHUB_TOKEN');
  });

  it('a --registry-snapshot that is no snapshot is the first error, once, instead of a failure per bump (review 17)', async () => {
    const nowhere = join(out, 'no-such-snapshot');
    expect(await main(['analyze', '--base-dir', out, '--head-dir', out, '--registry-snapshot', nowhere, '--no-github', '--out', out], {})).toBe(1);
    expect(firstLine()).toBe(`depverdict: --registry-snapshot ${nowhere} does not exist: give a recorded snapshot (packuments/ and tarballs/, as samples/registry in DepVerdict's repository), or leave the option out to read the npm registry.`);
    // A configuration problem, not the pull request's files: the headline must not blame them.
    expectWithheldFiles('CONFIGURATION_ERROR', 'no-such-snapshot');
    expect(readFileSync(join(out, 'comment.md'), 'utf8')).not.toMatch(/dependency files could not be read/);
    stderr.length = 0;
    expect(await main(['analyze', '--base-dir', out, '--head-dir', out, '--registry-snapshot', out, '--no-github', '--out', out], {})).toBe(1);
    expect(firstLine()).toMatch(/^depverdict: --registry-snapshot .* has no packuments\/ folder: /);
  });

  it('a missing approval record is withheld under the same code, but the headline and advice name the approval and eval (review 13)', async () => {
    expect(await analyze(['--approval', join(out, 'missing-approval.json'), '--quiet'])).toBe(1);
    expect(firstLine()).toMatch(/^depverdict: The approval record does not approve this run: approval record .*missing-approval\.json does not exist; run `depverdict eval --profile extractive /);
    expectWithheldFiles('QUALIFICATION_MISSING', 'missing-approval.json');
    const comment = readFileSync(join(out, 'comment.md'), 'utf8');
    expect(comment).toContain('verdict withheld — the profile has no passing eval approval for this run');
    expect(comment).toContain('Evaluate this profile with `depverdict eval`');
    expect(comment).not.toContain('conformance');
  });
});
