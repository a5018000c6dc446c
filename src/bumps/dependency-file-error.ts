/**
 * A dependency file that cannot be used. Parsers throw it; detection turns it into a
 * DetectionWarning for that one file and carries on with the others.
 */
import type { DetectionWarning } from './types.js';

export type DependencyFileErrorCode = Extract<DetectionWarning['code'], 'LOCKFILE_UNPARSEABLE' | 'LOCKFILE_UNSUPPORTED' | 'MANIFEST_UNPARSEABLE'>;

export class DependencyFileError extends Error {
  override readonly name = 'DependencyFileError';

  constructor(
    readonly code: DependencyFileErrorCode,
    /** Repo-relative path of the file. */
    readonly subject: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * JSON.parse with a message that names the file. The parser's own message is not reused:
 * it can quote file content (untrusted, possibly a token in a registry URL).
 */
export function parseJsonFile(path: string, text: string, kind: 'lockfile' | 'manifest'): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    const where = position === undefined ? '' : ` near character ${position}`;
    if (kind === 'lockfile') {
      throw new DependencyFileError('LOCKFILE_UNPARSEABLE', path, `${path} is not valid JSON${where}: fix or regenerate the lockfile`);
    }
    throw new DependencyFileError('MANIFEST_UNPARSEABLE', path, `${path} is not valid JSON${where}: fix the manifest`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
