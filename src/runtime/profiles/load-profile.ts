import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { digestOf } from '../../shared/canonical-json.js';
import { findDirectoryAbove } from '../../shared/install-root.js';
import { ProfileError } from './profile-error.js';
import { profileJsonSchema, profileSchema, type DeploymentProfile } from './profile-schema.js';
import { editDistance } from '../../shared/nearest-name.js';

/** A validated, immutable profile with its digest and where it came from. */
export interface LoadedProfile {
  readonly profile: DeploymentProfile;
  /** `sha256:` digest of the canonical JSON of the validated profile data. */
  readonly digest: string;
  /** The file it was read from (or a label such as `<inline>`). */
  readonly source: string;
}

const BARE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const MAX_PROFILE_BYTES = 256 * 1024;

/**
 * Finds the shipped `profiles/` directory by walking up from this module. The same code
 * runs from `src/runtime/profiles/` under vitest and from `dist/index.js` or
 * `dist/cli/index.js` after bundling, so no fixed relative path works for all three.
 */
export function findShippedProfilesDirectory(startDirectory = dirname(fileURLToPath(import.meta.url))): string | null {
  const root = findDirectoryAbove(startDirectory, join('profiles', 'extractive.yml'));
  return root === null ? null : join(root, 'profiles');
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : String(segment))).join('.').replace(/\.\[/g, '[');
}

/** One line per problem, each with its key path, so a reader can fix all of them at once. */
export function formatProfileIssues(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys
        .map((key) => {
          // Only a key allowed where this one stands, and never the key itself (`name` is valid elsewhere).
          const suggestion = closestName(key, keysAllowedAt(issue.path).filter((candidate) => candidate !== key));
          return `${formatPath([...issue.path, key])}: unknown key; ${suggestion ? `did you mean "${suggestion}"?` : 'remove it or fix its spelling'} (see docs/profiles.md)`;
        })
        .join('; ');
    }
    // A missing section is usually a misspelt one (reported above); say "is required" plainly.
    if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return `${formatPath(issue.path)}: is required`;
    return `${formatPath(issue.path)}: ${issue.message}`;
  });
  // One line: messages pass through log sanitisation, which folds newlines into spaces.
  return lines.join('; ');
}

/** A JSON-schema node and the alternatives (anyOf/oneOf/allOf) it stands for. */
function branchesOf(node: unknown): Array<Record<string, unknown>> {
  if (node === null || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const nested = ['anyOf', 'oneOf', 'allOf'].flatMap((keyword) => (Array.isArray(record[keyword]) ? (record[keyword] as unknown[]).flatMap(branchesOf) : []));
  return [record, ...nested];
}

/**
 * The keys the profile schema allows at `path` (an issue's path); every key of the schema when
 * the path cannot be followed, so a suggestion is still offered.
 */
function keysAllowedAt(path: readonly PropertyKey[]): string[] {
  let nodes: unknown[] = [profileJsonSchema()];
  for (const segment of path) {
    nodes = nodes.flatMap(branchesOf).flatMap((node) => {
      if (typeof segment === 'number') return node.items === undefined ? [] : [node.items];
      const properties = node.properties as Record<string, unknown> | undefined;
      const additional = node.additionalProperties;
      if (properties !== undefined && Object.hasOwn(properties, String(segment))) return [properties[String(segment)]];
      return additional !== null && typeof additional === 'object' ? [additional] : [];
    });
  }
  const keys = new Set(nodes.flatMap(branchesOf).flatMap((node) => Object.keys((node.properties as Record<string, unknown> | undefined) ?? {})));
  return keys.size > 0 ? [...keys].sort() : knownProfileKeys();
}

let profileKeys: string[] | null = null;

/** Every property name the profile schema knows, at any depth: the vocabulary for suggestions. */
function knownProfileKeys(): string[] {
  if (profileKeys) return profileKeys;
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties) for (const name of Object.keys(properties)) names.add(name);
    for (const child of Object.values(node as Record<string, unknown>)) visit(child);
  };
  visit(profileJsonSchema());
  profileKeys = [...names].sort();
  return profileKeys;
}

/** The closest candidate within a small edit distance (a typo), or null. */
export function closestName(input: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(input.length / 4)) + 1;
  for (const candidate of candidates) {
    // Lengths far apart cannot be a typo; skip the distance computation.
    if (Math.abs(input.length - candidate.length) > 3) continue;
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}


/** Validates already-read profile text. Pure: no file system access. */
export function parseProfile(text: string, source: string): LoadedProfile {
  let data: unknown;
  try {
    data = extname(source).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text, { uniqueKeys: true, prettyErrors: true });
  } catch (error) {
    throw new ProfileError(source, `is not valid ${extname(source).toLowerCase() === '.json' ? 'JSON' : 'YAML'}: ${firstLineOf((error as Error).message)}`, { cause: error });
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ProfileError(source, 'must be a mapping of profile fields (see docs/profiles.md)');
  }
  const result = profileSchema.safeParse(data);
  if (!result.success) {
    throw new ProfileError(source, `is invalid: ${formatProfileIssues(result.error)}`, { cause: result.error });
  }
  // Freeze deeply: the profile is part of the run's identity and must not drift after its digest is taken.
  const profile = deepFreeze(result.data);
  return { profile, digest: digestOf(profile), source };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const member of Object.values(value as Record<string, unknown>)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/**
 * Loads a profile by shipped name (`openai`, `ollama-local`, ...) or by path relative to
 * `cwd`. Every failure is a ProfileError naming the file and the fix.
 */
export async function loadProfile(nameOrPath: string, options: { cwd: string; profilesDirectory?: string }): Promise<LoadedProfile> {
  let file: string;
  if (BARE_NAME.test(nameOrPath)) {
    const directory = options.profilesDirectory ?? findShippedProfilesDirectory();
    if (directory === null) {
      throw new ProfileError(nameOrPath, 'cannot be loaded: the shipped profiles directory was not found next to the program; pass a profile file path instead');
    }
    file = join(directory, `${nameOrPath}.yml`);
    if (!existsSync(file)) {
      const shipped = (await readdir(directory)).filter((name) => name.endsWith('.yml')).map((name) => name.slice(0, -4)).sort();
      const suggestion = closestName(nameOrPath, shipped);
      throw new ProfileError(
        nameOrPath,
        `is not a shipped profile${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; use one of ${shipped.join(', ')}, or a path to your own profile file`,
      );
    }
  } else {
    file = isAbsolute(nameOrPath) ? nameOrPath : resolve(options.cwd, nameOrPath);
  }
  let text: string;
  try {
    const bytes = await readFile(file);
    if (bytes.length > MAX_PROFILE_BYTES) throw new ProfileError(file, `is larger than ${MAX_PROFILE_BYTES} bytes; a profile is a small configuration file`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof ProfileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ProfileError(file, code === 'ENOENT' ? 'does not exist; check the profile path (relative paths are resolved from the working directory)' : `could not be read (${code ?? 'unknown error'})`, { cause: error });
  }
  return parseProfile(text, file);
}

/** A parser message's first line, without the colon that introduces its source snippet (the snippet is not shown). */
function firstLineOf(message: string): string {
  return (message.split('\n')[0] ?? '').replace(/:\s*$/, '');
}
