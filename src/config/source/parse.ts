// Reads YAML or JSON into plain data while keeping a way back from a key path to file:line:column.
import { extname } from "node:path";
import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type Pair,
  parseDocument,
} from "yaml";
import type { ConfigIssue } from "../issues.js";
import { parseJson5 } from "./json5.js";
import type { PathSegment, Position } from "./key-path.js";
import type { ParsedSource } from "./located.js";
import { scalarOffsets } from "./scalar-offsets.js";
import { describeSyntaxError } from "./syntax-hints.js";

export type { ParsedSource } from "./located.js";

/** json5: OpenClaw's configuration files (see json5.ts). */
export type SourceFormat = "yaml" | "json" | "json5";

export function formatFromExtension(file: string): SourceFormat | undefined {
  const ext = extname(file).toLowerCase();
  if (ext === ".yaml" || ext === ".yml") return "yaml";
  if (ext === ".json") return "json";
  if (ext === ".json5") return "json5";
  return undefined;
}

const SYNTAX_NAMES: Record<SourceFormat, string> = { yaml: "YAML", json: "JSON", json5: "JSON5" };

// Anchors and aliases are allowed, but a document that expands into a huge tree is refused.
const maxAliasCount = 100;

export function parseSource(text: string, format: SourceFormat, file: string): ParsedSource {
  if (format === "json5") return parseJson5(text, file);
  const lineCounter = new LineCounter();
  // JSON goes through the same parser (JSON is YAML 1.2 with the json schema) so positions exist.
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    schema: format === "json" ? "json" : "core",
  });
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  // Only the first error: the ones after it usually follow from it (one indentation slip can make
  // the parser complain about every later line of its block).
  const first = doc.errors[0];
  const issues: ConfigIssue[] = [];
  if (first) {
    const { message, offset } =
      format === "yaml"
        ? describeSyntaxError(first, text, lineCounter)
        : { message: first.message, offset: first.pos[0] };
    issues.push({
      severity: "error",
      path: "",
      message: `${SYNTAX_NAMES[format]} syntax error: ${message}`,
      file,
      ...at(offset),
    });
  }
  if (issues.length === 0 && format === "json") {
    // The YAML parser is lenient with JSON (trailing commas, comments); hold JSON files to JSON.
    const strict = strictJsonError(text);
    if (strict)
      issues.push({ severity: "error", path: "", file, ...at(strict.offset), message: strict.message });
  }
  let data: unknown = null;
  if (issues.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount });
    } catch (err) {
      issues.push({ severity: "error", path: "", file, message: (err as Error).message });
    }
  }
  return {
    data,
    issues,
    locate: (path, opts) => locateIn(doc, path, opts?.key ?? false, at),
    locateChar: (path, index) => locateCharIn(doc, text, path, index, at),
  };
}

function strictJsonError(text: string): { offset: number; message: string } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    return {
      offset: pos ? Number(pos[1]) : 0,
      message: `JSON syntax error: ${message.replace(/ in JSON at.*$/, "")}`,
    };
  }
}

function locateIn(
  doc: Document,
  path: readonly PathSegment[],
  wantKey: boolean,
  at: (offset: number) => Position,
): Position | undefined {
  let node: Node | null | undefined = doc.contents as Node | null;
  let found: Node | null | undefined = node;
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i]!;
    const last = i === path.length - 1;
    if (isAlias(node)) node = node.resolve(doc) as Node | undefined;
    let next: Node | null | undefined;
    if (isMap(node)) {
      const pair: Pair<unknown, unknown> | undefined = node.items.find(
        (p) => isScalar(p.key) && String(p.key.value) === String(seg),
      );
      if (!pair) break;
      if (last && wantKey && isScalar(pair.key)) return pos(pair.key, at);
      next = (pair.value as Node | null) ?? (pair.key as Node);
    } else if (isSeq(node) && typeof seg === "number") {
      next = node.items[seg] as Node | undefined;
    }
    if (!next) break;
    node = next;
    found = next;
  }
  return found ? pos(found, at) : undefined;
}

function locateCharIn(
  doc: Document,
  text: string,
  path: readonly PathSegment[],
  index: number,
  at: (offset: number) => Position,
): Position | undefined {
  const node = doc.getIn(path, true);
  if (!isScalar(node) || typeof node.value !== "string" || !node.range) return undefined;
  // Past a `${`, the loaded value may differ from the file's text.
  const interpolated = node.value.indexOf("${");
  if (index < 0 || (interpolated !== -1 && index >= interpolated)) return undefined;
  const offsets = scalarOffsets(text, node.range[0], node.range[1], node.type, node.value);
  const offset = offsets?.[index];
  return offset === undefined ? undefined : at(offset);
}

function pos(node: Node, at: (offset: number) => Position): Position | undefined {
  return node.range ? at(node.range[0]) : undefined;
}
