import type { UsageReport } from '../usage/types.js';
import { codeSpan, escapeInline } from './markdown.js';

/**
 * The "Usage" paragraph of a dependency's details: where the repository imports the package,
 * and which removed or changed APIs it uses, at file:line. Paths and names are repository text
 * (untrusted): always in code spans or escaped, bounded in length and count.
 */

const SHOWN_FILES = 3;
const SHOWN_USES = 3;
const SHOWN_NAMES = 8;
const PATH_LENGTH = 120;

function place(path: string, line: number): string {
  return codeSpan(`${path}:${line}`, { maxLength: PATH_LENGTH });
}

/**
 * "`res.json` (its 2-argument form)", "`res.vary` (its no-argument form)": a check limited to the
 * removed call forms says which forms it is about, not how this repository calls the name.
 */
function checkedNameText(checked: UsageReport['checkedNames'][number]): string {
  const name = codeSpan(checked.name, { maxLength: 100 });
  if (checked.callForms === undefined || checked.callForms.length === 0) return name;
  const counts = checked.callForms.map((count) => (count === 0 ? 'no' : String(count)));
  const listed = counts.length === 1 ? counts[0]! : `${counts.slice(0, -1).map((count) => `${count}-`).join(', ')} and ${counts.at(-1)!}`;
  return `${name} (its ${listed}-argument form${counts.length === 1 ? '' : 's'})`;
}

function fileList(report: UsageReport): string {
  const shown = report.files.slice(0, SHOWN_FILES).map((file) => codeSpan(file.path, { maxLength: PATH_LENGTH }));
  return report.fileCount > SHOWN_FILES ? `${shown.join(', ')}, …` : shown.join(', ');
}

/**
 * `includeChecks` is false under a fail-closed run: the checked names partly come from the
 * analysis (breaking-change findings), which is then withheld; the files are local facts.
 */
export function renderUsage(report: UsageReport, options: { includeChecks: boolean }): string[] {
  if (report.status === 'notScanned') return [`**Usage** — ${escapeInline(report.note ?? 'not scanned', 300)}.`, ''];
  const lines: string[] = [];
  if (report.fileCount === 0) {
    const mentions = report.configMentions
      .slice(0, 4)
      .map((mention) => (mention.detail !== null ? `${codeSpan(mention.path, { maxLength: PATH_LENGTH })} (${escapeInline(mention.detail, 80)})` : mention.line !== null ? place(mention.path, mention.line) : codeSpan(mention.path, { maxLength: PATH_LENGTH })));
    lines.push(`**Usage** — imported nowhere in this repository${mentions.length > 0 ? `; named in ${mentions.join(', ')}` : ''}.`);
  } else {
    lines.push(`**Usage** — used in ${report.fileCount} ${report.fileCount === 1 ? 'file' : 'files'} (${fileList(report)}).`);
  }
  if (options.includeChecks) {
    for (const checked of report.checkedNames.filter((entry) => entry.useCount > 0).slice(0, SHOWN_NAMES)) {
      const places = checked.uses.slice(0, SHOWN_USES).map((use) => `${place(use.path, use.line)}${use.match === 'name' ? ' (name match)' : ''}`);
      const more = checked.useCount > SHOWN_USES ? ` and ${checked.useCount - SHOWN_USES} more` : '';
      lines.push(`- ${checked.change} API in use: ${checkedNameText(checked)} at ${places.join(', ')}${more}`);
    }
    for (const change of ['removed', 'changed'] as const) {
      const unused = report.checkedNames.filter((entry) => entry.useCount === 0 && entry.change === change);
      if (unused.length === 0) continue;
      const names = unused.slice(0, SHOWN_NAMES).map(checkedNameText);
      const more = unused.length > SHOWN_NAMES ? ` and ${unused.length - SHOWN_NAMES} more` : '';
      lines.push(`- ${change} API not used in this repository: ${names.join(', ')}${more}`);
    }
  }
  if (report.note !== null) lines.push(`- scan note: ${escapeInline(report.note, 300)}`);
  lines.push('');
  return lines;
}
