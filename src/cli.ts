#!/usr/bin/env node
// hookgate command line: one module per command under src/commands/, loaded on demand so that
// `hookgate validate` does not pay for the HTTP server's imports.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Command, prepareProcess } from "./commands/command.js";
import { didYouMean } from "./commands/did-you-mean.js";
import { closest } from "./config/check/closest.js";

const commands: Record<string, () => Promise<{ command: Command }>> = {
  serve: () => import("./commands/serve.js"),
  validate: () => import("./commands/validate.js"),
  test: () => import("./commands/test.js"),
  events: () => import("./commands/events.js"),
  runs: () => import("./commands/runs.js"),
  requests: () => import("./commands/requests.js"),
  issues: () => import("./commands/issues.js"),
  status: () => import("./commands/status.js"),
  reload: () => import("./commands/reload.js"),
  sign: () => import("./commands/sign.js"),
  replay: () => import("./commands/replay.js"),
  config: () => import("./commands/config.js"),
  packs: () => import("./commands/packs.js"),
  worker: () => import("./commands/worker.js"),
  store: () => import("./commands/store.js"),
  pause: () => import("./commands/pause.js"),
  resume: () => import("./commands/resume.js"),
};

async function usage(): Promise<string> {
  const { version } = await import("./version.js");
  const lines = [
    `hookgate ${version} — webhook ingress for AI agents`,
    "",
    "Usage: hookgate <command> [options]   (hookgate <command> --help for details)",
    "       hookgate --version | --help",
    "",
    "Commands:",
  ];
  for (const [name, load] of Object.entries(commands)) {
    const { command } = await load();
    lines.push(`  ${name.padEnd(10)} ${command.summary}`);
  }
  lines.push(
    "",
    "Options:",
    "  --version, -V   print the version and exit",
    "  --help, -h      show this help",
    "",
    "Without --config, hookgate uses ./hookgate.yaml when present, else its built-in default.",
  );
  return lines.join("\n");
}

/** Words other tools use for a command of hookgate's, with what it does. */
const OTHER_NAMES: Record<string, { command: string; does: string }> = {
  start: { command: "serve", does: "hookgate serve starts the server" },
  server: { command: "serve", does: "hookgate serve starts the server" },
  up: { command: "serve", does: "hookgate serve starts the server" },
  check: { command: "validate", does: "hookgate validate checks a config" },
  lint: { command: "validate", does: "hookgate validate checks a config" },
};

/** `unknown command "serv"; did you mean "serve"?`, or the same for an option before the command. */
function unknown(word: string): string {
  if (word.startsWith("-")) {
    const guess = closest(word.replace(/^-+/, ""), ["help", "version"]);
    return `unknown option ${word}${guess ? `; did you mean --${guess}?` : ""}`;
  }
  const other = Object.hasOwn(OTHER_NAMES, word.toLowerCase()) ? OTHER_NAMES[word.toLowerCase()] : undefined;
  if (other) return `unknown command "${word}"; did you mean "${other.command}"? (${other.does})`;
  return `unknown command "${word}"${didYouMean(word, Object.keys(commands))}`;
}

/** `ownProcess`: the command runs as the process's own (not called in-process, as tests do). */
export async function main(argv: string[], opts: { ownProcess?: boolean } = {}): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${await usage()}\n`);
    return name ? 0 : 1;
  }
  // -v too: it worked before -V was documented.
  if (name === "--version" || name === "-V" || name === "-v") {
    const { version } = await import("./version.js");
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) {
    process.stderr.write(`hookgate: ${unknown(name)}\n\n${await usage()}\n`);
    return 1;
  }
  const { command } = await load();
  if (opts.ownProcess) prepareProcess(command);
  return command.run(rest);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main(process.argv.slice(2), { ownProcess: true }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`hookgate: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
