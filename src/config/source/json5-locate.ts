// Where key paths and characters of string values sit in a JSON5 file, from its syntax tree
// (@humanwhocodes/momoa, which keeps each node's place). The tree is built on first use: a file that
// loads without a problem is never parsed twice.
import { type DocumentNode, type MemberNode, parse, type ValueNode } from "@humanwhocodes/momoa";
import { LineCounter } from "yaml";
import type { Locate, LocateChar, PathSegment, Position } from "./key-path.js";

export interface Json5Locator {
  locate: Locate;
  locateChar: LocateChar;
  /** The first key given twice in one object, and where its second one is. */
  duplicateKey(): { key: string; at: Position } | undefined;
}

export function json5Locator(text: string): Json5Locator {
  let tree: DocumentNode | null | undefined;
  const doc = (): DocumentNode | null => {
    if (tree === undefined) {
      try {
        tree = parse(text, { mode: "json5", ranges: true });
      } catch {
        // Only json5's verdict on the syntax counts; without a tree, messages go without a place.
        tree = null;
      }
    }
    return tree;
  };
  let lines: LineCounter | undefined;
  const at = (offset: number): Position => {
    if (!lines) {
      lines = new LineCounter();
      lines.addNewLine(0);
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines.addNewLine(i + 1);
    }
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };

  return {
    locate(path, opts) {
      const root = doc();
      if (!root) return undefined;
      let node: ValueNode = root.body;
      // A missing key points at the object that lacks it.
      for (const [i, seg] of path.entries()) {
        const next = child(node, seg);
        if (!next) break;
        if (opts?.key && next.member && i === path.length - 1) return start(next.member.name);
        node = next.value;
      }
      return start(node);
    },
    locateChar(path, index) {
      const root = doc();
      const node = root ? valueAt(root, path) : undefined;
      if (node?.type !== "String" || !node.range) return undefined;
      // Past a `${`, the loaded value may differ from the file's text.
      const interpolated = node.value.indexOf("${");
      if (index < 0 || (interpolated !== -1 && index >= interpolated)) return undefined;
      const offset = stringOffsets(text, node.range[0], node.range[1], node.value)?.[index];
      return offset === undefined ? undefined : at(offset);
    },
    duplicateKey() {
      const root = doc();
      return root ? firstDuplicate(root.body) : undefined;
    },
  };
}

function start(node: { loc: { start: { line: number; column: number } } }): Position {
  return { line: node.loc.start.line, column: node.loc.start.column };
}

function keyOf(member: MemberNode): string {
  return member.name.type === "String" ? member.name.value : member.name.name;
}

/** One step down; the last member of a name, as json5 keeps the last value of a repeated key. */
function child(node: ValueNode, seg: PathSegment): { value: ValueNode; member?: MemberNode } | undefined {
  if (node.type === "Object") {
    const member = node.members.findLast((m) => keyOf(m) === String(seg));
    return member && { value: member.value, member };
  }
  if (node.type === "Array" && typeof seg === "number") {
    const element = node.elements[seg];
    return element && { value: element.value };
  }
  return undefined;
}

function valueAt(root: DocumentNode, path: readonly PathSegment[]): ValueNode | undefined {
  let node: ValueNode | undefined = root.body;
  for (const seg of path) node = node && child(node, seg)?.value;
  return node;
}

function firstDuplicate(node: ValueNode): { key: string; at: Position } | undefined {
  if (node.type === "Array") {
    for (const e of node.elements) {
      const found = firstDuplicate(e.value);
      if (found) return found;
    }
  }
  if (node.type !== "Object") return undefined;
  const seen = new Set<string>();
  for (const m of node.members) {
    const key = keyOf(m);
    if (seen.has(key)) return { key, at: start(m.name) };
    seen.add(key);
    const found = firstDuplicate(m.value);
    if (found) return found;
  }
  return undefined;
}

const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "0": "\0" };
const LINE_BREAKS = new Set(["\n", "\r", "\u2028", "\u2029"]);

/**
 * The file offset of every character of a JSON5 string literal's value (`text.slice(start, end)`,
 * quotes included), plus one for its end; undefined when the map does not give back `value`.
 */
function stringOffsets(text: string, start: number, end: number, value: string): number[] | undefined {
  const chars: string[] = [];
  const offsets: number[] = [];
  let i = start + 1;
  const stop = end - 1;
  while (i < stop) {
    const c = text[i]!;
    if (c !== "\\") {
      chars.push(c);
      offsets.push(i);
      i++;
      continue;
    }
    const e = text[i + 1] ?? "";
    if (LINE_BREAKS.has(e)) {
      // A backslash before a line break continues the string on the next line.
      i += e === "\r" && text[i + 2] === "\n" ? 3 : 2;
      continue;
    }
    if (e === "x" || e === "u") {
      const digits = e === "x" ? 2 : 4;
      chars.push(String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 2 + digits), 16)));
      offsets.push(i);
      i += 2 + digits;
      continue;
    }
    chars.push(ESCAPES[e] ?? e);
    offsets.push(i);
    i += 2;
  }
  return chars.join("") === value ? [...offsets, stop] : undefined;
}
