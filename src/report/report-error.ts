/**
 * A report artifact that failed its own checks (schema or invariants). It is raised before
 * anything is written, so a bad manifest or trace never reaches disk or a downstream job.
 */
export class ReportValidationError extends Error {
  /** `version-analysis.json` or `trace.json`. */
  readonly artifact: string;
  /** Each problem as `<json path>: <what is wrong>`. */
  readonly problems: string[];

  constructor(artifact: string, problems: string[]) {
    const shown = problems.slice(0, 10).join('; ');
    const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : '';
    super(`${artifact} failed validation: ${shown}${more}. This is a DepVerdict bug; please report it with the execution trace.`);
    this.name = 'ReportValidationError';
    this.artifact = artifact;
    this.problems = problems;
  }
}
