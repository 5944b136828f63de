// What a pack that is not built in (a hooks.packDirs file, an installed npm package) may do. Its text
// is someone else's: only the user's own configuration (the config file and its rule files) reads the
// environment or secret files, and the built-in packs ship with hookgate. So such a pack's parameter
// defaults are taken as written, a secret it verifies with must come whole from a parameter the user
// sets, a secret parameter goes nowhere but a verify or a handshake, the untrusted-content fence stays
// on unless the user turns it off through a parameter, and each of its mappings names its path.
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import { formatKeyPath, type PathSegment } from "../source/key-path.js";
import type { ResolvedMapping } from "../types.js";
import { walkStrings as walk } from "./substitute.js";
import type { PackDefinition, PackEntry } from "./types.js";

/** A pack whose text did not ship with hookgate. */
export function isThirdParty(pack: Pick<PackEntry, "origin">): boolean {
  return pack.origin.kind !== "built-in";
}

/** How messages name where such a pack came from. */
export function packFrom(pack: Pick<PackEntry, "origin" | "display">): string {
  if (pack.origin.kind === "npm") return `npm package ${pack.origin.packageName}`;
  if (pack.origin.kind === "dir") return pack.display;
  return "built in";
}

const REFERENCE = /\$(\$?)\{([^}]*)\}/g;

/** The `${NAME}` and `${file:PATH}` references of a default, as written (`$${...}` is no reference). */
export function environmentReferences(value: unknown): string[] {
  const found: string[] = [];
  walk(value, (text) => {
    for (const m of text.matchAll(REFERENCE)) if (!m[1]) found.push(m[0]);
  });
  return found;
}

/** A default taken as written: `$${X}` still reads `${X}`, as it would in the user's configuration. */
export function literalDefault(value: unknown): unknown {
  if (typeof value === "string") return value.replace(/\$\$\{/g, "${");
  if (Array.isArray(value)) return value.map(literalDefault);
  return value;
}

const WHOLE = /^\$\{param:([^}]*)\}$/;

/** A secret's place in a verify or a challenge, relative to it. */
const SECRET_KEYS = ["secret", "secrets", "verifyToken"] as const;

export interface ReachContext {
  pack: PackDefinition;
  /** The parameters the user set (hooks.packs.<name>). */
  given: readonly string[];
  /** Where the user's parameter block is, else where hooks.presets enables the pack. */
  user: { source: SourceRef; path: PathSegment[] };
}

/** The errors of a pack that is not built in, on its file as written and its mappings as instantiated. */
export function thirdPartyIssues(ctx: ReachContext, mappings: readonly ResolvedMapping[]): ConfigIssue[] {
  const { pack } = ctx;
  const issues: ConfigIssue[] = [];
  const doc = pack.document;
  const secretPlaces: string[] = [];
  for (const block of ["verify", "challenge"] as const) {
    checkSecrets(ctx, doc[block], [block], issues, secretPlaces);
  }
  const written = Array.isArray(doc["mappings"]) ? (doc["mappings"] as Record<string, unknown>[]) : [];
  for (const [i, m] of written.entries()) {
    for (const block of ["verify", "challenge"] as const) {
      checkSecrets(ctx, m?.[block], ["mappings", i, block], issues, secretPlaces);
    }
  }
  checkSecretParamUses(ctx, secretPlaces, issues);
  for (const mapping of mappings) {
    const i = Number(/mappings\[(\d+)\]$/.exec(mapping.origin)?.[1] ?? -1);
    const path = mapping.match?.path?.replace(/^[\s/]+|[\s/]+$/g, "");
    if (path === undefined || path === "") {
      issues.push(
        issueAt(
          "error",
          pack.source,
          ["mappings", i, "match", "path"],
          `pack ${pack.id} (${packFrom(pack)}) is not built in, so each of its mappings must name the hook name it takes in match.path; this one would take every path, your own included`,
        ),
      );
    }
    if (mapping.allowUnsafeExternalContent === true) {
      const ref = WHOLE.exec(String(written[i]?.["allowUnsafeExternalContent"] ?? ""))?.[1];
      if (ref === undefined || !ctx.given.includes(ref)) {
        issues.push(
          issueAt(
            "error",
            pack.source,
            ["mappings", i, "allowUnsafeExternalContent"],
            `pack ${pack.id} (${packFrom(pack)}) is not built in and may not turn the untrusted-content fence off${ref !== undefined ? `: the default of parameter ${ref} does; only you can, by setting ${userKey(ctx, ref)}: true` : ""}`,
          ),
        );
      }
    }
  }
  return issues;
}

