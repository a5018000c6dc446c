import { describe, expect, it } from 'vitest';
import { integritiesDisagree, readLockfileIntegrity } from '../../src/bumps/lockfile-integrity.js';
import { createInMemoryFileSource } from './in-memory-file-source.js';

const SHA512_A = 'sha512-' + 'A'.repeat(86) + '==';
const SHA512_B = 'sha512-' + 'B'.repeat(86) + '==';

describe('lockfile integrity', () => {
  it('reads the integrity a v3 lockfile records for the target version, including nested installs', async () => {
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': { dependencies: { lodash: '4.17.21' } },
        'node_modules/lodash': { version: '4.17.21', integrity: SHA512_A },
        'node_modules/a/node_modules/ms': { version: '2.1.3', integrity: SHA512_B },
      },
    });
    const source = createInMemoryFileSource({}, { 'package-lock.json': lock });
    expect(await readLockfileIntegrity(source, { name: 'lodash', to: '4.17.21', lockfiles: ['package-lock.json'] })).toBe(SHA512_A);
    expect(await readLockfileIntegrity(source, { name: 'ms', to: '2.1.3', lockfiles: ['package-lock.json'] })).toBe(SHA512_B);
    expect(await readLockfileIntegrity(source, { name: 'lodash', to: '4.17.20', lockfiles: ['package-lock.json'] })).toBeNull();
  });

  it('reads a v1 dependency tree and ignores lockfiles without integrity (pnpm, yarn) or broken ones', async () => {
    const v1 = JSON.stringify({ lockfileVersion: 1, dependencies: { a: { version: '1.0.0', dependencies: { debug: { version: '4.3.7', integrity: SHA512_B } } } } });
    const source = createInMemoryFileSource({}, { 'npm-shrinkwrap.json': v1, 'pnpm-lock.yaml': 'lockfileVersion: 9.0', 'web/package-lock.json': '{ not json' });
    expect(await readLockfileIntegrity(source, { name: 'debug', to: '4.3.7', lockfiles: ['npm-shrinkwrap.json'] })).toBe(SHA512_B);
    expect(await readLockfileIntegrity(source, { name: 'debug', to: '4.3.7', lockfiles: ['pnpm-lock.yaml', 'web/package-lock.json'] })).toBeNull();
  });

  it('calls a disagreement only when a shared algorithm differs', () => {
    expect(integritiesDisagree(SHA512_A, SHA512_B)).toBe(true);
    expect(integritiesDisagree(SHA512_A, `sha1-xyz ${SHA512_A}`)).toBe(false);
    expect(integritiesDisagree('sha1-abc', SHA512_A)).toBe(false);
    expect(integritiesDisagree(null, SHA512_A)).toBe(false);
  });
});
