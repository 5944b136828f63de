// agents.defaults.models: the allowed model list, keyed provider/model, with unique aliases.

import type { ModelEntry } from "../types/generated.js";
import type { ResolveContext } from "./context.js";
import type { PathSegment } from "./key-path.js";

export class ModelCatalog {
  /** null = any model allowed. */
  readonly models: Record<string, ModelEntry> | null;
  private readonly aliases = new Map<string, string>();

  constructor(models: Record<string, ModelEntry> | undefined, ctx: ResolveContext) {
    this.models = models && Object.keys(models).length > 0 ? models : null;
    for (const [key, entry] of Object.entries(this.models ?? {})) {
      if (entry.alias === undefined) continue;
      const owner = this.aliases.get(entry.alias);
      if (owner !== undefined) {
        ctx.issues.error(
          ctx.source,
          ["agents", "defaults", "models", key, "alias"],
          `alias "${entry.alias}" is already used by ${owner}; aliases must be unique, rename one of them`,
        );
      } else {
        this.aliases.set(entry.alias, key);
      }
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

  private describe(): string {
    return Object.entries(this.models ?? {})
      .map(([key, entry]) => (entry.alias ? `${key} (alias ${entry.alias})` : key))
      .join(", ");
  }
}
