// An OpenClaw configuration (openclaw.json) read as it is: its `hooks` section and its agents become a
// hookgate configuration, the credentials of the chat channels hookgate can deliver to are kept, and
// every other section is left out with one notice. The result is hookgate's raw configuration, which
// then goes through the same schema, resolution and checks as a hookgate file; `origin` leads every
// key of it back to the key of the OpenClaw file it came from.
import { join } from "node:path";
import { isObject } from "../../core/is-object.js";
import { translateAgents } from "./agents.js";
import { PathOrigins } from "./origins.js";
import type { Finding, Obj, Report, Translation } from "./report.js";

/** OpenClaw's own sections hookgate has no use for, with what to do instead where there is something. */
const SECTION_HINTS: Record<string, string> = {
  gateway:
    "the gateway's own settings (port, bind, auth, control UI); hookgate listens on server.host and server.port, 127.0.0.1:18789 by default (OpenClaw's port too)",
  models: "model providers are not read; give agents an llm runner and providers.<name> in the exported YAML",
  plugins: "OpenClaw plugins; hookgate has none",
  auth: "OpenClaw's model auth profiles; hookgate's providers take an apiKey",
  session: "OpenClaw's chat session settings; hook runs use hooks.sessionMode and session keys",
  bindings: "routing of chat messages to agents; hookgate takes no chat messages",
};

const HOOK_KEYS = [
  "enabled",
  "token",
  "path",
  "allowedAgentIds",
  "defaultSessionKey",
  "allowRequestSessionKey",
  "allowedSessionKeyPrefixes",
  "presets",
  "mappings",
  "transformsDir",
  "maxBodyBytes",
];
const GMAIL_KEYS = ["model", "thinking", "allowUnsafeExternalContent"];

/** `data`: the parsed file; `home`: the folder `~/` stands for in paths (OpenClaw expands it). */
export function fromOpenClaw(data: unknown, opts: { home: string }): Translation {
  const notices: Finding[] = [];
  const errors: Finding[] = [];
  const report: Report = {
    notice: (path, message) => notices.push({ path, message }),
    error: (path, message) => errors.push({ path, message }),
    origins: new PathOrigins(),
  };
  const config: Obj = {};
  const raw = isObject(data) ? data : {};
  if (!isObject(data)) report.error([], "an OpenClaw configuration is one JSON5 object");

  for (const [key, value] of Object.entries(raw)) {
    if (key === "hooks") {
      if (isObject(value)) config["hooks"] = translateHooks(value, opts.home, report);
      else config["hooks"] = value;
    } else if (key === "agents" || key === "agent") {
      // Read below, together.
    } else if (key === "channels") {
      const channels = translateChannels(value, report);
      if (channels) config["channels"] = channels;
    } else if (key !== "$schema") {
      report.notice(
        [key],
        `ignored: ${SECTION_HINTS[key] ?? `OpenClaw's ${key} settings are not used by hookgate`}`,
      );
    }
  }
  const agents = translateAgents(raw["agents"], raw["agent"], report);
  if (agents) config["agents"] = agents;
  // In the order of a hookgate file.
  const ordered: Obj = {};
  for (const key of ["hooks", "agents", "channels"])
    if (config[key] !== undefined) ordered[key] = config[key];
  return { config: ordered, notices, errors, origin: (path) => report.origins.origin(path) };
}

function translateHooks(hooks: Obj, home: string, report: Report): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(hooks)) {
    const path = ["hooks", key];
    if (key === "allowedSessionKeyPrefixes" && Array.isArray(value)) {
      // OpenClaw skips blank prefixes and reads a list of nothing but blanks as no restriction.
      const kept = value.filter((p) => typeof p !== "string" || p.trim() !== "");
      if (kept.length > 0) out[key] = kept;
      if (kept.length === 0) {
        report.notice(
          path,
          "left out: a list without prefixes restricts nothing in OpenClaw, here it would refuse every key",
        );
      } else if (kept.length < value.length) {
        report.notice(
          path,
          "blank prefixes left out, as OpenClaw skips them (here they would admit every key)",
        );
      }
    } else if (key === "transformsDir" && typeof value === "string" && /^~[/\\]/.test(value)) {
      out[key] = join(home, value.slice(2));
    } else if (key === "gmail" && isObject(value)) {
      const mail: Obj = {};
      for (const k of GMAIL_KEYS) if (value[k] !== undefined) mail[k] = value[k];
      if (Object.keys(mail).length > 0) out["mail"] = mail;
      report.origins.add(["hooks", "mail"], path);
      const watcher = Object.keys(value).filter((k) => !GMAIL_KEYS.includes(k));
      if (watcher.length > 0) {
        report.notice(
          path,
          `ignored: ${watcher.join(", ")} configure OpenClaw's Gmail watcher, which hookgate does not run; keep the watcher running and point its hookUrl at hookgate (model, thinking and allowUnsafeExternalContent are read, as hooks.mail)`,
        );
      }
    } else if (HOOK_KEYS.includes(key)) {
      out[key] = value;
    } else {
      report.notice(
        path,
        key === "internal"
          ? "ignored: OpenClaw's internal event hooks (HOOK.md handlers) are not part of the HTTP hooks"
          : `ignored: hooks.${key} is an OpenClaw setting hookgate does not use`,
      );
    }
  }
  // OpenClaw runs every hook agent turn in a fresh session unless told otherwise.
  out["sessionMode"] = "isolated";
  report.origins.add(["hooks", "sessionMode"], ["hooks"]);
  return out;
}

/**
 * OpenClaw's channels hold its chat bots; hookgate only sends replies, so it keeps the bot credentials
 * of the channels it can deliver to through the same API (Telegram, Discord, Slack, Mattermost) and
 * leaves the rest (who may talk to the bot, groups, accounts, and the other channels).
 */
function translateChannels(channels: unknown, report: Report): Obj | undefined {
  if (!isObject(channels)) return undefined;
  const out: Obj = {};
  const kept: string[] = [];
  const left: string[] = [];
  const credential = (name: string, from: string, to: string, also?: [string, string]) => {
    const c = channels[name];
    if (!isObject(c) || c["enabled"] === false || typeof c[from] !== "string") return false;
    const entry: Obj = { [to]: c[from] };
    report.origins.add(["channels", name, to], ["channels", name, from]);
    if (also) {
      if (typeof c[also[0]] !== "string") return false;
      entry[also[1]] = c[also[0]];
      report.origins.add(["channels", name, also[1]], ["channels", name, also[0]]);
    }
    out[name] = entry;
    return true;
  };
  for (const name of Object.keys(channels)) {
    const ok =
      name === "telegram"
        ? credential(name, "botToken", "botToken")
        : name === "discord"
          ? credential(name, "token", "botToken")
          : name === "slack"
            ? credential(name, "botToken", "botToken")
            : name === "mattermost"
              ? credential(name, "botToken", "token", ["baseUrl", "baseUrl"])
              : false;
    (ok ? kept : left).push(name);
  }
  const parts = [
    kept.length > 0
      ? `the bot credentials of ${kept.join(", ")} are read, for delivering replies; their other settings (who may write to the bot, groups, accounts, ...) are not`
      : "",
    left.length > 0
      ? `${left.join(", ")} ${left.length === 1 ? "is" : "are"} left out (hookgate delivers through other APIs there, or the channel is disabled): configure channels.<name> in the exported YAML`
      : "",
  ].filter((p) => p !== "");
  report.notice(["channels"], parts.join("; "));
  return kept.length > 0 ? out : undefined;
}
