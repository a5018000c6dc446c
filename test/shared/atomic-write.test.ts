import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/shared/atomic-write.js';

describe('atomic writes', () => {
  it('writes the file with the requested mode and leaves no temp file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-atomic-'));
    await writeFileAtomic(join(directory, 'nested', 'out.json'), '{"a":1}\n', 0o600);
    expect(readFileSync(join(directory, 'nested', 'out.json'), 'utf8')).toBe('{"a":1}\n');
    expect(statSync(join(directory, 'nested', 'out.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(directory, 'nested'))).toEqual(['out.json']);
  });

  it('removes the temp file when the final rename fails', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-atomic-'));
    // A directory in the target's place makes rename fail after the data was written.
    mkdirSync(join(directory, 'out.json'));
    await expect(writeFileAtomic(join(directory, 'out.json'), 'data')).rejects.toThrow();
    expect(readdirSync(directory)).toEqual(['out.json']);
  });
});
