// What a pack is once read (PackDefinition) and once enabled with its parameter values (EnabledPack).
// The file's shape is schemas/pack.schema.json.
import type { SourceRef } from "../issues.js";
import type { PathSegment } from "../source/key-path.js";
import type { ResolvedMapping } from "../types.js";

export type ParamType = "string" | "boolean" | "integer" | "number" | "array";

/** One entry of a pack's `params` (schemas/pack.schema.json#/$defs/param). */
export interface PackParam {
  type: ParamType;
  items?: { type: "string" };
  description?: string;
  default?: unknown;
  enum?: (string | number | boolean)[];
  required?: boolean;
  secret?: boolean;
}

/** Where a pack file was found. */
export type PackOrigin =
  | { kind: "built-in" }
  | { kind: "dir"; dir: string }
  | { kind: "npm"; packageName: string; packageDir: string };

export interface PackDefinition {
  id: string;
  version: string;
  description?: string;
  aliases: string[];
  docs: string[];
  params: Record<string, PackParam>;
  /** Absolute path of the pack file. */
  file: string;
  /** The file as messages name it (relative to the working folder when below it). */
  display: string;
  source: SourceRef;
  origin: PackOrigin;
  /** The parsed file as written: verify, challenge, mappings and tests with `${param:NAME}` still in. */
  document: Record<string, unknown>;
}

export interface EnabledPack {
  pack: PackDefinition;
  /** The name hooks.presets enabled it by (its id or an alias). */
  enabledAs: string;
  /**
   * Parameter values after defaults: a parameter without a value is absent. Holds secrets: never print
   * it without masking the params marked `secret`.
   */
  values: Record<string, unknown>;
  /** Its mappings with the parameters substituted and the pack's verify / challenge filled in. */
  mappings: ResolvedMapping[];
  /** Where the user's parameter block is (hooks.packs.<name>, hooks.mail, ...), when there is one. */
  given?: { path: PathSegment[]; source: SourceRef; names: string[] };
}
