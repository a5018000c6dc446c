import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKeyOf, openCacheStore } from '../../src/shared/cache-store.js';
import { createRecordingLogger } from '../github/recording-logger.js';

const newDirectory = (name = 'depverdict-store-') => mkdtempSync(join(tmpdir(), name));
const KEY = cacheKeyOf('test', 'entry');
const entryPath = (directory: string, key = KEY) => join(directory, 'v1', 'tarballs', key);

describe('cache store', () => {
  it('keeps entries between two opens of the same directory, on a path with spaces', async () => {
    const directory = join(newDirectory(), 'a cache dir with spaces');
    const first = (await openCacheStore(directory))!;
    await first.write('tarballs', KEY, Buffer.from('payload'));
    const second = (await openCacheStore(directory))!;
    expect((await second.read('tarballs', KEY))?.toString()).toBe('payload');
    expect(second.stats).toMatchObject({ hits: 1, misses: 0, discarded: 0 });
  });

  it('names entries by digest only: no key text reaches the file system', async () => {
    const directory = newDirectory();
    const store = (await openCacheStore(directory))!;
    await expect(store.write('tarballs', '../escape', Buffer.from('x'))).rejects.toThrow(/invalid cache key/);
    await expect(store.read('tarballs', 'not-a-digest')).rejects.toThrow(/invalid cache key/);
    expect(cacheKeyOf('ab', 'c')).not.toBe(cacheKeyOf('a', 'bc'));
  });

  it.each([
    ['a truncated entry', (file: Buffer) => file.subarray(0, file.length - 3)],
    ['an entry whose payload was edited', (file: Buffer) => Buffer.concat([file.subarray(0, file.length - 1), Buffer.from('X')])],
    ['garbage', () => Buffer.from('{"not": "an entry"')],
    ['an empty file', () => Buffer.alloc(0)],
  ])('discards %s with a warning and never returns it', async (_label, damage) => {
    const directory = newDirectory();
    const logger = createRecordingLogger();
    const store = (await openCacheStore(directory, { logger }))!;
    await store.write('tarballs', KEY, Buffer.from('the real payload'));
    writeFileSync(entryPath(directory), damage(readFileSync(entryPath(directory))));
    expect(await store.read('tarballs', KEY)).toBeNull();
    expect(store.stats.discarded).toBe(1);
    expect(readdirSync(join(directory, 'v1', 'tarballs'))).toEqual([]);
    expect(logger.warnings().join('\n')).toMatch(/damaged .* discarded/);
  });

  it('keeps working when the directory cannot be written: reads miss, writes warn once', async () => {
    const directory = newDirectory();
    // A file where the store's directory should be: every mkdir and write fails (as on a
    // read-only or full file system; tests run as root, so permissions alone would not do).
    writeFileSync(join(directory, 'v1'), 'not a directory');
    const logger = createRecordingLogger();
    const store = (await openCacheStore(directory, { logger }))!;
    expect(store).not.toBeNull();
    expect(await store.read('tarballs', KEY)).toBeNull();
    await store.write('tarballs', KEY, Buffer.from('x'));
    await store.write('tarballs', cacheKeyOf('other'), Buffer.from('y'));
    expect(logger.warnings().filter((line) => /cannot be written|Could not write/.test(line))).toHaveLength(1);
  });

  it('gives up with a warning when the directory cannot be created at all', async () => {
    const parent = newDirectory();
    writeFileSync(join(parent, 'file'), 'x');
    const logger = createRecordingLogger();
    expect(await openCacheStore(join(parent, 'file', 'below'), { logger })).toBeNull();
    expect(logger.warnings().join('\n')).toMatch(/cannot be used/);
  });

  it('lets two runs write the same entry at once; the survivor is whole', async () => {
    const directory = newDirectory();
    const [left, right] = await Promise.all([openCacheStore(directory), openCacheStore(directory)]);
    const payloads = Array.from({ length: 8 }, (_, index) => Buffer.alloc(256 * 1024, index));
    await Promise.all(payloads.map((payload, index) => (index % 2 === 0 ? left! : right!).write('tarballs', KEY, payload)));
    const read = await left!.read('tarballs', KEY);
    expect(payloads.some((payload) => read?.equals(payload))).toBe(true);
    expect(readdirSync(join(directory, 'v1', 'tarballs'))).toEqual([KEY]);
  });

  it('evicts the least recently used entries beyond its size, and leaves foreign files alone', async () => {
    const directory = newDirectory();
    const store = (await openCacheStore(directory))!;
    const keys = ['old', 'middle', 'new'].map((name) => cacheKeyOf(name));
    for (const [index, key] of keys.entries()) {
      await store.write('tarballs', key, Buffer.alloc(1000));
      const time = Date.now() / 1000 - (300 - index * 100);
      utimesSync(entryPath(directory, key), time, time);
    }
    mkdirSync(join(directory, 'v1', 'answers'), { recursive: true });
    writeFileSync(join(directory, 'v1', 'answers', 'README'), 'someone else’s file');
    // Reading the oldest marks it used: it survives, the middle one goes.
    await store.read('tarballs', keys[0]!);
    expect(await store.prune(2200)).toMatchObject({ kept: 2, removed: 1 });
    expect(readdirSync(join(directory, 'v1', 'tarballs')).sort()).toEqual([keys[0], keys[2]].sort());
    expect(readdirSync(join(directory, 'v1', 'answers'))).toEqual(['README']);
  });
});
