// Key paths as users read them: `hooks.mappings[0].match.path`, `agents.defaults.models["openai/gpt-4o"]`,
// and the functions that find where one sits in its file.

/** One step into a parsed document: an object key or an array index. */
export type PathSegment = string | number;

export interface Position {
  line: number;
  column: number;
}

/** Finds where a key path sits in the source: the value node, or with `key` the key itself. Falls back
 * to the deepest ancestor that exists, so a missing key points at the object that lacks it. */
export type Locate = (path: readonly PathSegment[], opts?: { key?: boolean }) => Position | undefined;

/** Where character `index` of the string value at a key path sits; undefined when that cannot be told
 * exactly (not a string, or `${ENV}` interpolation may have moved it). */
export type LocateChar = (path: readonly PathSegment[], index: number) => Position | undefined;

const plainKey = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

export function formatKeyPath(segments: readonly PathSegment[]): string {
  let out = "";
  for (const seg of segments) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (plainKey.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** Splits an ajv instancePath (a JSON Pointer) into segments; array indices become numbers. */
export function pointerToSegments(pointer: string, data: unknown): PathSegment[] {
  if (pointer === "") return [];
  const segments: PathSegment[] = [];
  let node: unknown = data;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node) && /^\d+$/.test(key)) {
      const index = Number(key);
      segments.push(index);
      node = node[index];
    } else {
      segments.push(key);
      node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return segments;
}

/** Inverse of formatKeyPath: `a.b[0]["x/y"]` → ["a", "b", 0, "x/y"]; undefined when it is not one. */
export function parseKeyPath(text: string): PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  const token = /\.?([A-Za-z_$][A-Za-z0-9_$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const m = token.exec(text);
    if (!m || (at === 0 && m[0].startsWith("."))) return undefined;
    if (m[1] !== undefined) segments.push(m[1]);
    else if (m[2] !== undefined) segments.push(Number(m[2]));
    else segments.push(JSON.parse(m[3]!) as string);
    at = token.lastIndex;
  }
  return segments;
}
