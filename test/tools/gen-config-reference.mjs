// Renders the configuration reference (markdown tables) from the descriptions, types and defaults in
// schemas/config.schema.json. `node test/tools/gen-config-reference.mjs` writes it into
// docs/reference/configuration.md between the config-reference markers; test/unit/config-reference.test.ts
// fails when that page is stale.
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const referencePath = join(root, "docs", "reference", "configuration.md");
export const schemaPath = join(root, "schemas", "config.schema.json");
export const startMarker = "<!-- config-reference:start -->";
export const endMarker = "<!-- config-reference:end -->";

const channels = ["whatsapp", "telegram", "discord", "slack", "mattermost", "signal", "imessage", "msteams"];

/** Sections in reading order: heading (also the key prefix of the rows) and the $defs entry. */
const sections = [
  { title: "server", def: "server" },
  { title: "server.metrics", def: "metrics" },
  { title: "server.console", def: "console" },
  { title: "hooks", def: "hooks" },
  { title: "hooks.authFailures", def: "authFailures" },
  { title: "hooks.transformLimits", def: "transformLimits" },
  { title: "hooks.mail", def: "mailConfig" },
  {
    title: "hooks.mappings[]",
    def: "mapping",
    note: "Mapping record; rule files (hooks.rules, presets) hold the same records under `mappings`.",
  },
  { title: "hooks.mappings[].match", def: "match" },
  { title: "hooks.mappings[].transform", def: "transform" },
  { title: "hooks.mappings[].verify", def: "verify" },
  { title: "hooks.mappings[].challenge", def: "challenge" },
  { title: "hooks.mappings[].flow", def: "flow" },
  { title: "hooks.mappings[].flow.dedupe", def: "flowDedupe" },
  { title: "hooks.mappings[].flow.coalesce", def: "flowCoalesce" },
  { title: "hooks.mappings[].flow.rate", def: "flowRate" },
  {
    title: "agents.defaults",
    def: "agentDefaults",
    extra: { key: "models.<provider/model>", def: "modelEntry" },
  },
  { title: "agents.list[]", def: "agent" },
  { title: "agents.list[].runner", def: "runner" },
  { title: "providers.<name>", def: "provider" },
  ...channels.map((name) => ({ title: `channels.${name}`, def: `${name}Channel` })),
  { title: "delivery", def: "delivery" },
  { title: "alerts", def: "alerts" },
  { title: "heartbeat", def: "heartbeat" },
  { title: "store", def: "store" },
  { title: "requestLog", def: "requestLog" },
  { title: "retention", def: "retention" },
  { title: "store.tls", def: "storeTls" },
];

/** Markdown for the reference section (without the markers). */
export function renderConfigReference(schema) {
  const defs = schema.$defs;
  const out = [
    "<!-- Generated from schemas/config.schema.json by `node test/tools/gen-config-reference.mjs`; do not edit by hand. -->",
    "",
    text(schema.description),
    "",
  ];
  for (const section of sections) {
    const def = defs[section.def];
    if (!def) continue;
    out.push(`## \`${section.title}\``, "");
    const intro = [def.description, section.note].filter(Boolean).map(text).join(" ");
    if (intro) out.push(intro, "");
    out.push("| Key | Type | Default | Description |", "|---|---|---|---|");
    for (const row of rows(def, section.title, defs)) out.push(row);
    if (section.extra) {
      const extraDef = defs[section.extra.def];
      for (const row of rows(extraDef, `${section.title}.${section.extra.key}`, defs)) out.push(row);
    }
    out.push("");
  }
  return out.join("\n").trimEnd();
}

function rows(def, prefix, defs) {
  const required = new Set(def.required ?? []);
  return Object.entries(def.properties ?? {}).map(([key, prop]) => {
    const type = typeOf(prop, defs) + (required.has(key) ? ", required" : "");
    const dflt =
      "default" in prop
        ? code(typeof prop.default === "string" ? prop.default : JSON.stringify(prop.default))
        : "";
    const description = prop.description ?? (prop.$ref ? refDescription(prop.$ref, defs) : "");
    return `| ${code(`${prefix}.${key}`)} | ${type} | ${dflt} | ${text(description)} |`;
  });
}

function refDescription(ref, defs) {
  const name = ref.split("/").pop();
  const section = sections.find((s) => s.def === name);
  const target = defs[name];
  return [target?.description, section ? `See ${section.title}.` : ""].filter(Boolean).join(" ");
}

function typeOf(prop, defs) {
  if (prop.$ref) {
    const target = defs[prop.$ref.split("/").pop()];
    return target.enum ? enumOf(target.enum) : "object";
  }
  if (prop.enum) return enumOf(prop.enum);
  const types = Array.isArray(prop.type) ? prop.type : [prop.type];
  let type = types.join(" or ");
  if (prop.type === "array") type = `list of ${typeOf(prop.items ?? {}, defs)}`;
  if (prop.type === "object" && prop.additionalProperties && typeof prop.additionalProperties === "object") {
    type = `map of ${typeOf(prop.additionalProperties, defs)}`;
  }
  if (prop.format === "uri") type = "URL";
  const min = prop.minimum ?? prop.exclusiveMinimum;
  const minSign = prop.minimum !== undefined ? "≥" : ">";
  if (min !== undefined && prop.maximum !== undefined) type += ` (${minSign} ${min}, ≤ ${prop.maximum})`;
  else if (min !== undefined) type += ` (${minSign} ${min})`;
  return type;
}

function enumOf(values) {
  return values.map((v) => code(String(v))).join(" \\| ");
}

function code(s) {
  return `\`${s.replace(/\|/g, "\\|")}\``;
}

/** Table-safe prose: pipes escaped; outside code spans, angle brackets kept visible (not HTML) and `*`
 * kept literal (not emphasis). */
function text(s) {
  return String(s ?? "")
    .replace(/\s*\n\s*/g, " ")
    .split("`")
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\*/g, "\\*"),
    )
    .join("`")
    .replace(/\|/g, "\\|");
}

/** Page text with the section between the markers replaced. */
export function replaceSection(page, section) {
  const start = page.indexOf(startMarker);
  const end = page.indexOf(endMarker);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`the configuration reference lacks ${startMarker} ... ${endMarker}`);
  return `${page.slice(0, start + startMarker.length)}\n${section}\n${page.slice(end)}`;
}

/** The text between the markers, as replaceSection writes it. */
export function extractSection(page) {
  const start = page.indexOf(startMarker);
  const end = page.indexOf(endMarker);
  if (start === -1 || end === -1 || end < start) return undefined;
  return page
    .slice(start + startMarker.length, end)
    .replace(/^\n/, "")
    .replace(/\n$/, "");
}

export async function generateConfigReference() {
  return renderConfigReference(JSON.parse(await readFile(schemaPath, "utf8")));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = await readFile(referencePath, "utf8");
  await writeFile(referencePath, replaceSection(page, await generateConfigReference()));
  console.log(`wrote the configuration reference into ${referencePath}`);
}
