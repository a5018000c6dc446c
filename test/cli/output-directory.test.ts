import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { OutputDirectoryError, prepareOutputDirectory } from '../../src/cli/output-directory.js';
import { captureProcessOutput } from './capture-output.js';

/** `--out` is checked before the analysis runs (review 18: a file there used to fail only after it). */

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'depverdict-out-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

describe('prepareOutputDirectory', () => {
  it('creates missing levels and accepts an existing directory', async () => {
    await prepareOutputDirectory(join(root, 'a', 'b', 'c'));
    expect(statSync(join(root, 'a', 'b', 'c')).isDirectory()).toBe(true);
    await expect(prepareOutputDirectory(join(root, 'a'))).resolves.toBeUndefined();
  });

  it('follows symbolic links to directories, and leaves no probe file behind (review 18b)', async () => {
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    await prepareOutputDirectory(join(root, 'link'));
    await prepareOutputDirectory(join(root, 'link', 'sub'));
    expect(statSync(join(root, 'real', 'sub')).isDirectory()).toBe(true);
    expect(readdirSync(join(root, 'real'))).toEqual(['sub']);
    symlinkSync(join(root, 'gone'), join(root, 'dangling'));
    await expect(prepareOutputDirectory(join(root, 'dangling'))).rejects.toThrow(`is a symbolic link to nothing`);
  });

  it.runIf(existsSync('/proc/self'))('refuses a directory that does not accept files, before the run (review 18b: /proc, sysfs, read-only mounts)', async () => {
    await expect(prepareOutputDirectory('/proc')).rejects.toThrow(/^--out \/proc does not accept files \(E[A-Z]+\): give a directory you can write to\.$/);
  });

  it('refuses a file in its place, or under a file, naming the path', async () => {
    writeFileSync(join(root, 'file'), 'x');
    await expect(prepareOutputDirectory(join(root, 'file'))).rejects.toThrow(new OutputDirectoryError(`--out ${join(root, 'file')} is a file, not a directory: give a directory for version-analysis.json, trace.json and comment.md.`));
    await expect(prepareOutputDirectory(join(root, 'file', 'sub'))).rejects.toThrow(`cannot be created: ${join(root, 'file')} is not a directory.`);
  });
});

describe('depverdict eval and conformance --out', () => {
  it('stop before any profile is asked when --out is a file, naming their own files', async () => {
    const { stderr } = captureProcessOutput();
    writeFileSync(join(root, 'file'), 'x');
    expect(await main(['eval', '--dataset', 'npm-labelled', '--profile', 'extractive', '--out', join(root, 'file')], {})).toBe(1);
    expect(await main(['conformance', '--profile', 'extractive', '--out', join(root, 'file')], {})).toBe(1);
    const text = stderr.join('');
    expect(text).toContain(`--out ${join(root, 'file')} is a file, not a directory: give a directory for scorecard.json and scorecard.md.`);
    expect(text).toContain(`--out ${join(root, 'file')} is a file, not a directory: give a directory for conformance.md and conformance.json.`);
    expect(text).not.toContain('scored');
  });
});

describe('depverdict analyze --out', () => {
  it('stops before analysing when --out is a file: exit 1, the cause on the first line, nothing printed to stdout', async () => {
    const { stdout, stderr } = captureProcessOutput();
    writeFileSync(join(root, 'file'), 'x');
    expect(await main(['analyze', '--sample', '--out', join(root, 'file')], {})).toBe(1);
    expect(stderr.join('').split('\n')[0]).toBe(`depverdict: --out ${join(root, 'file')} is a file, not a directory: give a directory for version-analysis.json, trace.json and comment.md.`);
    expect(stderr.join('')).not.toContain('Detected');
    expect(stdout.join('')).toBe('');
  });
});
