// A configuration without a file, for trying rules on their own (`hookgate test --pack FILE`): hooks on,
// no token needed, one echo agent, the given hooks settings (rule files resolve against `dir`), and
// every chat channel configured with placeholders, so that a rule naming a channel loads (nothing is
// ever sent from this configuration).
import type { ChannelsConfig, HooksConfig } from "../types/generated.js";
import { ConfigError } from "./errors.js";
import { type ConfigIssue, IssueList } from "./issues.js";
import type { ResolveContext } from "./resolve/context.js";
import { resolveConfig } from "./resolve/resolve.js";
import { SourceRegistry } from "./source/sources.js";
import type { ResolvedConfig } from "./types.js";

const PLACEHOLDER_CHANNELS: ChannelsConfig = {
  whatsapp: { accessToken: "placeholder", phoneNumberId: "0" },
  telegram: { botToken: "0:placeholder" },
  discord: { botToken: "placeholder" },
  slack: { botToken: "xoxb-placeholder" },
  mattermost: { baseUrl: "http://127.0.0.1:9", token: "placeholder" },
  signal: { baseUrl: "http://127.0.0.1:9", number: "+10000000000" },
  imessage: { baseUrl: "http://127.0.0.1:9", password: "placeholder" },
  msteams: { webhooks: { placeholder: "http://127.0.0.1:9/placeholder" } },
};

export async function bareConfig(
  dir: string,
  hooks: Omit<HooksConfig, "enabled" | "token">,
  cwd: string = process.cwd(),
): Promise<{
  config: ResolvedConfig;
  warnings: ConfigIssue[];
  /** Gives an issue found later (by the rule compiler) the file:line:column of its key path. */
  placeIssue(issue: ConfigIssue): ConfigIssue;
}> {
  const issues = new IssueList();
  const sources = new SourceRegistry({});
  const ctx: ResolveContext = {
    dir,
    cwd,
    file: null,
    env: process.env,
    source: {},
    issues,
    sources,
    requireToken: false,
  };
  const config = await resolveConfig(
    {
      hooks: { enabled: true, token: "", presets: [], ...hooks },
      agents: { list: [{ id: "main", default: true, runner: { kind: "echo" } }] },
      channels: PLACEHOLDER_CHANNELS,
    },
    ctx,
  );
  if (issues.hasErrors) throw new ConfigError(issues.items.map((i) => sources.place(i)));
  const placeIssue = (issue: ConfigIssue) => sources.place(issue);
  return { config, warnings: issues.warnings.map(placeIssue), placeIssue };
}
