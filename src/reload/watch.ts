// `serve --watch`: reload when the config file, a rule file, an enabled pack's file or a transform
// changes. Folders are watched rather than files, because editors save by writing a new file and
// renaming it over the old one; a burst of events (one save is several) becomes one reload after a
// quiet moment. What is watched follows the config: call refresh() after each reload.
import { type FSWatcher, watch } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";

const RULE_FILE = /\.(ya?ml|json)$/i;

/** How long the files must stay quiet before the reload starts. */
const WATCH_DEBOUNCE_MS = 300;

export interface WatchTargets {
  /** Folder → names in it that matter; "*" for any rule file (.yaml, .yml, .json) there. */
  folders: Map<string, Set<string>>;
  /** Folders where any change below matters (transforms). */
  trees: string[];
}

/**
 * What a config depends on: its file, its rule files (and new ones beside them), the hooks.packDirs
 * folders (a new pack file there may be enabled), the files of the enabled packs (built-in ones and
 * an installed package's among them), transforms.
 */
export function watchTargets(config: ResolvedConfig): WatchTargets {
  const folders = new Map<string, Set<string>>();
  const add = (dir: string, name: string) => {
    const names = folders.get(dir) ?? new Set<string>();
    names.add(name);
    folders.set(dir, names);
  };
  if (config.file) add(dirname(config.file), basename(config.file));
  // A new file next to a rule file may be matched by the same glob.
  for (const file of config.hooks.ruleFiles ?? []) add(dirname(file), "*");
  for (const dir of config.hooks.packDirs ?? []) add(dir, "*");
  for (const { pack } of config.hooks.packs) add(dirname(pack.file), basename(pack.file));
  return { folders, trees: [config.hooks.transformsDir] };
}

export interface ConfigWatcher {
  /** Watches what `targets` names now (after a reload changed the rule files, say). */
  refresh(targets: WatchTargets): void;
  close(): void;
}

export function watchConfig(opts: {
  targets: WatchTargets;
  /** Called once the files have been quiet for `debounceMs`, with the files that changed. */
  onChange(files: string[]): void;
  log: Logger;
  debounceMs?: number;
}): ConfigWatcher {
  const { log } = opts;
  const debounceMs = opts.debounceMs ?? WATCH_DEBOUNCE_MS;
  const watchers = new Map<string, FSWatcher>();
  let targets = opts.targets;
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const touched = (file: string) => {
    changed.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const files = [...changed];
      changed = new Set();
      if (!closed) opts.onChange(files);
    }, debounceMs);
  };

  const relevant = (dir: string, name: string): boolean => {
    const names = targets.folders.get(dir);
    return !!names && (names.has(name) || (names.has("*") && RULE_FILE.test(name)));
  };

  const open = (key: string, dir: string, recursive: boolean) => {
    let w: FSWatcher;
    try {
      w = watch(dir, { recursive, persistent: false }, (_event, name) => {
        const file = name ? join(dir, name.toString()) : dir;
        if (recursive || (name && relevant(dir, name.toString()))) touched(file);
      });
    } catch (err) {
      // A folder that does not exist (yet): nothing in it can matter until a reload names it again.
      log.debug({ dir, err: (err as Error).message }, "not watching a folder");
      return;
    }
    w.on("error", (err) => {
      log.debug({ dir, err: err.message }, "stopped watching a folder");
      w.close();
      watchers.delete(key);
    });
    watchers.set(key, w);
  };

  const refresh = (next: WatchTargets) => {
    targets = next;
    const wanted = new Map<string, [string, boolean]>();
    for (const dir of next.folders.keys()) wanted.set(`f:${dir}`, [dir, false]);
    for (const dir of next.trees) wanted.set(`t:${dir}`, [dir, true]);
    for (const [key, w] of watchers) {
      if (!wanted.has(key)) {
        w.close();
        watchers.delete(key);
      }
    }
    for (const [key, [dir, recursive]] of wanted) if (!watchers.has(key)) open(key, dir, recursive);
  };

  refresh(targets);
  return {
    refresh: (next) => {
      if (!closed) refresh(next);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
