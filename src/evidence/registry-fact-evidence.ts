import semver from 'semver';
import type { BumpDirection, SemverClass } from '../bumps/types.js';
import type { RegistryFacts, VersionManifestFacts } from '../ecosystems/types.js';
import { describeEsmOnly, describeManifestChange, diffManifestShapes, MANIFEST_CHANGE_TITLE } from '../ecosystems/npm/manifest-diff.js';
import { enginesNarrowed, requireEsmSupport } from '../ecosystems/npm/engines-range.js';
import { newDependencyNames, REGISTRY_LIMITS, registrySignalsOf } from '../ecosystems/npm/registry-facts.js';
import { plainOrQuoted, quoteData as quote } from '../shared/data-quoting.js';
import { makeEvidenceItem } from './evidence-item.js';
import type { EvidenceItem } from './types.js';

/**
 * Registry facts as evidence: one `registryFact` item per fact, each with its own locator so a
 * finding can cite exactly "engines changed" rather than a blob. Text is built from local facts;
 * the parts that come from the registry (deprecation message, publisher, license) are quoted as
 * JSON strings so they read as data, never as instructions. No clock is read: the same facts
 * always give the same items and IDs.
 */

export const REGISTRY_SOURCE_ID = 'npm-registry';

/** How many versions (or dependencies) one item lists before summarising the rest. */
const MAX_LISTED = 40;

export interface RegistryFactBump {
  packageId: string;
  name: string;
  from: string;
  to: string;
  direction: BumpDirection;
  semverClass: SemverClass;
}

function quoteOrNone(text: string | null): string {
  return text === null ? 'none declared' : quote(text);
}

/** Keeps the first and last halves of a long list: the edges of a range are what a reader checks. */
function boundedList(values: string[]): { listed: string[]; omitted: number } {
  if (values.length <= MAX_LISTED) return { listed: values, omitted: 0 };
  const half = MAX_LISTED / 2;
  return { listed: [...values.slice(0, half), ...values.slice(-half)], omitted: values.length - MAX_LISTED };
}

function describeList(values: string[], separator = ', '): string {
  const { listed, omitted } = boundedList(values);
  if (omitted === 0) return listed.join(separator);
  const half = listed.length / 2;
  return `${listed.slice(0, half).join(separator)}${separator}… (${omitted} more) …${separator}${listed.slice(half).join(separator)}`;
}

function describeEngines(engines: Record<string, string>): string {
  const entries = Object.entries(engines);
  return entries.length === 0 ? 'none declared' : entries.map(([engine, range]) => `${plainOrQuoted(engine)} ${plainOrQuoted(range)}`).join(', ');
}

/**
 * Node.js 16 and every older line reached end of life by September 2023 (18 followed in April
 * 2025): a floor at or below 18.0.0 turns away no runtime that still gets fixes. Fixed here, not
 * read from a clock, so the same facts always give the same evidence.
 */
const OLDEST_FLOOR_EXCLUDING_ONLY_END_OF_LIFE_LINES = '18.0.0';

function declaresOnlyAnEndOfLifeFloor(fromEngines: Record<string, string>, toEngines: Record<string, string>): boolean {
  const node = toEngines['node'];
  if (fromEngines['node'] !== undefined || node === undefined) return false;
  // Every other engine (`npm`, `yarn`) the new version names, the old one named alike: only the
  // Node.js floor is new (patch-package 6.5.0 keeps `"npm": ">5"` and adds `"node": ">=10"`).
  if (Object.entries(toEngines).some(([name, range]) => name !== 'node' && fromEngines[name] !== range)) return false;
  try {
    const floor = semver.validRange(node) === null ? null : semver.minVersion(node);
    return floor !== null && semver.lte(floor, OLDEST_FLOOR_EXCLUDING_ONLY_END_OF_LIFE_LINES);
  } catch {
    return false;
  }
}

function describeSemverClass(bump: RegistryFactBump): string {
  const change =
    bump.semverClass === 'unknown' ? 'a version change whose semver class is unknown' : `a ${bump.semverClass} version change`;
  return `${bump.from} → ${bump.to} is ${change} (${bump.direction}).`;
}

