// Reads one pack file: parse, check its header against schemas/pack.schema.json and its `${param:NAME}`
// references against its params. verify, challenge and mappings are checked against the schema only
// once their parameters are substituted (instantiate.ts): `deliver: "${param:deliver}"` is a boolean
// by then.

import { resolve } from "node:path";
import { isObject } from "../../core/is-object.js";
import { closest } from "../check/closest.js";
import { validateAgainst } from "../check/schema-issues.js";
import { packValidator } from "../check/schemas.js";
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import { displayPath, readSourceFile } from "../source/source-file.js";
import { unknownReferences } from "./substitute.js";
import type { PackDefinition, PackOrigin, PackParam } from "./types.js";

/** The pack's body: what may hold parameter references and is checked after substitution. */
export const PACK_BODY = ["verify", "challenge", "mappings"] as const;

export interface ReadPack {
  /** Undefined when the file has errors. */
  pack?: PackDefinition;
  issues: ConfigIssue[];
  /** The id and aliases a file with errors declares, as far as they can be read. */
  declared?: string[];
}

export async function readPackFile(
  file: string,
  origin: PackOrigin,
  opts: { baseDir?: string } = {},
): Promise<ReadPack> {
  const absolute = resolve(file);
  const display = displayPath(absolute, opts.baseDir ?? process.cwd());
  const read = await readSourceFile(absolute, display, { what: "pack file" });
  if (!read.parsed) return { issues: read.issues };
  const data = read.data;
  if (!isObject(data)) {
    return {
      issues: [
        issueAt("error", read.source, [], "a pack file holds an object with id, version and mappings"),
      ],
    };
  }
  const doc = data;
  const names = [doc["id"], ...(Array.isArray(doc["aliases"]) ? doc["aliases"] : [])].filter(
    (n): n is string => typeof n === "string",
  );
  // The header alone: the body's values may be parameter references of any type until substituted.
  const header: Record<string, unknown> = { ...doc };
  for (const key of PACK_BODY) delete header[key];
  if (Array.isArray(doc["mappings"])) header["mappings"] = [];
  else if (doc["mappings"] !== undefined) header["mappings"] = doc["mappings"];
  const issues = validateAgainst(packValidator(), header, read.source);
  if (issues.some((i) => i.severity === "error")) return { issues, declared: names };

  const params = (doc["params"] ?? {}) as Record<string, PackParam>;
  const declared = new Set(Object.keys(params));
  const known = [...declared].sort();
  for (const key of PACK_BODY) {
    for (const ref of unknownReferences(doc[key], declared, [key])) {
      const guess = closest(ref.name, known);
      issues.push(
        issueAt(
          "error",
          read.source,
          ref.path,
          `\${param:${ref.name}} names no parameter of this pack; ${guess ? `did you mean ${guess}? ` : ""}declared under params: ${known.join(", ") || "(none)"}`,
        ),
      );
    }
  }
  issues.push(...checkParams(params, read.source));
  if (issues.some((i) => i.severity === "error")) return { issues, declared: names };

  const pack: PackDefinition = {
    id: doc["id"] as string,
    version: doc["version"] as string,
    aliases: (doc["aliases"] as string[] | undefined) ?? [],
    docs: (doc["docs"] as string[] | undefined) ?? [],
    params,
    file: absolute,
    display,
    source: read.source,
    origin,
    document: doc,
  };
  if (typeof doc["description"] === "string") pack.description = doc["description"];
  return { pack, issues };
}

/** What the schema cannot say about a parameter declaration. */
function checkParams(params: Record<string, PackParam>, source: SourceRef): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [name, p] of Object.entries(params)) {
    if (p.type !== "array" && p.items !== undefined) {
      issues.push(
        issueAt(
          "error",
          source,
          ["params", name, "items"],
          `only an array parameter has items; remove it or use type: array`,
        ),
      );
    }
    if (p.required === true && p.default !== undefined && !containsEnvReference(p.default)) {
      issues.push(
        issueAt(
          "warning",
          source,
          ["params", name, "required"],
          "has no effect: the parameter has a default",
        ),
      );
    }
  }
  return issues;
}

function containsEnvReference(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes("${");
}
