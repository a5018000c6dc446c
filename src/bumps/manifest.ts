/**
 * package.json → the dependencies it declares. Only the four dependency fields,
 * `packageManager` and `workspaces` matter here; everything else in the manifest is ignored.
 */
import { parsePackageManagerField, type PackageManagerField } from './package-manager.js';
import type { DependencyType } from './types.js';
import { DependencyFileError, isRecord, ownValue, parseJsonFile, stringEntries } from './dependency-file-error.js';

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
    for (const [name, spec] of stringEntries(ownValue(document, field))) {
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

function workspacePatternsOf(value: unknown): string[] {
  const list = isRecord(value) ? ownValue(value, 'packages') : value;
  return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
}
