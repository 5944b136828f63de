// agents.defaults.models and agents.defaults.modelPolicy: the allowed models, keyed provider/model, with
// unique aliases. Without modelPolicy the keys of models are the allowlist (none: any model); with
// modelPolicy.allow (OpenClaw's model policy) that list decides instead, and models only gives aliases.
// The only place a model name or alias becomes its provider/model key: config checks, the ingress
// policy and the runtime all ask the same catalog, built once per list.

import type { ModelEntry } from "../../types/generated.js";
import type { PathSegment } from "../source/key-path.js";
import type { ResolveContext } from "./context.js";

export class ModelCatalog {
  /** null = no models listed. */
  readonly models: Record<string, ModelEntry> | null;
  /** modelPolicy.allow when it restricts: keys, aliases, `provider/*` prefixes or `*`; else null. */
  readonly allow: readonly string[] | null;
  // A Map, not an object: names such as `__proto__` or `toString` must find nothing.
  private readonly aliases = new Map<string, string>();

  /** `onDuplicateAlias` hears of each alias an earlier key already has; that earlier key keeps it. */
  constructor(
    models: Record<string, ModelEntry> | null | undefined,
    onDuplicateAlias?: (key: string, alias: string, owner: string) => void,
    allow?: readonly string[] | null,
  ) {
    this.models = models && Object.keys(models).length > 0 ? models : null;
    this.allow = allow && allow.length > 0 ? [...allow] : null;
    for (const [key, entry] of Object.entries(this.models ?? {})) {
      if (entry.alias === undefined) continue;
      const owner = this.aliases.get(entry.alias);
      if (owner !== undefined) onDuplicateAlias?.(key, entry.alias, owner);
      else this.aliases.set(entry.alias, key);
    }
  }

  /** The key naming the allowlist in messages. */
  get source(): string {
    return this.allow ? "agents.defaults.modelPolicy.allow" : "agents.defaults.models";
  }

  /** The provider/model key for a key or alias the catalog allows; the name itself when the list is open. */
  canonical(name: string): string | undefined {
    if (this.allow) {
      const key = this.aliases.get(name) ?? name;
      return this.allows(key) ? key : undefined;
    }
    if (!this.models) return name;
    if (Object.hasOwn(this.models, name)) return name;
    return this.aliases.get(name);
  }

  /** Errors when the list is restricted and `name` is neither a key nor an alias of it. */
  check(name: string, path: PathSegment[], ctx: ResolveContext): string {
    const key = this.canonical(name);
    if (key !== undefined) return key;
    ctx.issues.error(
      ctx.source,
      path,
      `model "${name}" is not allowed by ${this.source} (allowed: ${this.describe()}); add it there or use one of those`,
    );
    return name;
  }

  /** The allowed models for messages: `openai/gpt-4o-mini (alias mini), ollama/llama3`. */
  describe(): string {
    if (this.allow) return this.allow.join(", ");
    return Object.entries(this.models ?? {})
      .map(([key, entry]) => (entry.alias ? `${key} (alias ${entry.alias})` : key))
      .join(", ");
  }

  /** Whether modelPolicy.allow admits `key`: listed, listed by an alias, under a `prefix/*`, or `*`. */
  private allows(key: string): boolean {
    return (this.allow ?? []).some(
      (entry) =>
        entry === "*" ||
        entry === key ||
        this.aliases.get(entry) === key ||
        (entry.endsWith("/*") && key.startsWith(entry.slice(0, -1))),
    );
  }
}

const openCatalog = new ModelCatalog(null);
const catalogs = new WeakMap<object, ModelCatalog>();

/** What modelCatalog needs of a config (tests build configs by hand, so only this is assumed). */
export interface HasModelList {
  agents: {
    defaults: { models: Record<string, ModelEntry> | null; modelPolicy?: { allow: string[] } | undefined };
  };
}

/**
 * The catalog of a resolved config's agents.defaults: the one the loader built, or one built on first
 * use and kept for those defaults, so per-request and per-run look-ups cost a WeakMap read.
 */
export function modelCatalog(config: HasModelList): ModelCatalog {
  const defaults = config.agents.defaults;
  if (defaults.models === null && defaults.modelPolicy === undefined) return openCatalog;
  let catalog = catalogs.get(defaults);
  if (catalog === undefined) {
    catalog = new ModelCatalog(defaults.models, undefined, defaults.modelPolicy?.allow);
    catalogs.set(defaults, catalog);
  }
  return catalog;
}

/** Makes `catalog` the one modelCatalog returns for these resolved defaults (the loader's, already checked). */
export function adoptCatalog(defaults: object, catalog: ModelCatalog): void {
  catalogs.set(defaults, catalog);
}
