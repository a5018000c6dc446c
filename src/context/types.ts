import type { DependencyType, Ecosystem, SemverClass, BumpDirection } from '../bumps/types.js';
import type { EvidenceItem, EvidenceWarning, MissingInformation } from '../evidence/types.js';

/**
 * Dependency AI Context (DESIGN §4): everything the analyzer (a model or the extractive
 * runtime) may read about one bump, ranked and bounded. `contextId` is the sha256 of the
 * canonical JSON of every other field: no clocks, no random order, so the same inputs give
 * the same ID on every run and machine.
 */
export interface DependencyContext {
  contextVersion: '1';
  contextId: string;
  dependency: {
    ecosystem: Ecosystem;
    name: string;
    packageId: string;
    dependencyTypes: DependencyType[];
    manifests: string[];
  };
  versions: {
    from: string;
    to: string;
    direction: BumpDirection;
    semverClass: SemverClass;
    /** Published versions in (from, to], semver-sorted. */
    inRange: string[];
    fromExists: boolean;
    toExists: boolean;
    /**
     * github-actions only (absent for npm): the exact releases the two refs run, when a moving
     * tag (`v4`) or a SHA pin was resolved through the repository's tags; `from`/`to` above stay
     * the versions as written. The relevant interval is (resolved.from, resolved.to].
     */
    resolved?: { from: string | null; to: string | null };
  };
  knowledge: {
    /** Ranked (most relevant first) and bounded by count and total size. */
    evidence: EvidenceItem[];
  };
  metadata: {
    selectedEvidenceIds: string[];
    missingInformation: MissingInformation[];
    warnings: EvidenceWarning[];
    /** How many candidate items were left out by the bounds. */
    droppedEvidenceCount: number;
  };
}

export type DependencyContextBody = Omit<DependencyContext, 'contextId'>;
