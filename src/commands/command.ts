// What every module under src/commands/ exports: a one-line summary for `hookgate --help` and a runner
// that returns the process exit status.
import { baselineEngineOnly } from "../engine/transform/engine-module.js";

export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
  /**
   * The command ends once its configuration is loaded and checked, or after a few made-up requests
   * (`validate`, `test`): run as a process of its own, it compiles the transform engine for that.
   */
  shortLived?: boolean;
}

/** Settings of the process that runs `command` as its own, made before it starts. */
export function prepareProcess(command: Command): void {
  if (command.shortLived) baselineEngineOnly();
}
