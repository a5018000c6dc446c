import { escapeInline } from '../report/markdown.js';
import type { CapabilityComparison, ConformanceDocument, ProbeResult } from './types.js';

/**
 * conformance.md, with the sections of the original structured-output compatibility
 * report: configuration, independent probes, canonical error diagnostics, causal
 * conclusions, recommended projection, request count and cost boundary, security.
 * Every value that came from a provider (diagnostics, model names) is escaped as
 * untrusted Markdown; identifiers we generate are placed in code spans.
 */

const DASH = '—';

function cell(text: string | number | null | undefined, maxLength = 200): string {
  if (text === null || text === undefined || text === '') return DASH;
  return escapeInline(String(text), maxLength);
}

function code(text: string): string {
  return `\`${text.replace(/`/g, '')}\``;
}

function yesNo(value: boolean | null): string {
  if (value === null) return DASH;
  return value ? 'yes' : 'no';
}

function probeRow(result: ProbeResult): string {
  const digest = result.sentSchemaDigest === null ? result.schemaDigest : `${result.schemaDigest} (sent ${result.sentSchemaDigest})`;
  return `| ${result.id} | ${cell(result.feature)} | ${digest} | ${result.httpStatus ?? DASH} | ${result.errorCode ?? DASH} | ${cell(result.providerError, 60)} | ${result.localValidation} | ${result.status} |`;
}

function capabilityRow(row: CapabilityComparison): string {
  const mismatch = row.declared === true && row.observed === false ? ' **NOT OBSERVED**' : '';
  return `| ${row.capability} | ${yesNo(row.declared)} | ${yesNo(row.observed)}${mismatch} | ${row.evidence ?? DASH} | ${cell(row.note, 160)} |`;
}

export function renderConformanceMarkdown(document: ConformanceDocument): string {
  const configuration = document.configuration;
  const lines: string[] = [];
  lines.push('# Structured Output Conformance Report', '');
  // The cause of a run that never reached the endpoint comes first, not in a table further down.
  const execution = document.execution;
  lines.push(execution.status === 'EXECUTED' ? 'Execution status: EXECUTED' : `Execution status: NOT EXECUTED — ${cell(execution.cause, 400)}`, '');
  lines.push(`Verdict: **${document.verdict}**${document.failure === null ? '' : ` — ${cell(document.failure, 600)}`}`, '');

  lines.push('## Configuration', '');
  lines.push(`- Generated: ${document.generatedAt}`);
  lines.push(`- Profile: ${code(configuration.profileId)} (${configuration.mode} mode)`);
  lines.push(`- Profile digest: ${configuration.profileDigest}`);
  lines.push(`- Adapter: ${configuration.adapter}; gateway: ${configuration.gateway}`);
  lines.push(`- Endpoint origin: ${cell(configuration.endpointOrigin)}`);
  lines.push(`- Model: ${cell(configuration.model)}`);
  lines.push(`- Structured output: ${configuration.structuredOutputMode}, strict ${configuration.strict}; projection: ${configuration.projection === null ? 'none declared' : `${code(configuration.projection.name)} drops ${configuration.projection.dropKeywords.map(code).join(', ')}`}`);
  lines.push('- Prompt: fixed minimal isolation prompt; content intentionally omitted.');
  lines.push('- Retry/fallback: disabled (one request per executed probe).', '');

  lines.push('## Independent Keyword Probes', '');
  lines.push('| Probe | Isolated feature | Schema digest | HTTP | Error code | Provider error | Local validation | Result |');
  lines.push('|---|---|---|---:|---|---|---|---|');
  for (const result of document.probes) lines.push(probeRow(result));
  lines.push('');

  lines.push('## Canonical Error Diagnostics', '');
  const diagnostics = document.probes.filter((result) => result.status !== 'PASS');
  if (diagnostics.length === 0) {
    lines.push('No probe failed or was skipped.', '');
  } else {
    lines.push('| Probe | HTTP | Error code | Result | Diagnostic |', '|---|---:|---|---|---|');
    for (const result of diagnostics) lines.push(`| ${result.id} | ${result.httpStatus ?? DASH} | ${result.errorCode ?? DASH} | ${result.status} | ${cell(result.diagnostic, 240)} |`);
    lines.push('');
  }

  lines.push('## Declared vs Observed Capabilities', '');
  lines.push('| Capability | Declared | Observed | Evidence probe | Note |', '|---|---|---|---|---|');
  for (const row of document.capabilities) lines.push(capabilityRow(row));
  lines.push('');

  lines.push('## Causal Conclusion', '');
  for (const conclusion of document.conclusions) lines.push(`- ${escapeInlineKeepingCode(conclusion.statement)}`);
  lines.push('');

  lines.push('## Recommended Projection', '');
  lines.push(escapeInlineKeepingCode(document.recommendedProjection.statement), '');

  lines.push('## Request Count and Cost Boundary', '');
  lines.push(`- Probe requests: ${document.requests.used}/${document.requests.budget}.`);
  lines.push(`- Retry count: ${document.requests.retries}.`);
  lines.push(`- Fallback requests initiated by DepVerdict: ${document.requests.fallbacks}. Gateway-internal routing, if any, is represented only by sanitized route metadata.`);
  lines.push(`- Reported cost: ${document.requests.reportedCostUsd === null ? 'not reported by the endpoint' : `${document.requests.reportedCostUsd} USD`}.`, '');

  lines.push('## Qualification Record', '');
  const record = document.qualification;
  lines.push(`- Profile: ${code(record.profileId)} ${record.profileDigest}`);
  lines.push(`- Candidate schema: ${record.schemaDigest}; prompt version ${code(record.promptVersion)}`);
  lines.push(`- Date: ${record.date}; verdict: ${record.verdict}`, '');

  lines.push('## Security', '');
  lines.push(
    'This report stores no prompt text, no schema body (schemas are identified by digest only), no raw provider response, no request or response header and no secret. ' +
      'Provider error messages appear only as sanitized, redacted, bounded one-line diagnostics, and the endpoint only as its origin.',
    '',
  );
  return `${lines.join('\n')}`;
}

/**
 * Conclusions are our own sentences with code spans for probe ids and keywords; escape
 * everything outside the spans (diagnostic text inside them came from providers).
 */
function escapeInlineKeepingCode(text: string): string {
  return text
    .split(/(`[^`]{1,80}`)/)
    .map((part) => {
      if (/^`[^`]{1,80}`$/.test(part)) return part;
      // escapeInline trims; keep the spaces that separate this text from neighbouring code spans.
      const leading = /^\s/.test(part) ? ' ' : '';
      const trailing = /\s$/.test(part) && part.trim() !== '' ? ' ' : '';
      return `${leading}${escapeInline(part, 1200)}${trailing}`;
    })
    .join('');
}
