// What every module under src/commands/ exports: a one-line summary for `hookgate --help` and a runner
// that returns the process exit status.
import { useShortLivedFlags } from "../engine/transform/v8-flags.js";

export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
  /**
   * The command ends once its configuration is loaded and checked, or after a few made-up requests
   * (`validate`, `test`): run as a process of its own, it compiles neither its JavaScript nor the
   * transform engine with V8's optimising compilers (v8-flags.ts).
   */
  shortLived?: boolean;
}

/** Settings of the process that runs `command` as its own, made before it starts. */
export function prepareProcess(command: Command): void {
  if (command.shortLived) useShortLivedFlags();
}
