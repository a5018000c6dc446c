import type { RiskLevel } from '../analysis/types.js';
import { EXPECTED_RISK_LEVELS, type ExpectedRisk } from './dataset.js';

/**
 * Accuracy of one analyzer against the labels. `unknown` is a possible prediction (an analyzer
 * may decline to judge) but never a label, so it always counts as wrong: declining is safe for
 * the user but is not the answer a reviewer gave.
 */

export const PREDICTED_RISK_LEVELS: readonly RiskLevel[] = ['high', 'medium', 'low', 'unknown'];

export interface Prediction {
  expected: ExpectedRisk;
  predicted: RiskLevel;
}

/** confusion[expected][predicted] = number of bumps. */
export type ConfusionMatrix = Record<ExpectedRisk, Record<RiskLevel, number>>;

export interface ClassMetrics {
  /** Bumps labelled with this class. */
  support: number;
  /** Bumps the analyzer put in this class. */
  predicted: number;
  truePositives: number;
  /** null when the analyzer never predicted the class (precision undefined). */
  precision: number | null;
  /** null when no bump carries the label (recall undefined). */
  recall: number | null;
}

export interface AccuracyMetrics {
  total: number;
  correct: number;
  /** correct / total, in [0, 1]. */
  accuracy: number;
  confusion: ConfusionMatrix;
  perClass: Record<ExpectedRisk, ClassMetrics>;
}

function emptyRow(): Record<RiskLevel, number> {
  return { high: 0, medium: 0, low: 0, unknown: 0 };
}

export function computeMetrics(predictions: readonly Prediction[]): AccuracyMetrics {
  if (predictions.length === 0) throw new RangeError('computeMetrics needs at least one prediction; an empty evaluation has no accuracy.');
  const confusion: ConfusionMatrix = { high: emptyRow(), medium: emptyRow(), low: emptyRow() };
  let correct = 0;
  for (const { expected, predicted } of predictions) {
    confusion[expected][predicted] += 1;
    if (expected === predicted) correct += 1;
  }
  const perClass = {} as Record<ExpectedRisk, ClassMetrics>;
  for (const label of EXPECTED_RISK_LEVELS) {
    const support = PREDICTED_RISK_LEVELS.reduce((sum, predicted) => sum + confusion[label][predicted], 0);
    const predictedCount = EXPECTED_RISK_LEVELS.reduce((sum, expected) => sum + confusion[expected][label], 0);
    const truePositives = confusion[label][label];
    perClass[label] = {
      support,
      predicted: predictedCount,
      truePositives,
      precision: predictedCount === 0 ? null : truePositives / predictedCount,
      recall: support === 0 ? null : truePositives / support,
    };
  }
  return { total: predictions.length, correct, accuracy: correct / predictions.length, confusion, perClass };
}
