// Remembers every file a config was loaded from, so issues found later (by the rule compiler) can be
// given file:line:column from their key path.
import type { ConfigIssue, SourceRef } from "../issues.js";
import { parseKeyPath } from "./key-path.js";

export class SourceRegistry {
  private readonly files = new Map<string, SourceRef>();

  constructor(private readonly main: SourceRef) {}

  /** A rule file, by the name its mapping origins use (`rules/github.yaml mappings[0]`). */
  addRuleFile(display: string, source: SourceRef): void {
    this.files.set(display, source);
  }

  /** The contents of every secret file the config and its rule files read. */
  fileTexts(): string[] {
    return [this.main, ...this.files.values()].flatMap((s) => s.fileTexts ?? []);
  }

  /** The issue with file, line and column filled in when its path points into a known file. */
  place(issue: ConfigIssue): ConfigIssue {
    if (issue.file !== undefined) return issue;
    let source = this.main;
    let keyPath = issue.path;
    for (const [display, ref] of this.files) {
      if (keyPath.startsWith(`${display} `)) {
        source = ref;
        keyPath = keyPath.slice(display.length + 1);
        break;
      }
    }
    const segments = parseKeyPath(keyPath);
    if (source.file === undefined || segments === undefined) return issue;
    const placed: ConfigIssue = { ...issue, file: source.file };
    const pos =
      (issue.offset !== undefined ? source.locateChar?.(segments, issue.offset) : undefined) ??
      source.locate?.(segments);
    if (pos) {
      placed.line = pos.line;
      placed.column = pos.column;
    }
    return placed;
  }
}
