// `hookgate pause TARGET [--for D]`: a mapping's, a pack's or a lane's runs wait held until resumed (or
// until D is over); without a target, the pauses in force. The pause lives in the store, so a running
// server (every instance on PostgreSQL) holds by it within a second, and it survives a restart.
import { parseDuration } from "../config/resolve/duration.js";
import type { Store } from "../store/types.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import { knownTargets, openStoreToWrite } from "./pause-store.js";
import { pauseTable, pauseText, resolveTarget } from "./pause-target.js";

const help = `Usage: hookgate pause [TARGET] [--for DURATION] [--config FILE | --store FILE|URL] [--json]

Pauses the agent runs of TARGET: requests are still verified, answered 2xx (the body says "held": true)
and stored, and their runs wait in state held until hookgate resume TARGET, or until DURATION is over;
then they start in the order they arrived. Without TARGET, lists the pauses in force.

TARGET is a mapping id, a pack name (all the pack's mappings), or written with its kind:
mapping:ID, pack:NAME, lane:NAME. The pause is kept in the store: a running server holds by it
within a second, on PostgreSQL every instance does, and it survives a restart. Pausing a target
again replaces its end. Wakes are not held: they still reach the main session.

  --for DURATION      end the pause by itself after DURATION (30m, 2h, 7d); default: at resume
  --config, -c FILE   config file whose store and mappings to use (default: ./hookgate.yaml, ...)
  --store FILE|URL    this SQLite file, or this PostgreSQL database, instead of the config's store
  --json              JSON instead of text
  --help, -h          show this help

Exit status 0 when paused (or listed), 1 for an unknown target or a store that cannot be opened.`;

export const command: Command = {
  summary: "hold the runs of a mapping, pack or lane until resumed (works while serving)",
  async run(argv) {
    const args = parseCommandArgs("pause", help, {
      args: argv,
      options: {
        for: { type: "string" },
        config: { type: "string", short: "c" },
        store: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;
    const [typed, ...extra] = positionals;
    if (extra.length > 0) return usageError("pause", help, `one TARGET at a time; got also "${extra[0]}"`);
    let forMs: number | undefined;
    if (values.for !== undefined) {
      forMs = parseDuration(values.for);
      if (forMs === undefined || forMs <= 0)
        return usageError(
          "pause",
          help,
          `--for must be a duration above 0 such as 30m, 2h or 7d, got "${values.for}"`,
        );
    }
    if (typed === undefined && forMs !== undefined) return usageError("pause", help, "--for needs a TARGET");

    let target: string | undefined;
    if (typed !== undefined) {
      const { known, problem } = await knownTargets(values);
      const resolved = resolveTarget(typed, known);
      if ("problem" in resolved) {
        process.stderr.write(
          `hookgate pause: ${resolved.problem}${problem ? `\n  config: ${problem}` : ""}\n`,
        );
        return 1;
      }
      target = resolved.target;
    }

    let store: Store;
    try {
      store = await openStoreToWrite(values);
    } catch (err) {
      process.stderr.write(`hookgate pause: ${(err as Error).message}\n`);
      return 1;
    }
    try {
      const now = Date.now();
      if (target === undefined) {
        const pauses = await store.listPauses(now);
        if (values.json) process.stdout.write(`${JSON.stringify(pauses, null, 2)}\n`);
        else if (pauses.length === 0) process.stdout.write("Nothing is paused.\n");
        else process.stdout.write(`${pauseTable(pauses)}\n`);
        return 0;
      }
      const pause = {
        target,
        by: "command line",
        at: now,
        ...(forMs !== undefined && { until: now + forMs }),
      };
      await store.pause(pause);
      // Held at once, also when no server runs.
      await store.applyPauses(now);
      if (values.json) process.stdout.write(`${JSON.stringify(pause, null, 2)}\n`);
      else {
        const resume = pause.until === undefined ? "" : " (or when the time is up)";
        process.stdout.write(
          `Paused ${pauseText(pause)}: its runs wait held; hookgate resume ${typed} starts them${resume}.\n`,
        );
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};
