import { z } from 'zod';

/**
 * The npm package document ("packument") as DepVerdict reads it. The schema is deliberately
 * lenient: registries add fields, and twenty years of publishes carry legacy shapes (engines as
 * an array, `licenses` lists, numbers where strings belong). Unknown keys are stripped so only
 * what we use is kept, and a malformed optional field is dropped (`catch`) instead of failing
 * the whole package: one odd old version must not hide the facts of the versions we care about.
 */

const stringRecord = z
  .record(z.string(), z.unknown())
  .transform((record) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(record)) if (typeof value === 'string') out[key] = value;
    return out;
  });

const repositorySchema = z.union([
  z.string(),
  z.object({ type: z.string().optional().catch(undefined), url: z.string().optional().catch(undefined), directory: z.string().optional().catch(undefined) }),
]);

const licenseSchema = z.union([z.string(), z.object({ type: z.string().optional().catch(undefined) })]);

const versionSchema = z.object({
  name: z.string().optional().catch(undefined),
  version: z.string().optional().catch(undefined),
  deprecated: z.string().optional().catch(undefined),
  license: licenseSchema.optional().catch(undefined),
  /** Legacy form: `licenses: [{ type: "MIT" }]`. */
  licenses: z.array(z.object({ type: z.string().optional().catch(undefined) })).optional().catch(undefined),
  engines: stringRecord.optional().catch(undefined),
  scripts: stringRecord.optional().catch(undefined),
  hasInstallScript: z.boolean().optional().catch(undefined),
  _npmUser: z.object({ name: z.string().optional().catch(undefined) }).optional().catch(undefined),
  dependencies: stringRecord.optional().catch(undefined),
  peerDependencies: stringRecord.optional().catch(undefined),
  peerDependenciesMeta: z.record(z.string(), z.unknown()).optional().catch(undefined),
  repository: repositorySchema.optional().catch(undefined),
  // Module shape: what a consumer can import or require, and what runs where.
  type: z.string().optional().catch(undefined),
  main: z.string().optional().catch(undefined),
  module: z.string().optional().catch(undefined),
  types: z.string().optional().catch(undefined),
  typings: z.string().optional().catch(undefined),
  /** Any JSON: a string, an array, or nested condition/subpath objects (walked with bounds). */
  exports: z.unknown().optional(),
  bin: z.union([z.string(), stringRecord]).optional().catch(undefined),
  os: z.array(z.string()).optional().catch(undefined),
  cpu: z.array(z.string()).optional().catch(undefined),
  dist: z
    .object({
      tarball: z.string().optional().catch(undefined),
      integrity: z.string().optional().catch(undefined),
      shasum: z.string().optional().catch(undefined),
      attestations: z
        .object({
          url: z.string().optional().catch(undefined),
          provenance: z.object({ predicateType: z.string().optional().catch(undefined) }).optional().catch(undefined),
        })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
});

const packumentSchema = z.object({
  name: z.string().min(1),
  'dist-tags': stringRecord.optional().catch(undefined),
  // `time` also holds `created`, `modified` and, for unpublished packages, an object: keep strings only.
  time: stringRecord.optional().catch(undefined),
  repository: repositorySchema.optional().catch(undefined),
  versions: z.record(z.string(), z.unknown()),
});

export type PackumentRepository = z.infer<typeof repositorySchema>;
export type PackumentVersion = z.infer<typeof versionSchema>;

export interface Packument {
  name: string;
  distTags: Record<string, string>;
  time: Record<string, string>;
  repository: PackumentRepository | undefined;
  /** Version → manifest. Entries that are not objects are dropped. */
  versions: Record<string, PackumentVersion>;
}

export type PackumentParseResult = { ok: true; packument: Packument } | { ok: false; problem: string };

/**
 * JSON.parse that cannot be steered into prototype tricks: `__proto__` keys are dropped. The
 * reviver is only paid for when the text contains such a key, since packuments can be large.
 */
export function parseJsonDroppingProtoKeys(text: string): unknown {
  if (!text.includes('"__proto__"')) return JSON.parse(text);
  return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
}

/** Validates a decoded packument for `expectedName`. Never throws; the caller owns the error type. */
export function parsePackument(data: unknown, expectedName: string): PackumentParseResult {
  const parsed = packumentSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'document';
    return { ok: false, problem: `packument is not the expected shape (${where}: ${issue?.message ?? 'invalid'})` };
  }
  // A registry (or proxy) answering with another package's document is a misroute, not data.
  if (parsed.data.name !== expectedName) {
    return { ok: false, problem: `packument names a different package (${JSON.stringify(parsed.data.name.slice(0, 100))})` };
  }
  const versions: Record<string, PackumentVersion> = Object.create(null) as Record<string, PackumentVersion>;
  for (const [version, manifest] of Object.entries(parsed.data.versions)) {
    const versionParsed = versionSchema.safeParse(manifest);
    if (versionParsed.success) versions[version] = versionParsed.data;
  }
  return {
    ok: true,
    packument: {
      name: parsed.data.name,
      distTags: parsed.data['dist-tags'] ?? {},
      time: parsed.data.time ?? {},
      repository: parsed.data.repository,
      versions,
    },
  };
}

/** Registry path segment of a package name: `@scope/name` → `@scope%2fname`, as npm itself sends it. */
export function encodePackageName(name: string): string {
  if (name.startsWith('@')) {
    const slash = name.indexOf('/');
    if (slash > 1) return `@${encodeURIComponent(name.slice(1, slash))}%2f${encodeURIComponent(name.slice(slash + 1))}`;
  }
  return encodeURIComponent(name);
}

/** `@types/*`: DefinitelyTyped's declaration-only packages, which publish no release notes or changelog of their own. */
export function isDefinitelyTyped(name: string): boolean {
  return name.startsWith('@types/');
}

/**
 * True for names npm could have published (scoped or not, legacy upper case allowed). Names come
 * from PR files, so anything that could turn into another URL path (`..`, `/`, `?`) is refused
 * before a request is built.
 */
export function isValidPackageName(name: string): boolean {
  return name.length > 0 && name.length <= 214 && /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9~][\w.~-]*$/i.test(name);
}