/** Each secret of a verify or challenge must be `${param:NAME}` with NAME set by the user. */
function checkSecrets(
  ctx: ReachContext,
  block: unknown,
  at: PathSegment[],
  issues: ConfigIssue[],
  places: string[],
): void {
  if (block === null || typeof block !== "object") return;
  const { pack } = ctx;
  for (const key of SECRET_KEYS) {
    const value = (block as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const items: [unknown, PathSegment[]][] = Array.isArray(value)
      ? value.map((v, i) => [v, [...at, key, i]])
      : [[value, [...at, key]]];
    for (const [item, path] of items) {
      const ref = typeof item === "string" ? WHOLE.exec(item)?.[1] : undefined;
      if (ref === undefined) {
        issues.push(
          issueAt(
            "error",
            pack.source,
            path,
            `pack ${pack.id} (${packFrom(pack)}) is not built in, so it may not hold a secret of its own, which its author knows: the secret must be a whole parameter reference ("\${param:NAME}") that you set under hooks.packs.${pack.id}`,
          ),
        );
        continue;
      }
      places.push(ref);
      if (!ctx.given.includes(ref)) {
        issues.push(
          issueAt(
            "error",
            ctx.user.source,
            ctx.user.path,
            `pack ${pack.id} (${packFrom(pack)}) is not built in, so the secret it checks senders with (${formatKeyPath(path)}) must be yours: set ${userKey(ctx, ref)}${pack.params[ref]?.default !== undefined ? " (its default is written in the pack, known to its author)" : ""}`,
          ),
        );
      }
    }
  }
}

/** A secret parameter of such a pack is read by its verify and handshake only, never answered or sent on. */
function checkSecretParamUses(ctx: ReachContext, allowed: readonly string[], issues: ConfigIssue[]): void {
  const { pack } = ctx;
  const secret = new Set(
    Object.entries(pack.params)
      .filter(([, p]) => p.secret === true)
      .map(([name]) => name),
  );
  if (secret.size === 0) return;
  const doc = pack.document;
  const visit = (node: unknown, at: PathSegment[]) =>
    walk(
      node,
      (text, path) => {
        // A whole reference in a secret's place is what checkSecrets allowed.
        if (allowed.length > 0 && isSecretPlace(path) && WHOLE.test(text)) return;
        for (const m of text.matchAll(/\$(\$?)\{param:([^}]*)\}/g)) {
          if (m[1] || !secret.has(m[2]!)) continue;
          issues.push(
            issueAt(
              "error",
              pack.source,
              path,
              `pack ${pack.id} (${packFrom(pack)}) is not built in, so its secret parameter ${m[2]} may only be a verify's or a handshake's secret, never part of an answer, a message or a match`,
            ),
          );
        }
      },
      at,
    );
  for (const key of ["verify", "challenge", "mappings"] as const) visit(doc[key], [key]);
}

function isSecretPlace(path: readonly PathSegment[]): boolean {
  const i = path.findIndex((p) => p === "verify" || p === "challenge");
  if (i === -1) return false;
  const key = path[i + 1];
  return (
    (SECRET_KEYS as readonly unknown[]).includes(key) &&
    (path.length === i + 2 || (path.length === i + 3 && typeof path[i + 2] === "number"))
  );
}

function userKey(ctx: ReachContext, param: string): string {
  const block = ctx.user.path[1] === "packs" ? ctx.user.path : ["hooks", "packs", ctx.pack.id];
  return [...block, param].join(".");
}
