// `hookgate config export`: writes an OpenClaw configuration as the equivalent hookgate YAML.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { formatIssue } from "../config/errors.js";
import { isOpenClawFile } from "../config/openclaw/detect.js";
import { exportOpenClaw } from "../config/openclaw/export.js";
import { displayPath } from "../config/source/source-file.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import { didYouMean } from "./did-you-mean.js";

const help = `Usage: hookgate config export --config FILE [--out FILE] [--force]

Writes an OpenClaw configuration (openclaw.json, or any .json5 file) as the hookgate YAML it is served
as, so you can move over for good. hookgate serve and validate read the OpenClaw file as it is too; the
export is for editing it from then on (giving agents a runner, say).

What the YAML holds: the hooks section (hooks.gmail's model settings as hooks.mail, and
sessionMode: isolated, OpenClaw's default), the agents (agents.entries or agents.list with
agents.defaults: model, aliases, modelPolicy, thinking, timeout; each with the echo runner) and the bot
credentials of Telegram, Discord, Slack and Mattermost. Everything else is left out and listed in
comments at the top (and on stderr). \${ENV} references are kept as they are.

  --config, -c FILE   the OpenClaw file to export (required)
  --out, -o FILE      write the YAML there instead of stdout; put it beside the OpenClaw file (for
                      example hookgate.yaml in ~/.openclaw/), where its paths (hooks/transforms, the
                      store) resolve the same
  --force             overwrite --out when it exists
  --help, -h          show this help

Check the result with: hookgate validate --config FILE. Exit status 0 when written, 1 when the file
cannot be exported (every reason on stderr).`;

const SUBCOMMANDS = ["export"];

export const command: Command = {
  summary: "export an OpenClaw config file as hookgate YAML (config export)",
  async run(argv) {
    const args = parseCommandArgs("config", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        out: { type: "string", short: "o" },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;
    const [sub, ...extra] = positionals;
    if (sub === undefined) return usageError("config", help, "give a subcommand: export");
    if (sub !== "export") {
      return usageError("config", help, `unknown subcommand "${sub}"${didYouMean(sub, SUBCOMMANDS)}`);
    }
    if (extra.length > 0) return usageError("config", help, `unexpected argument "${extra[0]}"`);
    if (values.config === undefined) return usageError("config", help, "--config FILE is required");
    const file = resolve(values.config);
    if (!isOpenClawFile(file)) {
      return usageError(
        "config",
        help,
        `${values.config} is not an OpenClaw config file (openclaw.json, or a .json5 file); hookgate files need no export`,
      );
    }
    const display = displayPath(file, process.cwd());
    const exported = await exportOpenClaw(file, display);
    for (const issue of exported.issues) process.stderr.write(`${formatIssue(issue)}\n`);
    if (exported.yaml === undefined) {
      process.stderr.write(`${display}: not exported\n`);
      return 1;
    }
    if (values.out === undefined) {
      process.stdout.write(exported.yaml);
      return 0;
    }
    const out = resolve(values.out);
    if (existsSync(out) && !values.force) {
      process.stderr.write(`hookgate config: ${values.out} exists; pass --force to overwrite it\n`);
      return 1;
    }
    await writeFile(out, exported.yaml);
    process.stderr.write(`wrote ${values.out}; check it with: hookgate validate --config ${values.out}\n`);
    if (dirname(out) !== dirname(file)) {
      process.stderr.write(
        `note: ${values.out} is not beside ${display}: relative paths in it (hooks/transforms, the store) now resolve against its own folder\n`,
      );
    }
    return 0;
  },
};
