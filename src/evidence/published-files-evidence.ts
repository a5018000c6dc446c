import type { SemverClass } from '../bumps/types.js';
import { comparePublishedFiles, readPublishedFiles, removedRootModules } from '../ecosystems/npm/published-files.js';
import type { PackumentVersion } from '../ecosystems/npm/packument.js';
import type { RegistryFacts } from '../ecosystems/types.js';
import type { Logger } from '../shared/logger.js';
import { API_SURFACE_SOURCE_ID } from './api-surface-evidence.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { makeEvidenceItem } from './evidence-item.js';
import type { EvidenceItem } from './types.js';

/** The locator of the "published files unchanged" fact; the extractive analyzer reads it. */
export const PUBLISHED_FILES_UNCHANGED = 'fact/published-files-unchanged';

/** Its source: the byte-for-byte comparison of the two tarballs, nothing the registry states. */
export const PUBLISHED_FILES_SOURCE_ID = 'npm-tarball-comparison';

/** The locator ending of the "root modules removed" item (an API-surface fact, read from the same two file lists). */
export const REMOVED_ROOT_MODULES = '/removed-root-modules';
/** Root modules listed by name; the count says how many more. */
const LISTED_MODULES = 20;

/**
 * The import specifiers that load a module file the "root modules removed" item lists:
 * `graphql-tag/parser` and `graphql-tag/parser.js` for `parser.js` (require() adds `.js`, never
 * `.cjs`/`.mjs`). Only the listed names (the first LISTED_MODULES) are recoverable.
 */
export function removedRootModuleSpecifiers(item: Pick<EvidenceItem, 'kind' | 'locator' | 'content'>, packageName: string): Array<{ module: string; specifiers: string[] }> {
  if (item.kind !== 'apiSurface' || !item.locator.endsWith(REMOVED_ROOT_MODULES)) return [];
  const list = / at the package root that [^:]*: (.*?)(?: … \(\d+ more\))?\. [^ ]+ has no `exports` map/s.exec(item.content)?.[1];
  if (list === undefined) return [];
  return list
    .split(', ')
    // The names published-files.ts lists (MODULE_FILE), no other text.
    .filter((file) => /^[A-Za-z0-9_@+-][A-Za-z0-9._@+-]*\.(?:js|cjs|mjs)$/.test(file))
    .map((file) => {
      const bare = file.replace(/\.js$/, '');
      return { module: `${packageName}/${bare}`, specifiers: bare === file ? [`${packageName}/${file}`] : [`${packageName}/${bare}`, `${packageName}/${file}`] };
    });
}

/** Whether an evidence reference (which carries no locator) is that fact. */
export function isPublishedFilesFact(item: { kind: string; sourceId: string }): boolean {
  return item.kind === 'registryFact' && item.sourceId === PUBLISHED_FILES_SOURCE_ID;
}

export interface PublishedFilesInput {
  packageName: string;
  packageId: string;
  facts: RegistryFacts;
  semverClass: SemverClass;
  /** The verified tarballs, through the bump's loader (each is downloaded once per bump). */
  tarballs: { from: () => Promise<Buffer>; to: () => Promise<Buffer> };
  /** The registry's version records of both sides: npm installs dependencies, bin and scripts from these. */
  records: { from: PackumentVersion; to: PackumentVersion } | null;
  logger: Logger;
}

/**
 * Two facts from the file lists of the two tarballs, for a major or minor (asked only where the
 * number alone would call for a closer look, a patch being low on its own, so the older tarball
 * is not downloaded for every bump):
 * - a version that publishes byte-identical files with the same package.json and registry
 *   record (descriptive keys aside) and runs nothing at install cannot change what runs,
 *   whatever its number says. When the two differ, or cannot be read whole, nothing is said:
 *   a difference is the normal case, not news;
 * - module files at the package root that code could load by path (no `exports` map) and the
 *   newer version no longer publishes (removedRootModules): an API-surface removal.
 */
export async function publishedFilesEvidence(input: PublishedFilesInput): Promise<EvidenceItem[]> {
  const { facts, packageName, semverClass } = input;
  if (facts.from === null || facts.to === null || input.records === null || (semverClass !== 'major' && semverClass !== 'minor')) return [];
  const [from, to] = [facts.from.version, facts.to.version];
  try {
    const [older, newer] = await Promise.all([
      input.tarballs.from().then((tarball) => readPublishedFiles(tarball, `${packageName}@${from}`)),
      input.tarballs.to().then((tarball) => readPublishedFiles(tarball, `${packageName}@${to}`)),
    ]);
    const comparison = comparePublishedFiles(older, newer, input.records);
    const removed = removedRootModules(older, newer);
    if (removed.length > 0) {
      const shown = removed.slice(0, LISTED_MODULES).join(', ') + (removed.length > LISTED_MODULES ? ` … (${removed.length - LISTED_MODULES} more)` : '');
      // require() adds `.js` itself, never `.cjs`/`.mjs`: those keep their extension.
      const example = (removed.find((path) => path.endsWith('.js')) ?? removed[0]!).replace(/\.js$/, '');
      return [
        makeEvidenceItem({
          packageId: input.packageId,
          sourceId: API_SURFACE_SOURCE_ID,
          kind: 'apiSurface',
          locator: `api-surface/${from}..${to}${REMOVED_ROOT_MODULES}`,
          title: `API surface — ${packageName} ${from} → ${to} — root modules removed`,
          sourceUrl: `${facts.packagePageUrl}/v/${to}?activeTab=code`,
          releaseVersions: [to],
          content: `${packageName} ${to} no longer publishes ${removed.length} module file(s) at the package root that ${from} published: ${shown}. ${from} has no \`exports\` map, so code could load them by path (\`require('${packageName}/${example}')\`); that now fails.`,
        }),
      ];
    }
    if (!comparison.unchanged) return [];
    return [
      makeEvidenceItem({
        packageId: input.packageId,
        sourceId: PUBLISHED_FILES_SOURCE_ID,
        kind: 'registryFact',
        locator: PUBLISHED_FILES_UNCHANGED,
        title: `npm tarballs — ${packageName} ${from} → ${to} — published files unchanged`,
        sourceUrl: `${facts.packagePageUrl}/v/${to}?activeTab=code`,
        releaseVersions: [to],
        content: `${packageName} ${to} publishes the same ${comparison.fileCount} file(s) as ${from}, byte for byte (its Markdown and README, CHANGELOG and LICENSE files aside), and its package.json and registry record agree with ${from}'s on every key but the descriptive ones (version, description, repository, devDependencies, test scripts): the same entry points, module type, dependencies, engines and platforms, and neither version runs an install script. The update changes no code that runs.`,
      }),
    ];
  } catch (error) {
    // Only a shortcut to "nothing changed" is lost; the other evidence stands.
    input.logger.debug(`Could not compare the published files of ${packageName}: ${sanitizeMessage(error instanceof Error ? error.message : String(error))}`);
    return [];
  }
}
