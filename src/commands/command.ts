// What every module under src/commands/ exports: a one-line summary for `hookgate --help` and a runner
// that returns the process exit status.
export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}
