import { EXPECTED_RISK_LEVELS } from './dataset.js';
import { PREDICTED_RISK_LEVELS } from './metrics.js';
import type { Scorecard } from './scorecard.js';

/**
 * scorecard.md: the scorecard for a person (and the job summary). Case names come from the
 * dataset, a file people write, so every cell is escaped and cannot break a table.
 */

export function cell(text: string): string {
  return text.replace(/[\\|`<>[\]]/g, (character) => `\\${character}`).replace(/\s+/g, ' ');
}

export function formatRate(value: number | null): string {
  return value === null ? 'not measured' : value.toFixed(3);
}

function formatMs(value: number | null): string {
  return value === null ? 'n/a' : `${Math.round(value)} ms`;
}

export function renderScorecardMarkdown(scorecard: Scorecard): string {
  const lines: string[] = [];
  const verdict = scorecard.passed ? '✅ passed' : '❌ not passed';
  lines.push(`# DepVerdict evaluation: ${cell(scorecard.profile.id)} on ${cell(scorecard.dataset.name)} — ${verdict}`, '');
  for (const failure of scorecard.failures) lines.push(`- ${cell(failure)}`);
  if (scorecard.failures.length > 0) lines.push('');
  lines.push(
    `${scorecard.scoredCount} of ${scorecard.sampleCount} sample(s) scored, ${scorecard.excludedCount} excluded, ${scorecard.repeats} repeat(s); ${scorecard.requests} model request(s); latency p50 ${formatMs(scorecard.latency.p50Ms)}, p95 ${formatMs(scorecard.latency.p95Ms)}; tokens in ${scorecard.tokens.input ?? 'n/a'}, out ${scorecard.tokens.output ?? 'n/a'}; cost ${scorecard.costUsd === null ? 'not reported' : `${scorecard.costUsd.toFixed(4)} USD`}.`,
    '',
    '| metric | value | threshold | |',
    '| --- | --- | --- | --- |',
    ...scorecard.thresholds.map((threshold) => `| ${threshold.metric} | ${formatRate(threshold.actual)} | ${threshold.comparator} ${threshold.value} | ${threshold.passed ? '✅' : '❌'} |`),
    '',
    `Human review for any reason (reported, not scored): ${formatRate(scorecard.reviewRate)}.`,
    '',
  );
  const agreement = scorecard.dataset.labelAgreement;
  if (agreement !== null) {
    lines.push(
      `Labels: ${agreement.readTwice} of the scored bump(s) were read by two independent reviewers, who agreed on ${agreement.agreed} (${formatRate(agreement.agreed / agreement.readTwice)}, Fleiss' kappa ${formatRate(agreement.kappa)}): about what one careful reader of the release text scores against these labels.`,
      '',
    );
  }
  if (scorecard.confusion !== null) {
    lines.push('## Confusion matrix (rows: label, columns: predicted, first repeat)', '', `| label \\ predicted | ${PREDICTED_RISK_LEVELS.join(' | ')} |`, `| --- |${PREDICTED_RISK_LEVELS.map(() => ' --- |').join('')}`);
    for (const label of EXPECTED_RISK_LEVELS) lines.push(`| ${label} | ${PREDICTED_RISK_LEVELS.map((predicted) => String(scorecard.confusion![label][predicted])).join(' | ')} |`);
    lines.push('');
  }
  const failureCodes = Object.entries(scorecard.failuresByCode);
  if (failureCodes.length > 0) {
    lines.push('## Failures by code', '', '| code | count |', '| --- | --- |', ...failureCodes.sort(([left], [right]) => left.localeCompare(right)).map(([code, count]) => `| ${code} | ${count} |`), '');
  }
  if (scorecard.excluded.length > 0) {
    lines.push('## Excluded samples (never scored)', '', '| sample | reason |', '| --- | --- |', ...scorecard.excluded.map((entry) => `| ${cell(entry.case)} | ${cell(entry.reason)} |`), '');
  }
  lines.push('## Samples', '', '| sample | label | predicted | review | reasons | errors | latency |', '| --- | --- | --- | --- | --- | --- | --- |');
  for (const sample of scorecard.samples) {
    lines.push(
      `| ${cell(sample.case)} | ${sample.expected} | ${sample.predicted.join(', ')}${sample.correct ? '' : ' ✗'} | ${sample.reviewRequired ? 'yes' : 'no'} | ${sample.reasons.join(', ') || '—'} | ${sample.errorCodes.join(', ') || '—'} | ${sample.latencyMs.map(formatMs).join(', ')} |`,
    );
  }
  lines.push(
    '',
    `Profile \`${cell(scorecard.profile.id)}\` ${scorecard.profile.digest}; prompt ${cell(scorecard.promptVersion)}; candidate schema ${scorecard.candidateSchemaDigest}; dataset ${scorecard.dataset.digest}; DepVerdict ${cell(scorecard.toolVersion)}.`,
  );
  return `${lines.join('\n')}\n`;
}
