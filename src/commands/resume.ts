// `hookgate resume TARGET`: ends a pause; the runs it held start in the order they arrived (a running
// server queues them within a second; on PostgreSQL the other instances are told at once).
import type { Store } from "../store/types.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import { didYouMean } from "./did-you-mean.js";
import { knownTargets, openStoreToWrite } from "./pause-store.js";
import { pauseText, resolveTarget } from "./pause-target.js";

const help = `Usage: hookgate resume TARGET [--config FILE | --store FILE|URL] [--json]

Ends the pause of TARGET (see hookgate pause): the runs it held are queued again and start in the
order they arrived; a running server starts them within a second. TARGET is written as for
hookgate pause: a mapping id, a pack name, or mapping:ID, pack:NAME, lane:NAME. A run that another
pause also holds (its pack's, say) stays held until that one ends too.

  --config, -c FILE   config file whose store and mappings to use (default: ./hookgate.yaml, ...)
  --store FILE|URL    this SQLite file, or this PostgreSQL database, instead of the config's store
  --json              JSON instead of text
  --help, -h          show this help

Exit status 0 when resumed, 1 when TARGET was not paused or the store cannot be opened.`;

export const command: Command = {
  summary: "end a pause: the held runs start, in arrival order (works while serving)",
  async run(argv) {
    const args = parseCommandArgs("resume", help, {
      args: argv,
      options: {
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
    if (typed === undefined)
      return usageError("resume", help, "resume needs a TARGET (hookgate pause lists them)");
    if (extra.length > 0) return usageError("resume", help, `one TARGET at a time; got also "${extra[0]}"`);

    let store: Store;
    try {
      store = await openStoreToWrite(values);
    } catch (err) {
      process.stderr.write(`hookgate resume: ${(err as Error).message}\n`);
      return 1;
    }
    try {
      const now = Date.now();
      const pauses = await store.listPauses(now);
      // A paused target resumes by its stored name or its bare one, also when the config dropped it.
      const stored = pauses.find(
        (p) => p.target === typed || p.target.slice(p.target.indexOf(":") + 1) === typed,
      );
      let target = stored?.target;
      if (target === undefined) {
        const { known } = await knownTargets(values);
        const resolved = resolveTarget(typed, known);
        if ("problem" in resolved) {
          process.stderr.write(`hookgate resume: ${resolved.problem}\n`);
          return 1;
        }
        target = resolved.target;
      }
      // Runs a server has not marked held yet count too.
      await store.applyPauses(now);
      const before = (await store.queueStats()).runsPaused;
      const resumed = await store.resume(target, now);
      if (!resumed) {
        const names = pauses.map((p) => p.target);
        const paused = names.length === 0 ? "nothing is paused" : `paused: ${names.join(", ")}`;
        process.stderr.write(
          `hookgate resume: ${target} is not paused${didYouMean(target, names)} (${paused})\n`,
        );
        return 1;
      }
      const started = before - (await store.queueStats()).runsPaused;
      if (values.json) process.stdout.write(`${JSON.stringify({ target, queued: started }, null, 2)}\n`);
      else {
        const runs = `${started} held run${started === 1 ? "" : "s"} queued`;
        process.stdout.write(`Resumed ${pauseText({ target }).replace(" until resumed", "")}: ${runs}.\n`);
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};
