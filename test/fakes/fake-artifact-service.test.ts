import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeArtifactService, type FakeArtifactService } from './fake-artifact-service.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULT_MARKER = '@@UPLOAD_RESULT@@';

/**
 * Runs the real @actions/artifact client in a child process (it reads env at call time and
 * caches nothing we want leaking between tests). Resolves `@actions/artifact` from the repo.
 */
const CHILD_SCRIPT = `
import { DefaultArtifactClient } from '@actions/artifact';
const [name, file, root] = JSON.parse(process.env.UPLOAD_ARGS);
try {
  const result = await new DefaultArtifactClient().uploadArtifact(name, [file], root, { retentionDays: 30 });
  console.log(${JSON.stringify(RESULT_MARKER)} + JSON.stringify({ ok: true, result }));
} catch (error) {
  console.log(${JSON.stringify(RESULT_MARKER)} + JSON.stringify({ ok: false, error: String(error && error.message || error) }));
}
`;

interface ChildOutcome {
  ok: boolean;
  result?: { id: number; size: number; digest: string };
  error?: string;
}

function uploadInChild(env: Record<string, string>, name: string, file: string, root: string): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', CHILD_SCRIPT],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env, UPLOAD_ARGS: JSON.stringify([name, file, root]) },
        timeout: 45_000, // importing @actions/artifact alone takes ~1-4 s on a loaded machine
      },
      (error, stdout, stderr) => {
        const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
        if (!line) {
          reject(new Error(`child produced no result (${String(error)}):\n${stdout}\n${stderr}`));
          return;
        }
        resolve(JSON.parse(line.slice(RESULT_MARKER.length)) as ChildOutcome);
      },
    );
  });
}

// Each upload spawns a node process; generous timeouts keep a busy CI machine from flaking.
describe('fake artifact service', { timeout: 90_000 }, () => {
  let fake: FakeArtifactService;
  let dir: string;

  beforeEach(async () => {
    fake = await startFakeArtifactService();
    dir = await mkdtemp(join(tmpdir(), 'depverdict-artifact-'));
  });

  afterEach(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts a real @actions/artifact upload and records the zip contents', async () => {
    const content = JSON.stringify({ verdict: 'safe', evidence: ['a', 'b'] }, null, 2).repeat(50);
    const file = join(dir, 'depverdict-report.json');
    await writeFile(file, content);

    const outcome = await uploadInChild(fake.env, 'depverdict-report', file, dir);

    expect(outcome.error).toBeUndefined();
    expect(outcome.ok).toBe(true);
    expect(fake.artifacts).toHaveLength(1);
    const artifact = fake.artifacts[0]!;
    expect(artifact.name).toBe('depverdict-report');
    expect(artifact.finalized).toBe(true);
    expect(artifact.files).toEqual(['depverdict-report.json']);
    expect(artifact.contents['depverdict-report.json']?.toString('utf8')).toBe(content);
    expect(artifact.size).toBeGreaterThan(0);
    expect(outcome.result?.id).toBe(artifact.id);
    expect(outcome.result?.size).toBe(artifact.size);
    expect(artifact.reportedSize).toBe(String(artifact.size));
    const digest = createHash('sha256').update(artifact.blob!).digest('hex');
    expect(artifact.reportedHash).toBe(`sha256:${digest}`);
    expect(artifact.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(fake.requests.map((r) => r.kind)).toEqual(['CreateArtifact', 'blob:block', 'blob:blocklist', 'FinalizeArtifact']);
  });

  it('rejects a second artifact with the same name, like the real service', async () => {
    const file = join(dir, 'report.md');
    await writeFile(file, '# report\n');
    expect((await uploadInChild(fake.env, 'dup', file, dir)).ok).toBe(true);
    const second = await uploadInChild(fake.env, 'dup', file, dir);
    expect(second.ok).toBe(false);
    expect(second.error).toMatch(/409/);
    expect(fake.artifacts).toHaveLength(1);
  });

  it('can be told to fail the blob upload (fast, with a 4xx)', async () => {
    const file = join(dir, 'report.md');
    await writeFile(file, '# report\n');
    fake.failNext('blob', 403);
    const outcome = await uploadInChild(fake.env, 'broken', file, dir);
    expect(outcome.ok).toBe(false);
    expect(fake.artifacts[0]?.finalized).toBe(false);
  });
});
