export interface ConfigProblem {
  variable: string;
  message: string;
}

/** A bad environment: the message names every bad variable; start-up prints it without a stack. */
export class ConfigError extends Error {
  readonly problems: ConfigProblem[];

  constructor(problems: ConfigProblem[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
