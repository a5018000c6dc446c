import type { PhaseTiming } from '../shared/phase-clock.js';

/** `1536` → `1.5 KiB`: byte counts people can read at a glance. */
function bytes(count: number): string {
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KiB`;
  return `${(count / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * The job summary's view of trace.json's phases: a small Markdown table of busy wall time and
 * what each phase cost. Phases overlap (evidence is gathered for several bumps at once), so the
 * times do not add up to the run's. Only our own numbers and fixed names reach this table.
 */
export function renderPhaseTable(phases: readonly PhaseTiming[] | undefined): string | null {
  const ran = (phases ?? []).filter((phase) => phase.startedAt !== null);
  if (ran.length === 0) return null;
  const lines = [
    '**Where the time went** (busy time per phase; phases overlap)',
    '',
    '| Phase | Time | Requests | Received | Cache hits | Reused |',
    '|---|--:|--:|--:|--:|--:|',
  ];
  for (const phase of ran) {
    const { requests, bytes: received, cacheHits, reused } = phase.counts;
    lines.push(`| ${phase.name} | ${Math.round(phase.ms)} ms | ${requests} | ${bytes(received)} | ${cacheHits} | ${reused} |`);
  }
  return lines.join('\n');
}
