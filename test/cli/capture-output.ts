/**
 * TEST HELPER: captures what the CLI writes to stdout and stderr (process.*.write spied on),
 * so a test can read the lines a user would see. Restore with `vi.restoreAllMocks()`.
 */
import { vi } from 'vitest';

export interface CapturedOutput {
  stdout: string[];
  stderr: string[];
}

export function captureProcessOutput(): CapturedOutput {
  const captured: CapturedOutput = { stdout: [], stderr: [] };
  const capture = (into: string[]) => (chunk: string | Uint8Array): boolean => {
    into.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stderr, 'write').mockImplementation(capture(captured.stderr));
  vi.spyOn(process.stdout, 'write').mockImplementation(capture(captured.stdout));
  return captured;
}
