/**
 * datasets/npm-labelled/add-wave.mjs `readings`, run as the maintainer runs it (node, on a copy
 * of the script next to a small bumps.json in a temporary directory): a reading is recorded with
 * its reader, a split waits for a third reading, and nothing that could outvote the first
 * reviewer by accident (the same file twice, a run repeated, a bump listed twice, a third reading
 * where two agree, a label that is not a label) is ever written.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLabelledDataset } from '../../src/evaluation/dataset.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

let sandbox: string;
let bumpsPath: string;
const first = (name: string, expected: string) => ({ name, from: '1.0.0', to: '2.0.0', expected, quote: 'Some release line', reason: 'The first reviewer read the release text.' });

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), 'depverdict-add-wave-'));
  await mkdir(join(sandbox, 'datasets', 'npm-labelled'), { recursive: true });
  await mkdir(join(sandbox, 'scripts', 'lib'), { recursive: true });
  await mkdir(join(sandbox, 'wave'), { recursive: true });
  await cp(join(ROOT, 'datasets', 'npm-labelled', 'add-wave.mjs'), join(sandbox, 'datasets', 'npm-labelled', 'add-wave.mjs'));
  await cp(join(ROOT, 'scripts', 'lib'), join(sandbox, 'scripts', 'lib'), { recursive: true });
  bumpsPath = join(sandbox, 'datasets', 'npm-labelled', 'bumps.json');
  await writeFile(bumpsPath, JSON.stringify({ bumps: [first('alpha', 'low'), first('beta', 'high')] }));
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

async function readingsFile(name: string, entries: Array<{ name: string; expected: string }>): Promise<string> {
  const path = join(sandbox, 'wave', `${name}.json`);
  await writeFile(path, JSON.stringify(entries.map((entry) => ({ ...entry, from: '1.0.0', to: '2.0.0', reason: 'Read the changelog at the tag.' }))));
  return path;
}

async function readings(...files: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(sandbox, 'datasets', 'npm-labelled', 'add-wave.mjs'), 'readings', ...files]);
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const dataset = async () => parseLabelledDataset(await readFile(bumpsPath, 'utf8'), 'bumps.json');

describe('add-wave.mjs readings', () => {
  it('records each reading with its reader and sets the label to the consensus; a split waits for a third reading', async () => {
    const second = await readingsFile('second', [{ name: 'alpha', expected: 'low' }, { name: 'beta', expected: 'medium' }]);
    const waiting = await readings(second);
    expect(waiting.code).toBe(3);
    expect(waiting.out).toContain('need a third');
    expect((await dataset()).bumps.every((bump) => bump.labels === undefined)).toBe(true);

    const third = await readingsFile('third', [{ name: 'beta', expected: 'medium' }]);
    expect((await readings(second, third)).code).toBe(0);
    const [alpha, beta] = (await dataset()).bumps;
    expect(alpha!.labels).toEqual([{ label: 'low' }, { label: 'low', by: 'wave/second', reason: 'Read the changelog at the tag.' }]);
    expect(beta!.labels!.map((reading) => reading.by)).toEqual([undefined, 'wave/second', 'wave/third']);
    expect(beta!.expected).toBe('medium');
  });

  it('refuses, without writing, what would let a duplicate outvote the first reviewer', async () => {
    const second = await readingsFile('second', [{ name: 'alpha', expected: 'high' }, { name: 'beta', expected: 'high' }]);
    const third = await readingsFile('third', [{ name: 'alpha', expected: 'high' }]);
    expect((await readings(second, third)).code).toBe(0);
    const written = await readFile(bumpsPath, 'utf8');

    expect((await readings(second)).out).toContain('already has a reading by wave/second'); // run twice
    const another = await readingsFile('another', [{ name: 'beta', expected: 'low' }]);
    expect((await readings(another)).out).toContain('a third reading is only for a split');
    expect(await readFile(bumpsPath, 'utf8')).toBe(written);
  });

  it('refuses the same file twice, a bump listed twice, and a label that is not one', async () => {
    const second = await readingsFile('second', [{ name: 'alpha', expected: 'high' }]);
    expect((await readings(second, second)).out).toContain('given twice');
    const twice = await readingsFile('twice', [{ name: 'alpha', expected: 'high' }, { name: 'alpha', expected: 'high' }]);
    expect((await readings(twice)).out).toContain('already has a reading by wave/twice');
    const odd = await readingsFile('odd', [{ name: 'alpha', expected: 'constructor' }]);
    expect((await readings(odd)).out).toContain('has no label high, medium or low');
    expect((await dataset()).bumps.every((bump) => bump.labels === undefined)).toBe(true);
  });
});
