import type { Bump } from '../bumps/types.js';
import { packageIdOf } from '../bumps/types.js';
import { describeUsage, rootCallName, subpathNameCheck, type NameCheck } from '../usage/describe-usage.js';
import type { UsageScanOutcome } from '../usage/types.js';
import { removedExportNames, removedRootCall, removedSubpathNames } from './api-surface-evidence.js';
import { removedRootModuleSpecifiers } from './published-files-evidence.js';
import { makeEvidenceItem } from './evidence-item.js';
import type { EvidenceItem, MissingInformation } from './types.js';

/**
 * What the repository scan found for one bump, as evidence a model reads and can cite: the
 * files that import the package (with lines and imported names), the members the code uses
 * through the package's bindings, and which names the API-surface diff removed are in use.
 * Paths and names come from the repository: untrusted text, bounded like any evidence.
 */

export const USAGE_SOURCE_ID = 'repository-scan';
const LISTED_FILES = 15;
const LISTED_MEMBERS = 40;

export interface UsageEvidence {
  evidence: EvidenceItem[];
  missing: MissingInformation[];
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * What the API-surface diff says a bump removes, as checks for the usage report: exported names
 * (`import { parse }`), the package itself as something called (`retry(axios)`), module
 * files loaded by path (`require('graphql-tag/parser')`), and names a subpath no longer exports
 * (`import { JSONPreset } from 'lowdb/node'`).
 */
export function apiSurfaceChecks(evidence: readonly EvidenceItem[], packageName: string): NameCheck[] {
  return evidence.flatMap((item): NameCheck[] => {
    const rootCall = removedRootCall(item);
    return [
      ...removedExportNames(item).map((name) => ({ name, change: 'removed' as const, origin: 'apiSurface' })),
      ...(rootCall === null ? [] : [{ name: rootCallName(packageName, rootCall.requireOnly), change: 'removed' as const, origin: 'apiSurface', form: { kind: 'rootCall' as const, ...rootCall } }]),
      ...removedRootModuleSpecifiers(item, packageName).map(({ module, specifiers }) => ({ name: module, change: 'removed' as const, origin: 'apiSurface', form: { kind: 'subpath' as const, specifiers } })),
      // A second guard: the specifier was written only when plain, and must be this package's.
      ...removedSubpathNames(item).filter(({ specifier }) => specifier.startsWith(`${packageName}/`)).flatMap(({ specifier, names }) =>
        names.map((name) => ({ name: subpathNameCheck(name, specifier), change: 'removed' as const, origin: 'apiSurface', form: { kind: 'subpathName' as const, specifier, member: name } })),
      ),
    ];
  });
}

export function usageEvidence(bump: Bump, scan: UsageScanOutcome | null, evidence: readonly EvidenceItem[], sourceUrl: string): UsageEvidence {
  if (scan === null) return { evidence: [], missing: [] };
  if (scan.status === 'notScanned') return { evidence: [], missing: [{ code: 'USAGE_NOT_SCANNED', message: `Usage in this repository ${scan.reason}.` }] };
  const packageScan = scan.packages.get(bump.name);
  if (packageScan === undefined) return { evidence: [], missing: [] };
  const report = describeUsage(scan, bump.name, apiSurfaceChecks(evidence, bump.name));
  const lines: string[] = [];
  if (packageScan.files.length === 0) {
    const named = packageScan.configMentions.slice(0, 5).map((mention) => `${mention.path}${mention.detail ? ` (${mention.detail})` : mention.line ? `:${mention.line}` : ''}`);
    lines.push(
      `${bump.name} is imported by none of the ${plural(scan.filesParsed, 'parsed source file')} of this repository (${scan.scanned}).` +
        (named.length > 0 ? ` Config files that name it: ${named.join(', ')}.` : ' No config file names it either.'),
    );
  } else {
    const files = packageScan.files.slice(0, LISTED_FILES).map((file) => {
      const sites = file.imports.slice(0, 3).map((site) => `${site.line} ${site.kind} ${site.specifier}${site.names.length > 0 ? ` {${site.names.slice(0, 6).join(', ')}}` : ''}`);
      return `${file.path}:${sites.join('; ')}`;
    });
    const more = packageScan.files.length > LISTED_FILES ? ` … and ${packageScan.files.length - LISTED_FILES} more` : '';
    lines.push(`${bump.name} is imported in ${plural(packageScan.files.length, 'file')} of this repository (${scan.scanned}): ${files.join(' | ')}${more}.`);
    // Members used through the package's bindings, each with its first place.
    const members = new Map<string, string>();
    for (const file of packageScan.files) {
      for (const use of file.traced) if (!members.has(use.expression)) members.set(use.expression, `${file.path}:${use.line}`);
    }
    if (members.size > 0) {
      const listed = [...members.entries()].slice(0, LISTED_MEMBERS).map(([expression, place]) => `${expression} (${place})`);
      lines.push(`Used through its bindings: ${listed.join(', ')}${members.size > LISTED_MEMBERS ? ` … and ${members.size - LISTED_MEMBERS} more` : ''}.`);
    }
  }
  const removed = report.checkedNames;
  if (removed.length > 0) {
    const used = removed.filter((checked) => checked.useCount > 0).map((checked) => `${checked.name} at ${checked.uses.slice(0, 3).map((use) => `${use.path}:${use.line}`).join(', ')}`);
    const unused = removed.filter((checked) => checked.useCount === 0).map((checked) => checked.name);
    if (used.length > 0) lines.push(`APIs removed by ${bump.to} that this repository uses: ${used.join('; ')}.`);
    if (unused.length > 0) lines.push(`APIs removed by ${bump.to} that this repository does not use: ${unused.slice(0, 20).join(', ')}.`);
  }
  if (scan.incomplete) lines.push(`The scan was incomplete: ${scan.notes[0] ?? 'a bound was reached'}`);
  lines.push('Found by a static scan (parsed, not executed); bindings are traced per file, not through other modules.');
  return {
    evidence: [
      makeEvidenceItem({
        packageId: packageIdOf(bump),
        sourceId: USAGE_SOURCE_ID,
        kind: 'usage',
        locator: `usage/${bump.name}`,
        title: `Repository usage — ${bump.name} — ${packageScan.files.length === 0 ? 'not imported' : plural(packageScan.files.length, 'file')}`,
        sourceUrl,
        releaseVersions: [],
        content: lines.join('\n'),
      }),
    ],
    missing: [],
  };
}
