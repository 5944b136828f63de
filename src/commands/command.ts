// What every module under src/commands/ exports: a one-line summary for `hookgate --help` and a runner
// that returns the process exit status.
import { setFlagsFromString } from "node:v8";
import { baselineEngineOnly } from "../engine/transform/engine-module.js";

export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
  /**
   * The command ends once its configuration is loaded and checked, or after a few made-up requests
   * (`validate`, `test`): run as a process of its own, it compiles neither its JavaScript nor the
   * transform engine with V8's optimising compilers.
   */
  shortLived?: boolean;
}

/** Settings of the process that runs `command` as its own, made before it starts. */
export function prepareProcess(command: Command): void {
  if (!command.shortLived) return;
  // Each function runs a few times in such a process: V8's optimising compiler (on background
  // threads) would spend more CPU recompiling the busiest ones than their faster code gives back
  // before the process ends. The flag is the process's, worker threads included.
  setFlagsFromString("--no-opt");
  baselineEngineOnly();
}
