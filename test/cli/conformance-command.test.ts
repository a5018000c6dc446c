import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { captureProcessOutput } from './capture-output.js';

/**
 * `depverdict conformance` against an endpoint that is down: the cause on the first line of
 * stderr and of the report, verdict INCONCLUSIVE, exit 1 — and the record says the same.
 */

let directory: string;
let stderr: string[];
let stdout: string[];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'depverdict-cli-conformance-'));
  ({ stdout, stderr } = captureProcessOutput());
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(directory, { recursive: true, force: true });
});

describe('conformance command', () => {
  it('an endpoint that refuses connections: not executed, cause first, INCONCLUSIVE, exit 1', async () => {
    const closed = await FakeOpenAiServer.start();
    const endpoint = closed.endpoint;
    await closed.close();
    // The shipped Ollama profile (no key needed), pointed at a port nobody listens on.
    const shipped = readFileSync(join(import.meta.dirname, '..', '..', 'profiles', 'ollama-local.yml'), 'utf8');
    const profile = join(directory, 'down.yml');
    writeFileSync(profile, shipped.replace(/^endpoint: .*$/m, `endpoint: ${endpoint}`));

    const exitCode = await main(['conformance', '--profile', profile, '--out', join(directory, 'reports')], {});

    expect(exitCode).toBe(1);
    const errorLines = stderr.join('').split('\n');
    expect(errorLines[0]).toMatch(new RegExp(`^warning: conformance not executed: the endpoint ${new URL(endpoint).origin} could not be reached \\(NETWORK_ERROR: .*ECONNREFUSED`));
    expect(stderr.join('')).toMatch(/^error: Conformance INCONCLUSIVE: conformance was not executed: the endpoint .* could not be reached/m);
    const report = stdout.join('').split('\n');
    expect(report[2]).toMatch(/^Execution status: NOT EXECUTED — the endpoint .*ECONNREFUSED/);
    const record = JSON.parse(readFileSync(join(directory, 'reports', 'conformance.json'), 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ execution: { status: 'NOT_EXECUTED' }, verdict: 'INCONCLUSIVE', failed: true });
  });
});
