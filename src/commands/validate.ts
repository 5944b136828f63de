// `hookgate validate`: load the config and compile the rule index without starting anything.

import { resolve } from "node:path";
import { ConfigError, formatIssue } from "../config/errors.js";
import type { ConfigIssue } from "../config/issues.js";
import {
  configFileNames,
  findConfigFile,
  type LoadedConfig,
  loadConfig,
  sortIssues,
} from "../config/load.js";
import { isThirdParty, packFrom } from "../config/packs/third-party.js";
import { displayPath } from "../config/source/source-file.js";
import type { ResolvedConfig } from "../config/types.js";
import { compileIssues } from "../engine/compile-issues.js";
import { parseCommandArgs } from "./args.js";
import { configSources } from "./cases/load-sources.js";
import { templateNameWarnings } from "./cases/template-names.js";
import type { Command } from "./command.js";
import { packReach } from "./pack-reach.js";
import { recordingReads, reloadEnvNotice } from "./reload-hint.js";

const help = `Usage: hookgate validate [--config FILE]

Checks a configuration: syntax, every key against the schema, cross-checks (token, paths, allowlists,
models, transforms), rule files, templates and transform modules. Nothing is started or written.

  --config, -c FILE   config file (YAML or JSON, or an OpenClaw openclaw.json, read as it is).
                      Default: ./${configFileNames.join(", ./")} (first found), else the built-in default.
  --help, -h          show this help

While a server runs this config (its pid file beside the state), a notice names the \${NAME}
variables it read: a reload takes them from the environment the server started with, not from this
shell. A value that changes belongs in a file, read with \${file:PATH} again on every reload.

Exit status 0 when valid (a one-line summary on stdout, then a line for each enabled pack that is not
built in: the hook names it reaches, with or without the token, and whether its content is fenced;
warnings on stderr), 1 when not (every problem on stderr as file:line:column: key.path: message).`;

export const command: Command = {
  summary: "check a config file and its rules without starting anything",
  shortLived: true,
  async run(argv) {
    const args = parseCommandArgs("validate", help, {
      args: argv,
      options: { config: { type: "string", short: "c" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    });
    if (typeof args === "number") return args;
    const { values } = args;

    let loaded: LoadedConfig;
    const { env, read } = recordingReads(process.env);
    try {
      loaded = await loadConfig({ ...(values.config !== undefined && { file: values.config }), env });
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      // The rules that could still be read are compiled too, so one run lists every problem.
      // Only their errors: warnings about rules of a config that does not load would be noise.
      const more = err.rules ? (await compileIssues(err.rules)).errors : [];
      const name = describeSource(values.config);
      return report(sortIssues([...err.issues, ...more], name), name);
    }
    // Templates, `when` expressions and transform modules are only checked by compiling them. A
    // template name that no test case's payload has is likely a typo, which renders empty: the cases
    // are read for it while the rules compile (a transform loads in esbuild's process and a worker).
    const [compiled, names] = await Promise.all([
      compileIssues({
        hooks: loaded.config.hooks,
        server: loaded.config.server,
        placeIssue: loaded.placeIssue,
      }),
      configSources(loaded.config, process.cwd(), loaded.placeIssue, loaded.rulesFiles).then(
        templateNameWarnings,
      ),
    ]);
    const notice = reloadEnvNotice(loaded.config, loaded.source, read);
    const unread = names.map(loaded.placeIssue);
    const warnings = [...loaded.warnings, ...compiled.warnings, ...unread, ...(notice ? [notice] : [])];
    if (compiled.errors.length > 0) {
      return report(sortIssues([...warnings, ...compiled.errors], loaded.source), loaded.source);
    }

    for (const w of sortIssues(warnings, loaded.source)) process.stderr.write(`${formatIssue(w)}\n`);
    process.stdout.write(`${loaded.source}: valid — ${summary(loaded.config)}\n`);
    for (const p of loaded.config.hooks.packs) {
      if (!isThirdParty(p.pack)) continue;
      process.stdout.write(
        `pack ${p.pack.id} (${packFrom(p.pack)}, not built in) reaches ${packReach(p.mappings)}\n`,
      );
    }
    return 0;
  },
};

function report(issues: ConfigIssue[], name: string): number {
  for (const issue of issues) process.stderr.write(`${formatIssue(issue)}\n`);
  const errors = issues.filter((i) => i.severity === "error").length;
  process.stderr.write(`${name}: invalid — ${plural(errors, "error")}\n`);
  return 1;
}

/** The config file as load names it in issues (relative to the working folder when below it). */
function describeSource(file: string | undefined): string {
  const found = file !== undefined ? resolve(file) : findConfigFile(process.cwd());
  return found !== undefined ? displayPath(found, process.cwd()) : "built-in default";
}

function summary(config: ResolvedConfig): string {
  const h = config.hooks;
  const packs = (h.packs ?? []).filter((p) => p.mappings.length > 0);
  const fromPacks = packs.reduce((n, p) => n + p.mappings.length, 0);
  // As hooks.presets names them: `2 from pack mail`, `8 from packs: github 4, stripe 4`.
  const which =
    packs.length === 1
      ? `pack ${packs[0]!.enabledAs}`
      : `packs: ${packs.map((p) => `${p.enabledAs} ${p.mappings.length}`).join(", ")}`;
  return [
    plural(h.mappings.length + fromPacks, "mapping") + (fromPacks > 0 ? ` (${fromPacks} from ${which})` : ""),
    plural(h.ruleFiles?.length ?? 0, "rule file"),
    `presets: ${h.presets.length > 0 ? h.presets.join(", ") : "none"}`,
    plural(config.agents.list.length, "agent"),
  ].join(", ");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
