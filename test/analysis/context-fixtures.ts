/**
 * Test-only builder of Dependency AI Contexts (a test double for src/context/, which is built
 * elsewhere). It fills the contract fields directly and uses the real makeEvidenceItem, so
 * evidence IDs are the same as production ones.
 */
import type { DependencyContext } from '../../src/context/types.js';
import { quietRegistrySignals } from '../../src/ecosystems/npm/registry-facts.js';
import { makeEvidenceItem } from '../../src/evidence/evidence-item.js';
import type { EvidenceItem, EvidenceKind, EvidenceWarning, MissingInformation } from '../../src/evidence/types.js';
import type { SemverClass, BumpDirection } from '../../src/bumps/types.js';
import { digestOf } from '../../src/shared/canonical-json.js';
import type { RegistrySignals } from '../../src/analysis/types.js';

export const PACKAGE = 'left-pad-fixture';
export const PACKAGE_ID = `npm:${PACKAGE}`;

export function evidence(kind: EvidenceKind, content: string, options: { versions?: string[]; locator?: string; url?: string; title?: string; sourceId?: string } = {}): EvidenceItem {
  const versions = options.versions ?? ['2.0.0'];
  const locator = options.locator ?? `CHANGELOG.md#${versions[0] ?? 'all'}/${kind}`;
  return makeEvidenceItem({
    packageId: PACKAGE_ID,
    sourceId: options.sourceId ?? (kind === 'registryFact' ? 'npm-registry' : 'npm-tarball'),
    kind,
    locator,
    title: options.title ?? `CHANGELOG.md — ${kind}`,
    sourceUrl: options.url ?? `https://www.npmjs.com/package/${PACKAGE}/v/2.0.0`,
    releaseVersions: versions,
    content,
  });
}

// Registry facts shaped like src/evidence/registry-fact-evidence.ts produces them.
export function semverFact(semverClass: SemverClass = 'major'): EvidenceItem {
  return evidence('registryFact', `1.4.0 → 2.0.0 is a ${semverClass} version change (upgrade).`, { versions: ['2.0.0'], locator: 'fact/semver-class', title: 'npm registry — semver class' });
}

export function enginesFact(): EvidenceItem {
  return evidence('registryFact', 'engines changed from node ">=8" to node ">=18".', { versions: ['2.0.0'], locator: 'fact/engines', title: 'npm registry — engines' });
}

export interface ContextOptions {
  /** Package name; defaults to PACKAGE (the evidence items' packageId stays PACKAGE_ID). */
  name?: string;
  evidence?: EvidenceItem[];
  /** Defaults to every evidence item's ID. */
  selectedEvidenceIds?: string[];
  from?: string;
  to?: string;
  inRange?: string[];
  semverClass?: SemverClass;
  direction?: BumpDirection;
  fromExists?: boolean;
  toExists?: boolean;
  missingInformation?: MissingInformation[];
  warnings?: EvidenceWarning[];
}

export function buildContext(options: ContextOptions = {}): DependencyContext {
  const items = options.evidence ?? [];
  const body: Omit<DependencyContext, 'contextId'> = {
    contextVersion: '1',
    dependency: { ecosystem: 'npm', name: options.name ?? PACKAGE, packageId: PACKAGE_ID, dependencyTypes: ['prod'], manifests: ['package.json'] },
    versions: {
      from: options.from ?? '1.4.0',
      to: options.to ?? '2.0.0',
      direction: options.direction ?? 'upgrade',
      semverClass: options.semverClass ?? 'major',
      inRange: options.inRange ?? ['1.5.0', '2.0.0'],
      fromExists: options.fromExists ?? true,
      toExists: options.toExists ?? true,
    },
    knowledge: { evidence: items },
    metadata: {
      selectedEvidenceIds: options.selectedEvidenceIds ?? items.map((item) => item.id),
      missingInformation: options.missingInformation ?? [],
      warnings: options.warnings ?? [],
      droppedEvidenceCount: 0,
    },
  };
  return { ...body, contextId: digestOf(body) };
}

/** Every version the fake registry knows for PACKAGE. */
export const KNOWN_VERSIONS: ReadonlySet<string> = new Set(['1.0.0', '1.3.0', '1.4.0', '1.5.0', '2.0.0', '2.1.0']);

export function quietSignals(overrides: Partial<RegistrySignals> = {}): RegistrySignals {
  return quietRegistrySignals({ versionsInRange: 2, targetPublishedAt: '2024-01-01T00:00:00.000Z', ...overrides });
}
