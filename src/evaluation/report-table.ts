import type { RiskLevel } from '../analysis/types.js';
import { EXPECTED_RISK_LEVELS, type ExpectedRisk } from './dataset.js';
import { PREDICTED_RISK_LEVELS, type AccuracyMetrics } from './metrics.js';

/**
 * Plain-text tables for an evaluation run: one row per bump with every analyzer's answer, then
 * accuracy and a confusion matrix per analyzer. Markdown-shaped so the same text reads in a
 * terminal and pastes into a README or a job summary. Package names come from the dataset
 * (repository data), but `|` is still escaped so a name can never break the table.
 */

export interface EvaluationRow {
  /** e.g. `express 4.21.2 → 5.1.0`. */
  bump: string;
  expected: ExpectedRisk;
  /** Analyzer name → its answer. */
  predictions: Record<string, RiskLevel>;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (values: string[]): string => `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Per-bump table; a wrong answer is marked with `✗` so misses stand out. */
export function formatPredictionTable(rows: readonly EvaluationRow[], analyzers: readonly string[]): string {
  return table(
    ['bump', 'expected', ...analyzers],
    rows.map((row) => [
      cell(row.bump),
      row.expected,
      ...analyzers.map((analyzer) => {
        const predicted = row.predictions[analyzer] ?? 'unknown';
        return predicted === row.expected ? predicted : `${predicted} ✗`;
      }),
    ]),
  );
}

function percent(value: number | null): string {
  return value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;
}

/** Accuracy, per-class precision/recall and the confusion matrix (rows: expected, columns: predicted). */
export function formatMetrics(analyzer: string, metrics: AccuracyMetrics): string {
  const summary = `${analyzer}: accuracy ${metrics.correct}/${metrics.total} = ${percent(metrics.accuracy)}`;
  const classes = EXPECTED_RISK_LEVELS.map((label: ExpectedRisk) => {
    const entry = metrics.perClass[label];
    return `${label}: precision ${percent(entry.precision)}, recall ${percent(entry.recall)} (support ${entry.support})`;
  }).join('; ');
  const matrix = table(
    ['expected \\ predicted', ...PREDICTED_RISK_LEVELS],
    EXPECTED_RISK_LEVELS.map((label) => [label, ...PREDICTED_RISK_LEVELS.map((predicted) => String(metrics.confusion[label][predicted]))]),
  );
  return `${summary}\n${classes}\n${matrix}`;
}
