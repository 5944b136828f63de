// What reading a config or rule file gives: its data, and the way back from a key path to the place
// in the file that messages show (file:line:column).
import type { ConfigIssue } from "../issues.js";
import type { Locate, LocateChar } from "./key-path.js";

export interface ParsedSource {
  data: unknown;
  locate: Locate;
  locateChar: LocateChar;
  /** Syntax errors; when not empty, `data` must not be used. */
  issues: ConfigIssue[];
}
