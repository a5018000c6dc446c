import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TarballIntegrityError, verifyTarballIntegrity } from '../../src/ecosystems/npm/tarball-integrity.js';

const fixtures = new URL('../fixtures/registry/', import.meta.url);
const packument = JSON.parse(readFileSync(new URL('packuments/express.json', fixtures), 'utf8'));
const tarball = readFileSync(new URL('tarballs/express-5.1.0.tgz', fixtures));
const integrity: string = packument.versions['5.1.0'].dist.integrity;

describe('tarball integrity', () => {
  it('accepts the recorded express@5.1.0 tarball against its published sha512 integrity', () => {
    expect(integrity).toMatch(/^sha512-/);
    expect(verifyTarballIntegrity(tarball, integrity, 'express@5.1.0')).toBe(true);
  });

  it('refuses bytes the registry did not publish, naming the package', () => {
    const tampered = Buffer.from(tarball);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 0xff, tampered.length - 1);
    expect(() => verifyTarballIntegrity(tampered, integrity, 'express@5.1.0')).toThrow(TarballIntegrityError);
    expect(() => verifyTarballIntegrity(tampered, integrity, 'express@5.1.0')).toThrow(/express@5\.1\.0 tarball does not match the registry's sha512 integrity/);
  });

  it('uses the strongest listed algorithm and reports when there is nothing to verify', () => {
    const weakWrong = 'sha1-AAAAAAAAAAAAAAAAAAAAAAAAAAA=';
    expect(verifyTarballIntegrity(tarball, `${weakWrong} ${integrity}`, 'express@5.1.0')).toBe(true);
    expect(verifyTarballIntegrity(tarball, null, 'express@5.1.0')).toBe(false);
    expect(verifyTarballIntegrity(tarball, 'md5-abc', 'express@5.1.0')).toBe(false);
  });
});
