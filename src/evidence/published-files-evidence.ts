import type { SemverClass } from '../bumps/types.js';
import { comparePublishedFiles, readPublishedFiles } from '../ecosystems/npm/published-files.js';
import type { RegistryFacts } from '../ecosystems/types.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { API_SURFACE_SOURCE_ID } from './api-surface-evidence.js';
import { makeEvidenceItem } from './evidence-item.js';
import type { EvidenceItem } from './types.js';

/** The locator of the "published files unchanged" fact; the extractive analyzer reads it. */
export const PUBLISHED_FILES_UNCHANGED = 'fact/published-files-unchanged';

export interface PublishedFilesInput {
  packageName: string;
  packageId: string;
  facts: RegistryFacts;
  semverClass: SemverClass;
  /** The verified tarballs, through the bump's loader (each is downloaded once per bump). */
  tarballs: { from: () => Promise<Buffer>; to: () => Promise<Buffer> };
  logger: Logger;
}

/**
 * A major or minor that publishes byte-identical files with the same entry points, dependencies,
 * engines and install scripts cannot change what runs, whatever its number says: one registry
 * fact says so. Asked only where the number alone would call for a closer look (a patch is low
 * on its own), so the older tarball is not downloaded for every bump. When the two differ, or
 * cannot be read whole, nothing is said: a difference is the normal case, not news.
 */
export async function publishedFilesEvidence(input: PublishedFilesInput): Promise<EvidenceItem[]> {
  const { facts, packageName, semverClass } = input;
  if (facts.from === null || facts.to === null || (semverClass !== 'major' && semverClass !== 'minor')) return [];
  const [from, to] = [facts.from.version, facts.to.version];
  try {
    const [older, newer] = await Promise.all([
      input.tarballs.from().then((tarball) => readPublishedFiles(tarball, `${packageName}@${from}`)),
      input.tarballs.to().then((tarball) => readPublishedFiles(tarball, `${packageName}@${to}`)),
    ]);
    const comparison = comparePublishedFiles(older, newer);
    if (!comparison.unchanged) return [];
    return [
      makeEvidenceItem({
        packageId: input.packageId,
        sourceId: API_SURFACE_SOURCE_ID,
        kind: 'registryFact',
        locator: PUBLISHED_FILES_UNCHANGED,
        title: `npm tarballs — ${packageName} ${from} → ${to} — published files unchanged`,
        sourceUrl: `${facts.packagePageUrl}/v/${to}?activeTab=code`,
        releaseVersions: [to],
        content: `${packageName} ${to} publishes the same ${comparison.fileCount} file(s) as ${from}, byte for byte (documentation and package.json's version aside), with the same entry points, module type, dependencies, peer dependencies, engines, platforms and install scripts: the update changes no code that runs.`,
      }),
    ];
  } catch (error) {
    // Only a shortcut to "nothing changed" is lost; the other evidence stands.
    input.logger.debug(`Could not compare the published files of ${packageName}: ${sanitizeMessage(error instanceof Error ? error.message : String(error))}`);
    return [];
  }
}
