import { createHash } from 'node:crypto';

/** SRI algorithms npm publishes, strongest first; `sha1` is npm's legacy `shasum`. */
const SUPPORTED = ['sha512', 'sha384', 'sha256', 'sha1'] as const;
type Algorithm = (typeof SUPPORTED)[number];

export class TarballIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarballIntegrityError';
  }
}

/**
 * Checks a downloaded (or cached) tarball against the packument's `dist.integrity` (Subresource
 * Integrity, e.g. `sha512-<base64>`), using the strongest algorithm listed. A changelog read from
 * bytes the registry did not publish would be evidence nobody can check, so a mismatch is an
 * error; a packument without integrity is accepted (old packages), and the caller says so.
 * Returns false when there was nothing to verify.
 */
export function verifyTarballIntegrity(tarball: Uint8Array, integrity: string | null, label: string): boolean {
  if (!integrity) return false;
  const entries = integrity
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const dash = entry.indexOf('-');
      return { algorithm: entry.slice(0, dash) as Algorithm, digest: entry.slice(dash + 1).replace(/\?.*$/, '') };
    })
    .filter((entry) => (SUPPORTED as readonly string[]).includes(entry.algorithm));
  const strongest = SUPPORTED.find((algorithm) => entries.some((entry) => entry.algorithm === algorithm));
  if (!strongest) return false;
  const actual = createHash(strongest).update(tarball).digest('base64');
  if (!entries.some((entry) => entry.algorithm === strongest && entry.digest === actual)) {
    throw new TarballIntegrityError(`The ${label} tarball does not match the registry's ${strongest} integrity; it was not used.`);
  }
  return true;
}