export function registryFactEvidence(facts: RegistryFacts, bump: RegistryFactBump): EvidenceItem[] {
  const sourceUrl = `${facts.packagePageUrl}/v/${bump.to}`;
  const items: EvidenceItem[] = [];
  const add = (fact: string, titleSuffix: string, content: string, releaseVersions: string[]): void => {
    items.push(
      makeEvidenceItem({
        packageId: bump.packageId,
        sourceId: REGISTRY_SOURCE_ID,
        kind: 'registryFact',
        locator: `fact/${fact}`,
        title: `npm registry — ${bump.name} ${bump.to} — ${titleSuffix}`,
        sourceUrl,
        releaseVersions,
        content,
      }),
    );
  };
  const target = [bump.to];

  // Always present: even a major bump with no release text at all has this to cite.
  add('semver-class', 'semver class', describeSemverClass(bump), target);

  if (facts.versionsInRange.length > 0) {
    const { listed } = boundedList(facts.versionsInRange);
    const span = bump.direction === 'downgrade' ? `after ${bump.to} up to ${bump.from} (given up by this downgrade)` : `after ${bump.from} up to ${bump.to}`;
    add(
      'versions-in-range',
      'versions in range',
      `${facts.versionsInRange.length} version(s) published ${span}: ${describeList(facts.versionsInRange)}.`,
      listed,
    );
  }

  const to: VersionManifestFacts | null = facts.to;
  if (to?.publishedAt) {
    // A date, not an age: "published 3 days ago" would make the context depend on the clock.
    add('release-age', 'publish date', `${bump.to} was published on ${to.publishedAt.slice(0, 10)} (registry time ${to.publishedAt}).`, target);
  }
  if (to?.deprecated) {
    add('deprecated', 'deprecated', `${bump.name}@${bump.to} is marked deprecated on the registry. Deprecation message (registry data, quoted): ${quote(to.deprecated)}`, target);
  }

  const signals = registrySignalsOf(facts);
  if (signals.installScriptsAdded.length > 0 || signals.installScriptsRemoved.length > 0) {
    const parts: string[] = [];
    if (signals.installScriptsAdded.length > 0) parts.push(`${bump.to} adds install script(s) that run on npm install: ${signals.installScriptsAdded.join(', ')}.`);
    if (signals.installScriptsRemoved.length > 0) parts.push(`${bump.to} removes install script(s) present in ${bump.from}: ${signals.installScriptsRemoved.join(', ')}.`);
    add('install-scripts', 'install scripts', parts.join(' '), target);
  }
  if (signals.provenanceLost) {
    add('provenance', 'provenance', `${bump.from} was published with a provenance attestation; ${bump.to} has none (provenance lost).`, target);
  } else if (signals.provenanceGained) {
    add('provenance', 'provenance', `${bump.to} is published with a provenance attestation; ${bump.from} had none (provenance gained).`, target);
  }
  if (signals.publisherChanged) {
    const { from: fromPublisher, to: toPublisher } = signals.publisherChanged;
    add('publisher', 'publisher', `Publisher changed: ${bump.from} was published by npm user ${quoteOrNone(fromPublisher)}, ${bump.to} by ${quoteOrNone(toPublisher)}.`, target);
  }
  if (signals.licenseChanged) {
    const { from: fromLicense, to: toLicense } = signals.licenseChanged;
    add('license', 'license', `License changed from ${quoteOrNone(fromLicense)} in ${bump.from} to ${quoteOrNone(toLicense)} in ${bump.to}.`, target);
  }
  if (signals.enginesChanged) {
    const { from: fromEngines, to: toEngines } = signals.enginesChanged;
    // The release that changed engines, when the packument shows it (5.0.0 of 4.21.2 → 5.1.0).
    const enginesTarget = facts.enginesSince ? [facts.enginesSince] : target;
    // Only a narrowed range can turn a runtime away; a widened one is said, but rates nothing.
    // A first declaration whose floor turns away only end-of-life Node.js lines is told apart:
    // it may only write down a floor the package already had.
    // Only `engines.node` names a Node.js floor: a key npm does not know (abort-controller 1.0.2's
    // typo `"code": ">=4"`, fixed to `"node"` in 1.1.0) declared none.
    if (declaresOnlyAnEndOfLifeFloor(fromEngines, toEngines)) {
      const before = Object.keys(fromEngines).length === 0 ? 'declared none' : `declared no Node.js engine: ${describeEngines(fromEngines)}`;
      add('engines-declared', 'engines', `engines declared for the first time: ${describeEngines(toEngines)} (${bump.from} ${before}).`, enginesTarget);
    } else if (enginesNarrowed(fromEngines, toEngines)) add('engines', 'engines', `engines changed from ${describeEngines(fromEngines)} to ${describeEngines(toEngines)}.`, enginesTarget);
    else if (enginesNarrowed(toEngines, fromEngines)) add('engines-widened', 'engines', `engines widened from ${describeEngines(fromEngines)} to ${describeEngines(toEngines)}: every runtime ${bump.from} accepts, ${bump.to} accepts too.`, enginesTarget);
    // An enumerated rewrite of the same versions (`^22 || >=23` → `^22 || ^23 || >=24`): the
    // `engines-widened` locator too, since it rates nothing either (only `fact/engines` does).
    else add('engines-widened', 'engines', `engines rewritten from ${describeEngines(fromEngines)} to ${describeEngines(toEngines)}: both accept the same runtimes.`, enginesTarget);
  }
  if (signals.newDependencies.length > 0 && facts.from && to) {
    // The signal lists a bounded number of names; the evidence counts them all and lists the edges.
    const added = newDependencyNames(facts.from, to);
    const described = added.map((name) => plainOrQuoted(`${name}@${to.dependencies[name] ?? ''}`));
    // Facts keep a bounded number of dependencies per version; at that bound the count is a floor.
    const capped = Object.keys(to.dependencies).length >= REGISTRY_LIMITS.dependencies;
    const count = capped ? `at least ${added.length}` : String(added.length);
    const note = capped ? ` (${bump.to} declares ${REGISTRY_LIMITS.dependencies} or more dependencies; only the first ${REGISTRY_LIMITS.dependencies} by name were compared)` : '';
    add('new-dependencies', 'new dependencies', `${bump.to} adds ${count} runtime dependenc${added.length === 1 && !capped ? 'y' : 'ies'}${note}: ${describeList(described)}.`, target);
  }
  if (facts.from && to) {
    // Each consumer-facing manifest difference is its own fact, so a finding can cite exactly
    // "ESM-only" or "exports removed" (the extractive analyzer turns breaking ones into findings).
    // The target's engines are the same for every change: read them once.
    const requireEsm = requireEsmSupport(to.engines);
    for (const change of diffManifestShapes(facts.from.shape, to.shape, { from: facts.from.dependencies, to: to.dependencies }, { name: facts.packageName, version: to.version })) {
      if (change.fact === 'module-format' && requireEsm !== 'none') {
        // ESM-only, but on a Node.js floor where require() loads ES modules: require() callers on a current runtime keep working.
        const range = plainOrQuoted(to.engines['node'] ?? '');
        const reach =
          requireEsm === 'every'
            ? `Every Node.js version its engines allow (${range}) can require() an ES module, so require() callers keep working there`
            : `The Node.js floor its engines set (${range}) can require() an ES module, and so can the current release of each later line; only superseded releases the range also admits (21.x, 22.0–22.11) cannot, so require() callers keep working on an up-to-date runtime`;
        add('module-format-requirable', MANIFEST_CHANGE_TITLE[change.fact], `${describeEsmOnly(change, bump.from, bump.to)} ${reach} (unless the module uses top-level await).`, target);
        continue;
      }
      if (change.fact === 'exports-added' && !change.subpaths.includes('./package.json')) {
        // Tools read a dependency's version with require('<name>/package.json'): say that it closes too.
        add(change.fact, MANIFEST_CHANGE_TITLE[change.fact], `${describeManifestChange(change, bump.from, bump.to)} That includes \`${facts.packageName}/package.json\`, which some tools read for the version.`, target);
        continue;
      }
      if (change.fact === 'peer-dependencies' && change.peerUpgradeRequired) {
        // Its own locator: in a major, a peer that installs must add or move a major up is a break.
        add('peer-upgrade', MANIFEST_CHANGE_TITLE[change.fact], describeManifestChange(change, bump.from, bump.to), target);
        continue;
      }
      add(change.fact, MANIFEST_CHANGE_TITLE[change.fact], describeManifestChange(change, bump.from, bump.to), target);
    }
  }
  return items;
}
