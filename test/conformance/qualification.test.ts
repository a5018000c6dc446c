import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../../src/analysis/candidate-schema.js';
import { checkQualification } from '../../src/conformance/qualification.js';
import type { QualificationRecord } from '../../src/conformance/types.js';

const PROFILE_DIGEST = `sha256:${'a'.repeat(64)}`;
const OTHER_DIGEST = `sha256:${'b'.repeat(64)}`;
const expected = { profileDigest: PROFILE_DIGEST, schemaDigest: CANDIDATE_SCHEMA_DIGEST, promptVersion: PROMPT_VERSION };

function record(overrides: Partial<QualificationRecord> = {}): QualificationRecord {
  return {
    suiteVersion: '1',
    profileId: 'openrouter-locked',
    profileDigest: PROFILE_DIGEST,
    schemaDigest: CANDIDATE_SCHEMA_DIGEST,
    promptVersion: PROMPT_VERSION,
    date: '2026-07-15T17:36:38.582Z',
    verdict: 'CONFORMANT',
    declaredCapabilitiesObserved: true,
    ...overrides,
  };
}

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'depverdict-qualification-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function write(content: unknown, name = 'conformance.json'): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('checkQualification', () => {
  it('accepts a matching record inside conformance.json', async () => {
    const path = await write({ reportVersion: '1', verdict: 'CONFORMANT', qualification: record() });
    expect(await checkQualification(path, expected)).toMatchObject({ ok: true, record: { profileId: 'openrouter-locked' } });
  });

  it('accepts a bare record file and a PARTIALLY_CONFORMANT verdict', async () => {
    const path = await write(record({ verdict: 'PARTIALLY_CONFORMANT' }), 'record.json');
    expect((await checkQualification(path, expected)).ok).toBe(true);
  });

  it('rejects a record whose conformance job failed on a declared capability', async () => {
    const path = await write(record({ verdict: 'PARTIALLY_CONFORMANT', declaredCapabilitiesObserved: false }), 'record.json');
    const check = await checkQualification(path, expected);
    expect(check).toMatchObject({ ok: false, reason: expect.stringContaining('was not observed') });
  });

  it('names the record as the user gave it, never by the runner path', async () => {
    const check = await checkQualification(join(directory, 'missing.json'), expected, 'conformance/openrouter.json');
    expect(check).toMatchObject({ ok: false, reason: expect.stringContaining('qualification record conformance/openrouter.json does not exist') });
    if (!check.ok) expect(check.reason).not.toContain(directory);
  });

  it('rejects a changed profile, naming both digests', async () => {
    const path = await write({ qualification: record({ profileDigest: OTHER_DIGEST }) });
    const check = await checkQualification(path, expected);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.reason).toContain(OTHER_DIGEST);
    expect(check.reason).toContain(PROFILE_DIGEST);
    expect(check.reason).toContain('(the profile changed since conformance ran)');
    expect(check.reason).toContain('run `depverdict conformance --profile <this profile>` (or the conformance workflow)');
  });

  it('says a record of another profile is one, not an edit of this profile, and names this profile in the advice', async () => {
    const path = await write({ qualification: record({ profileDigest: OTHER_DIGEST, profileId: 'ollama-local' }) }, 'other-profile.json');
    const check = await checkQualification(path, { ...expected, profileId: 'openrouter-locked' });
    expect(check.ok ? '' : check.reason).toContain("(it is a record of another profile than this run's openrouter-locked)");
    expect(check.ok ? '' : check.reason).toContain('run `depverdict conformance --profile openrouter-locked`');
    expect(check.ok ? '' : check.reason).not.toContain('the profile changed');
  });

  it('rejects a record made for another candidate schema or prompt version', async () => {
    const schemaPath = await write({ qualification: record({ schemaDigest: OTHER_DIGEST }) }, 'schema.json');
    const schemaCheck = await checkQualification(schemaPath, expected);
    expect(schemaCheck.ok ? '' : schemaCheck.reason).toContain(`candidate schema ${OTHER_DIGEST}, but this DepVerdict uses candidate schema ${CANDIDATE_SCHEMA_DIGEST}`);
    const promptPath = await write({ qualification: record({ promptVersion: '1' }) }, 'prompt.json');
    const promptCheck = await checkQualification(promptPath, expected);
    expect(promptCheck.ok ? '' : promptCheck.reason).toContain(`prompt version 1, but this DepVerdict uses prompt version ${PROMPT_VERSION}`);
  });

  it('rejects a NON_CONFORMANT record', async () => {
    const path = await write({ qualification: record({ verdict: 'NON_CONFORMANT' }) });
    const check = await checkQualification(path, expected);
    expect(check.ok ? '' : check.reason).toContain('is NON_CONFORMANT');
  });

  it('explains a missing, invalid or malformed record', async () => {
    const missing = await checkQualification(join(directory, 'absent.json'), expected);
    expect(missing.ok ? '' : missing.reason).toMatch(/absent\.json does not exist; analyses need a record for profile digest sha256:a{64}/);
    const invalid = await checkQualification(await write('{not json', 'bad.json'), expected);
    expect(invalid.ok ? '' : invalid.reason).toContain('bad.json is not valid JSON');
    const malformed = await checkQualification(await write({ qualification: { ...record(), profileDigest: 'nope', extra: 1 } }, 'malformed.json'), expected);
    expect(malformed.ok ? '' : malformed.reason).toMatch(/malformed\.json is malformed \(.*profileDigest/);
  });
});
