// `hookgate packs`: the packs a config can enable (hooks.packDirs folders, built-in, installed npm
// packages it enables), and `hookgate packs show NAME`: one pack's parameters, mappings and docs.
import { ConfigError, formatIssue } from "../config/errors.js";
import { IssueList } from "../config/issues.js";
import { configFileNames, type LoadedConfig, loadConfig } from "../config/load.js";
import { loadPackCatalog } from "../config/packs/catalog.js";
import { PackFinder } from "../config/packs/enable.js";
import { installedPackNames } from "../config/packs/npm.js";
import type { PackDefinition, PackEntry } from "../config/packs/types.js";
import type { ResolvedMapping } from "../config/types.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import {
  type ListedPack,
  type PackView,
  packDetailJson,
  packJson,
  packTable,
  showPack,
} from "./pack-view.js";

const help = `Usage: hookgate packs [--config FILE] [--json]
       hookgate packs show NAME [--config FILE] [--json]

Lists the packs the configuration can enable: those in its hooks.packDirs folders, the built-in ones
(rules/presets/), and installed hookgate-pack-<name> packages, enabled or not. Enable one with
hooks.presets: [NAME]; set its parameters under hooks.packs.NAME.

  show NAME           one pack (by id or alias): its parameters with type, default, description and,
                      when enabled, value (secrets read "(secret)"); its mappings; its docs links.
                      For an installed package hookgate-pack-NAME, give NAME.
  --config, -c FILE   config file; default: ./${configFileNames.join(", ./")} (first found), else the built-in default
  --json              JSON instead of text
  --help, -h          show this help

Exit status 0, or 1 when the config does not load or NAME is no pack.`;

export const command: Command = {
  summary: "list the packs a config can enable, or show one's parameters and mappings",
  async run(argv) {
    const args = parseCommandArgs("packs", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;
    const [sub, name, ...extra] = positionals;
    if (sub !== undefined && sub !== "show") {
      return usageError("packs", help, `unknown subcommand "${sub}"; did you mean show?`);
    }
    if (sub === "show" && name === undefined) return usageError("packs", help, "show needs a pack name");
    if (extra.length > 0) return usageError("packs", help, `unexpected argument ${extra[0]}`);

    let loaded: LoadedConfig;
    try {
      loaded = await loadConfig({
        ...(values.config !== undefined && { file: values.config }),
        requireToken: false,
      });
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      for (const issue of err.issues) process.stderr.write(`${formatIssue(issue)}\n`);
      process.stderr.write("hookgate packs: the config does not load; fix it first (hookgate validate)\n");
      return 1;
    }
    const { config } = loaded;
    const issues = new IssueList();
    const catalog = await loadPackCatalog({
      dirs: (config.hooks.packDirs ?? []).map((dir) => ({ dir })),
    });
    const enabled = new Map(config.hooks.packs.map((p) => [p.pack.file, p]));
    const listed = (pack: PackEntry): ListedPack => {
      const on = enabled.get(pack.file);
      return on ? { pack, enabledAs: on.enabledAs } : { pack };
    };

    if (sub === "show") {
      const finder = new PackFinder(catalog, { npmFrom: config.dir, issues });
      const { pack, tried, broken } = await finder.find(name!);
      if (!pack) {
        for (const issue of issues.items) process.stderr.write(`${formatIssue(issue)}\n`);
        if (!broken) process.stderr.write(`hookgate packs: ${finder.unknownMessage(name!, tried)}\n`);
        return 1;
      }
      const on = enabled.get(pack.file);
      const v: PackView = on
        ? { pack, enabledAs: on.enabledAs, values: on.values, mappings: on.mappings }
        : { pack, mappings: writtenMappings(pack) };
      process.stdout.write(`${values.json ? JSON.stringify(packDetailJson(v), null, 2) : showPack(v)}\n`);
      return 0;
    }

    const packs = [...catalog.packs];
    const inList = (pack: PackEntry) => packs.some((p) => p.file === pack.file);
    for (const p of config.hooks.packs) if (!inList(p.pack)) packs.push(p.pack);
    // Installed packages, enabled or not: what `npm install hookgate-pack-<name>` added.
    const finder = new PackFinder(catalog, { npmFrom: config.dir, issues });
    for (const name of installedPackNames(config.dir)) {
      if (catalog.byName.has(name)) continue;
      const { pack } = await finder.find(name);
      if (pack && !inList(pack)) packs.push(pack);
    }
    for (const issue of issues.items) process.stderr.write(`${formatIssue(issue)}\n`);
    const views = packs.map(listed);
    process.stdout.write(
      `${values.json ? JSON.stringify(views.map(packJson), null, 2) : packTable(views)}\n`,
    );
    return 0;
  },
};

/** A pack's mappings as written (not enabled: its parameters have no values to substitute). */
function writtenMappings(pack: PackDefinition): PackView["mappings"] {
  const list = (pack.document["mappings"] ?? []) as Partial<ResolvedMapping>[];
  return list.map((m, i) => ({
    id: m.id ?? `${pack.id}-${i + 1}`,
    action: m.action ?? "agent",
    ...(m.match !== undefined && { match: m.match }),
    ...(m.allowUnsafeExternalContent !== undefined && {
      allowUnsafeExternalContent: m.allowUnsafeExternalContent,
    }),
    ...((m.verify ?? pack.document["verify"]) !== undefined && {
      verify: (m.verify ?? pack.document["verify"]) as ResolvedMapping["verify"],
    }),
  }));
}
