import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../../src/cli/arguments.js';
import { resolveCacheDirectory } from '../../src/cli/cache.js';

const change = ['analyze', '--base', 'a', '--head', 'b'];

describe('cache options', () => {
  it('parses --cache-dir, --no-cache and --no-reuse', () => {
    expect(parseCliArguments([...change, '--cache-dir', 'my cache'])).toMatchObject({ cacheDir: 'my cache', noCache: false, noReuse: false });
    expect(parseCliArguments([...change, '--no-cache', '--no-reuse'])).toMatchObject({ cacheDir: null, noCache: true, noReuse: true });
    expect(() => parseCliArguments([...change, '--no-cache', '--cache-dir', 'x'])).toThrow(/contradict/);
    expect(() => parseCliArguments(['context', '--base', 'a', '--head', 'b', '--no-reuse'])).toThrow(/not an option of context/);
  });

  it('chooses --cache-dir, then DEPVERDICT_CACHE_DIR, then $XDG_CACHE_HOME/depverdict, then ~/.cache/depverdict', () => {
    const none = { cacheDir: null, noCache: false };
    expect(resolveCacheDirectory({ cacheDir: 'given dir', noCache: false }, { DEPVERDICT_CACHE_DIR: '/env' })).toBe(resolve('given dir'));
    expect(resolveCacheDirectory(none, { DEPVERDICT_CACHE_DIR: '/env', XDG_CACHE_HOME: '/xdg' })).toBe('/env');
    expect(resolveCacheDirectory(none, { XDG_CACHE_HOME: '/xdg' })).toBe('/xdg/depverdict');
    // A relative XDG_CACHE_HOME is invalid by the specification and ignored.
    expect(resolveCacheDirectory(none, { XDG_CACHE_HOME: 'relative' })).toBe(join(homedir(), '.cache', 'depverdict'));
    expect(resolveCacheDirectory({ cacheDir: null, noCache: true }, { DEPVERDICT_CACHE_DIR: '/env' })).toBeNull();
  });
});
