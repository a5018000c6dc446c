/**
 * package.json → the dependencies it declares. Only the four dependency fields,
 * `packageManager` and `workspaces` matter here; everything else in the manifest is ignored.
 */
import { parsePackageManagerField, type PackageManagerField } from './package-manager.js';
import type { DependencyType } from './types.js';
import { DependencyFileError, isRecord, ownValue, parseJsonFile } from './dependency-file-error.js';

export interface Declaration {
  name: string;
  /** The range that gets installed: prod, then optional, then dev, then peer. */
  spec: string;
  types: DependencyType[];
}

export interface Manifest {
  path: string;
  declarations: Map<string, Declaration>;
  /** `workspaces` entries (array form or `{ packages: [...] }`), as written. */
  workspacePatterns: string[];
  /** The `packageManager` field; undefined when absent. Kept apart: `pnpm` may also be a devDependency. */
  packageManager: PackageManagerField | undefined;
}

/** Field order is also the preference order for which range is installed. */
const DEPENDENCY_FIELDS: ReadonlyArray<[string, DependencyType]> = [
  ['dependencies', 'prod'],
  ['optionalDependencies', 'optional'],
  ['devDependencies', 'dev'],
  ['peerDependencies', 'peer'],
];

export function parseManifest(path: string, text: string): Manifest {
  const document = parseJsonFile(path, text, 'manifest');
  if (!isRecord(document)) {
    throw new DependencyFileError('MANIFEST_UNPARSEABLE', path, `${path} is not a JSON object: fix the manifest`);
  }
  const declarations = new Map<string, Declaration>();
  for (const [field, type] of DEPENDENCY_FIELDS) {
    for (const [name, spec] of dependencyEntries(path, field, ownValue(document, field))) {
      const existing = declarations.get(name);
      if (existing === undefined) {
        declarations.set(name, { name, spec: spec.trim(), types: [type] });
      } else if (!existing.types.includes(type)) {
        existing.types.push(type);
      }
    }
  }
  for (const declaration of declarations.values()) declaration.types.sort();
  return {
    path,
    declarations,
    workspacePatterns: workspacePatternsOf(ownValue(document, 'workspaces')),
    packageManager: parsePackageManagerField(ownValue(document, 'packageManager')),
  };
}

/** What a JSON value is, for a message (never the value itself: it is untrusted). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A dependency field's own entries. A field that is not an object of names to range strings (nor
 * one of the empty values npm accepts) is an error, not an empty field: npm refuses it, and
 * reading it as empty would report every dependency as removed and pass. Own keys only, so
 * `__proto__` stays inert.
 */
function dependencyEntries(path: string, field: string, value: unknown): Array<[string, string]> {
  // npm installs a manifest whose field is null, false, "" or an empty array as declaring nothing.
  if (value === undefined || value === null || value === false || value === '' || (Array.isArray(value) && value.length === 0)) return [];
  if (!isRecord(value)) {
    throw new DependencyFileError('MANIFEST_UNPARSEABLE', path, `${path}: "${field}" is ${kindOf(value)}, not an object of package names to version ranges: fix the manifest`);
  }
  return Object.entries(value).map(([name, spec]) => {
    if (typeof spec !== 'string') {
      // The name is shown quoted and bounded: it comes from the PR.
      throw new DependencyFileError('MANIFEST_UNPARSEABLE', path, `${path}: ${field}[${JSON.stringify(name.slice(0, 100))}] is ${kindOf(spec)}, not a version range string: fix the manifest`);
    }
    return [name, spec];
  });
}

function workspacePatternsOf(value: unknown): string[] {
  const list = isRecord(value) ? ownValue(value, 'packages') : value;
  return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
}
