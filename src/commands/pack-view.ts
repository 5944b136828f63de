// How `hookgate packs` shows a pack: a row of the list, the details of `show`, and the same as JSON.
// Secret parameters are never shown: their value reads "(secret)", and so does a default that is
// more than ${ENV} references.
import type { PackDefinition, PackEntry, PackParam } from "../config/packs/types.js";
import type { ResolvedMapping } from "../config/types.js";
import { packReach } from "./pack-reach.js";
import { textTable } from "./text-table.js";

/** A row of the list: what the catalogue knows without reading the pack's file. */
export interface ListedPack {
  pack: PackEntry;
  /** The name hooks.presets enables it by, when it does. */
  enabledAs?: string;
}

/** One pack shown in full (`show`). */
export interface PackView extends ListedPack {
  pack: PackDefinition;
  /** Its parameter values in the loaded config (enabled packs only). */
  values?: Readonly<Record<string, unknown>>;
  /** Its mappings as instantiated (enabled packs), else as written. */
  mappings: readonly Pick<
    ResolvedMapping,
    "id" | "action" | "match" | "verify" | "allowUnsafeExternalContent"
  >[];
}

const SECRET = "(secret)";

function where(pack: PackEntry): string {
  const o = pack.origin;
  if (o.kind === "built-in") return "built-in";
  if (o.kind === "npm") return `npm ${o.packageName}`;
  return pack.display;
}

/** The list: one line per pack, aligned columns. */
export function packTable(views: readonly ListedPack[]): string {
  if (views.length === 0) return "no packs";
  const rows = views.map((v) => [
    v.pack.id,
    v.pack.version,
    v.pack.aliases.join(",") || "-",
    v.enabledAs !== undefined ? "yes" : "no",
    where(v.pack),
    firstSentence(v.pack.description ?? ""),
  ]);
  return textTable(["ID", "VERSION", "ALIASES", "ENABLED", "FROM", "DESCRIPTION"], rows);
}

export function showPack(view: PackView): string {
  const { pack } = view;
  const out: string[] = [];
  const from = pack.origin.kind === "dir" ? pack.display : `${where(pack)}: ${pack.display}`;
  out.push(`${pack.id} ${pack.version} (${from})`);
  if (pack.aliases.length > 0) out.push(`aliases: ${pack.aliases.join(", ")}`);
  out.push(
    view.enabledAs !== undefined
      ? `enabled (hooks.presets: ${view.enabledAs})`
      : `not enabled: add ${pack.id} to hooks.presets`,
  );
  out.push(`reaches ${packReach(view.mappings)}`);
  if (pack.description) out.push("", wrap(pack.description.trim(), 100));
  const params = Object.entries(pack.params);
  out.push("", `Parameters (hooks.packs.${pack.id}):`);
  if (params.length === 0) out.push("  (none)");
  for (const [name, p] of params) {
    const facts = [typeName(p), ...(p.required ? ["required"] : []), ...(p.secret ? ["secret"] : [])];
    const parts = [`  ${name}: ${facts.join(", ")}`];
    if (p.default !== undefined) parts.push(`default ${shownDefault(p)}`);
    if (p.enum) parts.push(`one of ${p.enum.map((e) => JSON.stringify(e)).join(", ")}`);
    if (view.values) parts.push(`value ${shownValue(p, view.values[name])}`);
    out.push(parts.join("; "));
    if (p.description) out.push(`      ${p.description.trim()}`);
  }
  out.push("", "Mappings:");
  if (view.mappings.length === 0) out.push("  (none)");
  for (const m of view.mappings) {
    const path = m.match?.path !== undefined ? `path ${m.match.path}` : "any path";
    const verify = m.verify ? `, verify ${m.verify.scheme}` : "";
    out.push(`  ${m.id}: ${m.action}, ${path}${verify}`);
  }
  if (pack.docs.length > 0) out.push("", "Docs:", ...pack.docs.map((d) => `  ${d}`));
  return out.join("\n");
}

/** A row of the list as JSON. */
export function packJson(view: ListedPack): Record<string, unknown> {
  const { pack } = view;
  return {
    id: pack.id,
    version: pack.version,
    aliases: pack.aliases,
    description: pack.description ?? null,
    enabled: view.enabledAs !== undefined,
    from:
      pack.origin.kind === "npm"
        ? { kind: "npm", package: pack.origin.packageName }
        : { kind: pack.origin.kind },
    file: pack.file,
  };
}

/** The full view as JSON, secrets masked. */
export function packDetailJson(view: PackView): Record<string, unknown> {
  const { pack } = view;
  const out = packJson(view);
  out["docs"] = pack.docs;
  out["params"] = Object.fromEntries(
    Object.entries(pack.params).map(([name, p]) => {
      const entry: Record<string, unknown> = { type: typeName(p) };
      if (p.description !== undefined) entry["description"] = p.description;
      if (p.default !== undefined) entry["default"] = p.secret && !onlyEnv(p.default) ? SECRET : p.default;
      if (p.enum) entry["enum"] = p.enum;
      entry["required"] = p.required === true;
      entry["secret"] = p.secret === true;
      if (view.values) {
        const v = view.values[name];
        entry["value"] = v === undefined ? null : p.secret ? SECRET : v;
      }
      return [name, entry];
    }),
  );
  out["reaches"] = packReach(view.mappings);
  out["mappings"] = view.mappings.map((m) => ({
    id: m.id,
    action: m.action,
    path: m.match?.path ?? null,
    verify: m.verify?.scheme ?? null,
  }));
  return out;
}

function typeName(p: PackParam): string {
  return p.type === "array" ? "list of strings" : p.type;
}

function shownDefault(p: PackParam): string {
  if (p.secret && !onlyEnv(p.default)) return SECRET;
  return typeof p.default === "string" ? p.default : JSON.stringify(p.default);
}

function shownValue(p: PackParam, value: unknown): string {
  if (value === undefined) return "(not set)";
  if (p.secret) return SECRET;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A default that names environment variables and holds no secret text of its own. */
function onlyEnv(value: unknown): boolean {
  return typeof value === "string" && /^(\$\{[A-Za-z_][A-Za-z0-9_]*\})+$/.test(value);
}

function firstSentence(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  const end = one.search(/\.(\s|$)/);
  const sentence = end === -1 ? one : one.slice(0, end + 1);
  return sentence.length > 70 ? `${sentence.slice(0, 69)}…` : sentence;
}

function wrap(text: string, width: number): string {
  const words = text.replace(/\s+/g, " ").split(" ");
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line !== "" && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line === "" ? w : `${line} ${w}`;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}
