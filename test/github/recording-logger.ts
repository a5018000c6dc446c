/**
 * TEST DOUBLE: a Logger that records every message by level, so tests can assert the
 * warnings users would see (and that no secret reaches them).
 */
import type { Logger } from '../../src/shared/logger.js';

export interface RecordingLogger extends Logger {
  messages: Array<{ level: 'debug' | 'info' | 'warning' | 'error'; message: string }>;
  warnings(): string[];
}

export function createRecordingLogger(): RecordingLogger {
  const messages: RecordingLogger['messages'] = [];
  return {
    messages,
    debug: (message) => messages.push({ level: 'debug', message }),
    info: (message) => messages.push({ level: 'info', message }),
    warning: (message) => messages.push({ level: 'warning', message }),
    error: (message) => messages.push({ level: 'error', message }),
    warnings: () => messages.filter((entry) => entry.level === 'warning').map((entry) => entry.message),
  };
}
