/**
 * The only logging surface pure code sees. The action maps it to @actions/core, the CLI to
 * stderr, tests to an array. Messages must already be free of secrets; `redact` is applied
 * again by every implementation as a second line of defence.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warning() {}, error() {} };
