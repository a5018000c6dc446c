import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { scanRepository, type ScanLimits } from './scan-repository.js';
import type { UsageScanOutcome, UsageSource } from './types.js';

/**
 * Runs the usage scan of one pipeline run. Never throws: a scan that fails (git missing, an
 * unreadable tree) becomes `notScanned` with the reason, and the verdict goes on without it.
 * Undefined when the run was given no usage source at all (then results carry no usage report).
 */
export async function scanForBumps(
  source: UsageSource | undefined,
  packageNames: readonly string[],
  options: { logger: Logger; limits?: Partial<ScanLimits>; signal?: AbortSignal },
): Promise<UsageScanOutcome | undefined> {
  if (source === undefined) return undefined;
  if ('notScanned' in source) return { status: 'notScanned', reason: source.notScanned };
  if (packageNames.length === 0) {
    await source.files.close();
    return { status: 'notScanned', reason: 'not scanned: no bump to look for' };
  }
  const started = performance.now();
  try {
    const usage = await scanRepository({ files: source.files, packageNames, limits: options.limits, signal: options.signal });
    options.logger.info(
      `Usage scan of ${usage.scanned}: ${usage.filesListed} files listed, ${usage.filesParsed} parsed, in ${Math.round(performance.now() - started)} ms${usage.notes.length > 0 ? ` (${usage.notes.length} note(s))` : ''}.`,
    );
    return usage;
  } catch (error) {
    await source.files.close().catch(() => {});
    const reason = sanitizeMessage(error instanceof Error ? error.message : String(error), 300);
    options.logger.warning(`The usage scan could not run: ${reason}`);
    return { status: 'notScanned', reason: `not scanned: the scan failed (${reason})` };
  }
}
