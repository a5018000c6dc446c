import type { ExpectedRisk } from './dataset.js';

/**
 * How far independent reviewers agree on a risk label, and what they agree on.
 *
 * Labels are judgements: two careful reviewers reading the same release text can differ (is a
 * changed default "at the edges"?). The set's gold label is therefore the consensus of
 * independent readings. How often two single readings agree says how reliable the labels are,
 * and roughly what one careful reader scores against them: a little more, since the consensus
 * has fewer slips than any one reading.
 */

const RANK: Record<ExpectedRisk, number> = { low: 0, medium: 1, high: 2 };
// Listed here rather than imported: dataset.ts validates with consensusLabel (no import cycle).
const LEVELS: readonly ExpectedRisk[] = ['high', 'medium', 'low'];

/**
 * The median of the labels on the ordered scale low < medium < high. With three labels it is
 * the majority label when two agree, and `medium` when all three differ (the middle reading).
 * Two labels have a consensus only when they agree; an even split needs a third reading.
 */
export function consensusLabel(labels: readonly ExpectedRisk[]): ExpectedRisk | null {
  if (labels.length === 0) return null;
  if (labels.length % 2 === 0) return labels.every((label) => label === labels[0]) ? labels[0]! : null;
  const sorted = [...labels].sort((a, b) => RANK[a] - RANK[b]);
  return sorted[(sorted.length - 1) / 2]!;
}

export interface LabelAgreement {
  /** Bumps labelled by both readings. */
  total: number;
  agreed: number;
  /** agreed / total. */
  observed: number;
  /**
   * Fleiss' kappa for two readings per bump (Scott's pi): agreement beyond chance, with chance
   * taken from the labels' pooled frequencies, because the "first" and "second" reader are
   * different people from bump to bump (Cohen's kappa assumes the same two). 1 = perfect,
   * 0 = chance; null when chance agreement is total (one label only).
   */
  kappa: number | null;
  /** pairs[first][second] = number of bumps. */
  pairs: Record<ExpectedRisk, Record<ExpectedRisk, number>>;
}

/** Agreement between two independent readings of the same bumps, given as [first, second] pairs. */
export function measureAgreement(readings: ReadonlyArray<readonly [ExpectedRisk, ExpectedRisk]>): LabelAgreement {
  if (readings.length === 0) throw new RangeError('measureAgreement needs at least one bump read twice.');
  const emptyRow = (): Record<ExpectedRisk, number> => ({ high: 0, medium: 0, low: 0 });
  const pairs: LabelAgreement['pairs'] = { high: emptyRow(), medium: emptyRow(), low: emptyRow() };
  for (const [first, second] of readings) pairs[first][second] += 1;
  const total = readings.length;
  const agreed = LEVELS.reduce((sum, label) => sum + pairs[label][label], 0);
  const observed = agreed / total;
  const chance = LEVELS.reduce((sum, label) => {
    const asFirst = LEVELS.reduce((row, other) => row + pairs[label][other], 0);
    const asSecond = LEVELS.reduce((column, other) => column + pairs[other][label], 0);
    const share = (asFirst + asSecond) / (2 * total);
    return sum + share * share;
  }, 0);
  return { total, agreed, observed, kappa: chance === 1 ? null : (observed - chance) / (1 - chance), pairs };
}
