// agents.defaults.models: the allowed model list, keyed provider/model, with unique aliases. The only
// place a model name or alias becomes its provider/model key: config checks, the ingress policy and
// the runtime all ask the same catalog, built once per list.

import type { ModelEntry } from "../../types/generated.js";
import type { PathSegment } from "../source/key-path.js";
import type { ResolveContext } from "./context.js";

export class ModelCatalog {
  /** null = any model allowed. */
  readonly models: Record<string, ModelEntry> | null;
  // A Map, not an object: names such as `__proto__` or `toString` must find nothing.
  private readonly aliases = new Map<string, string>();

  /** `onDuplicateAlias` hears of each alias an earlier key already has; that earlier key keeps it. */
  constructor(
    models: Record<string, ModelEntry> | null | undefined,
    onDuplicateAlias?: (key: string, alias: string, owner: string) => void,
  ) {
    this.models = models && Object.keys(models).length > 0 ? models : null;
    for (const [key, entry] of Object.entries(this.models ?? {})) {
      if (entry.alias === undefined) continue;
      const owner = this.aliases.get(entry.alias);
      if (owner !== undefined) onDuplicateAlias?.(key, entry.alias, owner);
      else this.aliases.set(entry.alias, key);
    }
  }

  /** The provider/model key for a key or alias of the list; the name itself when the list is open. */
  canonical(name: string): string | undefined {
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
      `model "${name}" is not allowed by agents.defaults.models (allowed: ${this.describe()}); add it there or use one of those`,
    );
    return name;
  }

  /** The allowed models for messages: `openai/gpt-4o-mini (alias mini), ollama/llama3`. */
  describe(): string {
    return Object.entries(this.models ?? {})
      .map(([key, entry]) => (entry.alias ? `${key} (alias ${entry.alias})` : key))
      .join(", ");
  }
}

const openCatalog = new ModelCatalog(null);
const catalogs = new WeakMap<object, ModelCatalog>();

/** What modelCatalog needs of a config (tests build configs by hand, so only this is assumed). */
export interface HasModelList {
  agents: { defaults: { models: Record<string, ModelEntry> | null } };
}

/**
 * The catalog of a resolved config's agents.defaults.models: the one the loader built, or one built on
 * first use and kept for that list, so per-request and per-run look-ups cost a WeakMap read.
 */
export function modelCatalog(config: HasModelList): ModelCatalog {
  const models = config.agents.defaults.models;
  if (models === null) return openCatalog;
  let catalog = catalogs.get(models);
  if (catalog === undefined) {
    catalog = new ModelCatalog(models);
    catalogs.set(models, catalog);
  }
  return catalog;
}

/** Makes `catalog` the one modelCatalog returns for its list (the loader's, already checked). */
export function adoptCatalog(catalog: ModelCatalog): void {
  if (catalog.models !== null) catalogs.set(catalog.models, catalog);
}
