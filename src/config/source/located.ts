// What reading a config or rule file gives: its data, and the way back from a key path to the place
// in the file that messages show (file:line:column).
import type { ConfigIssue } from "../types.js";
import type { PathSegment } from "./key-path.js";

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

export interface ParsedSource {
  data: unknown;
  locate: Locate;
  locateChar: LocateChar;
  /** Syntax errors; when not empty, `data` must not be used. */
  issues: ConfigIssue[];
}
