// What a pack is once read (PackDefinition; the file's shape is schemas/pack.schema.json). Enabled with
// its parameter values it becomes an EnabledPack, part of the resolved configuration (config/types.ts).
import type { SourceRef } from "../issues.js";

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

/** A built-in pack as the generated index (built-in-index.ts) lists it: its file in rules/presets/. */
export interface BuiltInPack {
  file: string;
  id: string;
  version: string;
  aliases: string[];
  description?: string;
}

/** What the catalogue knows of a pack before its file is read: enough to find it by name and list it. */
export interface PackEntry {
  id: string;
  version: string;
  description?: string;
  aliases: string[];
  /** Absolute path of the pack file. */
  file: string;
  /** The file as messages name it (relative to the working folder when below it). */
  display: string;
  origin: PackOrigin;
}

/** A pack file read and checked. */
export interface PackDefinition extends PackEntry {
  docs: string[];
  params: Record<string, PackParam>;
  source: SourceRef;
  /** The parsed file as written: verify, challenge, mappings and tests with `${param:NAME}` still in. */
  document: Record<string, unknown>;
}
