/**
 * The `packageManager` field of package.json (`pnpm@9.12.0`, `yarn@4.5.0+sha512.…`), which
 * Corepack uses to pick the package manager that installs the project. Changing it changes
 * the tool that resolves and installs every dependency, so it is a bump like any other: of
 * the npm package that publishes that package manager.
 */
import semver from 'semver';

export type PackageManagerField =
  | { valid: true; raw: string; packageName: string; version: string }
  | { valid: false; raw: string; problem: string };

/** Corepack's form: `<name>@<exact version>`, optionally `+<algorithm>.<hex digest>`. */
const FIELD = /^(npm|pnpm|yarn)@([^+\s]{1,128})(?:\+[a-z0-9]{1,20}\.[a-f0-9]{1,256})?$/i;
const MAX_SHOWN_LENGTH = 200;

/** Undefined when the manifest has no such field. */
export function parsePackageManagerField(value: unknown): PackageManagerField | undefined {
  if (value === undefined) return undefined;
  const raw = typeof value === 'string' ? value.trim() : JSON.stringify(value);
  const match = typeof value === 'string' ? FIELD.exec(raw) : null;
  const manager = match?.[1]?.toLowerCase();
  const version = match?.[2] === undefined ? null : semver.valid(match[2]);
  if (manager === undefined || version === null) {
    const shown = raw.length > MAX_SHOWN_LENGTH ? `${raw.slice(0, MAX_SHOWN_LENGTH)}…` : raw;
    return { valid: false, raw, problem: `"packageManager" is ${JSON.stringify(shown)}, which is not npm, pnpm or yarn at an exact version (such as "pnpm@9.12.0")` };
  }
  return { valid: true, raw, packageName: packageNameOf(manager, version), version };
}

/**
 * The npm package each manager is published as. Yarn 1 is `yarn`; Yarn 2 and later (berry)
 * are published as `@yarnpkg/cli-dist`, the package Corepack installs them from when it uses
 * the npm registry (the `yarn` package stops at 1.22; its few 2.x entries are stray releases).
 */
function packageNameOf(manager: string, version: string): string {
  if (manager === 'yarn') return semver.major(version) >= 2 ? '@yarnpkg/cli-dist' : 'yarn';
  return manager;
}
