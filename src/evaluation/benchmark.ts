import type { MetricName, Scorecard } from './scorecard.js';
import { cell, formatRate } from './scorecard-markdown.js';

/**
 * A benchmark: several profiles on the same dataset, ranked. Passing profiles first, then by
 * risk accuracy, then by median latency. benchmark.json holds every scorecard summary;
 * benchmark.md a Mermaid chart GitHub renders and a table.
 */

export const BENCHMARK_VERSION = '1';

export interface BenchmarkEntry {
  rank: number;
  profileId: string;
  profileDigest: string;
  passed: boolean;
  scoredCount: number;
  excludedCount: number;
  sampleCount: number;
  metrics: Scorecard['metrics'];
  latency: Scorecard['latency'];
  tokens: Scorecard['tokens'];
  costUsd: number | null;
  requests: number;
  failuresByCode: Record<string, number>;
  failures: string[];
  /** Where this profile's scorecard.json is, relative to the benchmark directory. */
  scorecard: string;
}

export interface Benchmark {
  benchmarkVersion: typeof BENCHMARK_VERSION;
  toolVersion: string;
  createdAt: string;
  dataset: Scorecard['dataset'];
  repeats: number;
  entries: BenchmarkEntry[];
}

export function buildBenchmark(runs: ReadonlyArray<{ scorecard: Scorecard; scorecardPath: string }>, createdAt: string): Benchmark {
  const first = runs[0]?.scorecard;
  if (first === undefined) throw new RangeError('a benchmark needs at least one scorecard');
  const ordered = [...runs].sort((left, right) => {
    const a = left.scorecard;
    const b = right.scorecard;
    if (a.passed !== b.passed) return a.passed ? -1 : 1;
    const accuracy = (b.metrics.riskAccuracy ?? -1) - (a.metrics.riskAccuracy ?? -1);
    if (accuracy !== 0) return accuracy;
    return (a.latency.p50Ms ?? Number.MAX_VALUE) - (b.latency.p50Ms ?? Number.MAX_VALUE);
  });
  return {
    benchmarkVersion: BENCHMARK_VERSION,
    toolVersion: first.toolVersion,
    createdAt,
    dataset: first.dataset,
    repeats: first.repeats,
    entries: ordered.map(({ scorecard, scorecardPath }, index) => ({
      rank: index + 1,
      profileId: scorecard.profile.id,
      profileDigest: scorecard.profile.digest,
      passed: scorecard.passed,
      scoredCount: scorecard.scoredCount,
      excludedCount: scorecard.excludedCount,
      sampleCount: scorecard.sampleCount,
      metrics: scorecard.metrics,
      latency: scorecard.latency,
      tokens: scorecard.tokens,
      costUsd: scorecard.costUsd,
      requests: scorecard.requests,
      failuresByCode: scorecard.failuresByCode,
      failures: scorecard.failures,
      scorecard: scorecardPath,
    })),
  };
}

const CHART_METRICS: readonly MetricName[] = ['riskAccuracy', 'reviewAccuracy', 'schemaValidity'];

/** A Mermaid label: quotes and brackets would end the label early. */
function chartLabel(text: string): string {
  return `"${text.replace(/["\\[\]]/g, '').slice(0, 40)}"`;
}

export function renderBenchmarkMarkdown(benchmark: Benchmark): string {
  const labels = benchmark.entries.map((entry) => chartLabel(entry.profileId)).join(', ');
  const lines = [
    `# DepVerdict benchmark on ${cell(benchmark.dataset.name)} (${benchmark.entries.length} profiles, ${benchmark.repeats} repeat(s))`,
    '',
    `Bars: risk accuracy per profile (a profile with nothing scored shows 0). Dataset ${benchmark.dataset.digest}; DepVerdict ${cell(benchmark.toolVersion)}.`,
    '',
    '```mermaid',
    'xychart-beta',
    '  title "Risk accuracy by profile"',
    `  x-axis [${labels}]`,
    '  y-axis "risk accuracy" 0 --> 1',
    `  bar [${benchmark.entries.map((entry) => (entry.metrics.riskAccuracy ?? 0).toFixed(3)).join(', ')}]`,
    '```',
    '',
    `| rank | profile | passed | scored / excluded / samples | ${CHART_METRICS.join(' | ')} | determinism | p50 | p95 | tokens in/out | cost USD | failures |`,
    `| --- | --- | --- | --- |${CHART_METRICS.map(() => ' --- |').join('')} --- | --- | --- | --- | --- | --- |`,
    ...benchmark.entries.map((entry) =>
      [
        '',
        String(entry.rank),
        cell(entry.profileId),
        entry.passed ? '✅' : '❌',
        `${entry.scoredCount} / ${entry.excludedCount} / ${entry.sampleCount}`,
        ...CHART_METRICS.map((metric) => formatRate(entry.metrics[metric])),
        formatRate(entry.metrics.determinism),
        entry.latency.p50Ms === null ? 'n/a' : `${Math.round(entry.latency.p50Ms)} ms`,
        entry.latency.p95Ms === null ? 'n/a' : `${Math.round(entry.latency.p95Ms)} ms`,
        `${entry.tokens.input ?? 'n/a'} / ${entry.tokens.output ?? 'n/a'}`,
        entry.costUsd === null ? 'n/a' : entry.costUsd.toFixed(4),
        Object.entries(entry.failuresByCode).map(([code, count]) => `${code} ×${count}`).join(', ') || '—',
        '',
      ].join(' | ').trim(),
    ),
  ];
  return `${lines.join('\n')}\n`;
}
