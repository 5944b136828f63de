// The rules a case runs against, compiled once and shared: the whole configuration for rule-file
// cases, and for pack cases the pack's own mappings per distinct set of parameter values.
import { join } from "node:path";
import type { ResolvedConfig, ResolvedMapping } from "../../config/types.js";
import { type CompiledRules, compileRules, type RuleIndex } from "../../engine/compile.js";
import { simulator } from "../simulate.js";
import type { CaseSource } from "./source.js";

export interface Target {
  config: ResolvedConfig;
  index: RuleIndex;
  /** Every mapping of the index by id: a case signs with the verify of the one it reaches. */
  mappings: ReadonlyMap<string, ResolvedMapping>;
  /** Values never printed: verify secrets, Meta's verify token and secret parameters. */
  secrets: readonly string[];
  sim: ReturnType<typeof simulator>;
}

export class Targets {
  private readonly cache = new Map<string, Promise<Target>>();
  private readonly compiled: CompiledRules[] = [];

  /**
   * `whole`: the whole configuration's rules, already compiled by the caller (who checked them for
   * warnings first): rule-file cases run against it instead of a second compilation. It is disposed
   * with the others.
   */
  constructor(
    private readonly config: ResolvedConfig,
    private readonly whole?: CompiledRules,
  ) {}

  /** The target of a case of `source` with these parameter values. Throws ConfigError or Error. */
  for(source: CaseSource, params: Record<string, unknown> | undefined): Promise<Target> {
    const key = source.scope.kind === "rules" ? "" : `${source.file}\0${JSON.stringify(params ?? {})}`;
    let target = this.cache.get(key);
    if (!target) {
      target = this.build(source, params);
      this.cache.set(key, target);
    }
    return target;
  }

  private async build(source: CaseSource, params: Record<string, unknown> | undefined): Promise<Target> {
    const { config } = this;
    if (source.scope.kind === "rules") {
      const packs = config.hooks.packs.flatMap((p) => p.mappings);
      return this.compile(config, [...config.hooks.mappings, ...packs], [], this.whole);
    }
    const pack = await source.scope.build(params);
    // The pack alone, under this configuration's policies (hooks.path, agents, prefixes, models, channels).
    const alone: ResolvedConfig = {
      ...config,
      hooks: {
        ...config.hooks,
        mappings: pack.mappings,
        presets: [],
        packs: [],
        transformsDir: join(source.baseDir, "hooks", "transforms"),
      },
    };
    return this.compile(alone, pack.mappings, pack.secrets);
  }

  private async compile(
    config: ResolvedConfig,
    mappings: readonly ResolvedMapping[],
    secrets: readonly string[],
    given?: CompiledRules,
  ): Promise<Target> {
    // Cases run one at a time: one transform worker is enough.
    const compiled = given ?? (await compileRules(config, { transformWorkers: 1, simulated: true }));
    this.compiled.push(compiled);
    const byId = new Map<string, ResolvedMapping>();
    for (const m of mappings) if (!byId.has(m.id)) byId.set(m.id, m);
    const verifySecrets = mappings.flatMap((m) => [
      ...(m.verify?.secret !== undefined ? [m.verify.secret] : []),
      ...(m.verify?.secrets ?? []),
      ...(m.challenge?.verifyToken !== undefined ? [m.challenge.verifyToken] : []),
    ]);
    return {
      config,
      index: compiled.index,
      mappings: byId,
      secrets: [...secrets, ...verifySecrets],
      sim: simulator(config, compiled.index),
    };
  }

  /** Releases the transform sandboxes of every index built, and of the one given. */
  dispose(): void {
    this.whole?.dispose();
    for (const c of this.compiled.splice(0)) if (c !== this.whole) c.dispose();
  }
}
