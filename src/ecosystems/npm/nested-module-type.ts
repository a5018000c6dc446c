/**
 * Whether a `.js` file a package's root resolves to is CommonJS, by Node's own rule: the
 * nearest package.json above the file decides, and one without `"type": "module"` makes it
 * CommonJS. Dual packages built by tshy and similar tools declare `"type": "module"` at the
 * root and ship `dist/commonjs/package.json` with `{"type": "commonjs"}` beside the file the
 * `require` condition names (html-entities 2.6.0): the manifest alone would call them ESM-only.
 *
 * Only those package.json files are read from the tarball (bounded in bytes and count); the
 * package's code is never read or run.
 */
import { TarballReadError } from './tarball-changelog.js';
import { readPackageFiles } from './tarball-files.js';

/** A nested package.json is a few hundred bytes; one past this is not read. */
const MAX_PACKAGE_JSON_BYTES = 64 * 1024;
/** Directories walked up from the file: deeper trees are not followed. */
const MAX_DEPTH = 16;

/** `./dist/commonjs/index.js` → [`dist/commonjs/package.json`, `dist/package.json`]; nearest first. */
export function nestedPackageJsonPaths(target: string): string[] {
  const parts = target.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return [];
  const directories = parts.slice(0, -1).slice(0, MAX_DEPTH);
  const paths: string[] = [];
  for (let length = directories.length; length > 0; length -= 1) paths.push(`${directories.slice(0, length).join('/')}/package.json`);
  return paths;
}

/**
 * The module type the nearest nested package.json gives `target` (a path inside the package),
 * or null when no package.json sits between it and the package root (the root's `type` holds).
 * A nested package.json that is not valid JSON is skipped, as Node would fail on it anyway.
 */
export async function nestedModuleType(tarball: Buffer, target: string, label: string): Promise<'module' | 'commonjs' | null> {
  const wanted = nestedPackageJsonPaths(target);
  if (wanted.length === 0) return null;
  const files = await readPackageFiles(tarball, wanted, { maxEntryBytes: MAX_PACKAGE_JSON_BYTES, label, purpose: 'for nested package.json files' }, (reason) => new TarballReadError(label, reason));
  const types = new Map<string, 'module' | 'commonjs'>();
  for (const [path, text] of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    types.set(path, typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'module' ? 'module' : 'commonjs');
  }
  for (const path of wanted) {
    const type = types.get(path);
    if (type !== undefined) return type;
  }
  return null;
}
