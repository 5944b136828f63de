// agents: the model allowlist, the agent list with its default, system prompt files, runner paths,
// and that every llm agent has a model whose provider is configured.
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { agentIdKey } from "../../core/allowlists.js";
import type { Agent, AgentDefaults, HookgateConfig, RunnerConfig } from "../../types/generated.js";
import { schemaDefaults } from "../check/schemas.js";
import type { PathSegment } from "../source/key-path.js";
import type { ResolvedAgent, ResolvedConfig } from "../types.js";
import type { ResolveContext } from "./context.js";
import { adoptCatalog, ModelCatalog } from "./models.js";

export interface ResolvedAgents {
  agents: ResolvedConfig["agents"];
  catalog: ModelCatalog;
  /** Checks that `model` (a key or alias) names a configured provider; for models llm runners use. */
  checkProvider(model: string, path: PathSegment[]): void;
}

const builtInAgent: Agent = { id: "main", runner: { kind: "echo" } };

export function resolveAgents(raw: HookgateConfig, ctx: ResolveContext): ResolvedAgents {
  const defaults = { ...schemaDefaults("agentDefaults"), ...raw.agents?.defaults } as AgentDefaults &
    Required<Pick<AgentDefaults, "timeoutSeconds" | "maxConcurrentRuns" | "transcriptTurns">>;
  const catalog = new ModelCatalog(
    defaults.models,
    (key, alias, owner) =>
      ctx.issues.error(
        ctx.source,
        ["agents", "defaults", "models", key, "alias"],
        `alias "${alias}" is already used by ${owner}; aliases must be unique, rename one of them`,
      ),
    defaults.modelPolicy?.allow,
  );
  const defaultsModelPath: PathSegment[] = ["agents", "defaults", "model"];
  const defaultModel =
    defaults.model === undefined ? undefined : catalog.check(defaults.model, defaultsModelPath, ctx);

  const providers = raw.providers ?? {};
  const reported = new Set<string>();
  const checkProvider = (model: string, path: PathSegment[]): void => {
    const key = catalog.canonical(model) ?? model;
    const slash = key.indexOf("/");
    const where = path.join(".");
    if (reported.has(where)) return;
    if (slash <= 0) {
      reported.add(where);
      ctx.issues.error(
        ctx.source,
        path,
        `model "${model}" must be provider/model (or an alias of agents.defaults.models) for an llm agent`,
      );
      return;
    }
    const provider = key.slice(0, slash);
    if (!Object.hasOwn(providers, provider)) {
      reported.add(where);
      ctx.issues.error(
        ctx.source,
        path,
        `provider "${provider}" of model "${key}" is not configured; add providers.${provider} with its baseUrl`,
      );
    }
  };

  const rawList = raw.agents?.list && raw.agents.list.length > 0 ? raw.agents.list : [builtInAgent];
  const seen = new Map<string, number>();
  let defaultIndex: number | undefined;
  const list = rawList.map((agent, i): ResolvedAgent => {
    const path: PathSegment[] = ["agents", "list", i];
    // Ids compare case-insensitively (OPS = ops, as in OpenClaw); the resolved config holds that form.
    const id = agentIdKey(agent.id);
    const first = seen.get(id);
    if (first !== undefined) {
      ctx.issues.error(
        ctx.source,
        [...path, "id"],
        `agent id "${agent.id}" is already used by agents.list[${first}] (ids compare case-insensitively); ids must be unique`,
      );
    } else {
      seen.set(id, i);
    }
    if (agent.default) {
      if (defaultIndex !== undefined) {
        ctx.issues.error(
          ctx.source,
          [...path, "default"],
          `only one agent may be the default; agents.list[${defaultIndex}] already is`,
        );
      } else {
        defaultIndex = i;
      }
    }
    const runner = resolveRunner(agent.runner ?? { kind: "echo" }, ctx.dir);
    checkRunnerKeys(runner, [...path, "runner"], ctx);
    let model = defaultModel;
    if (agent.model !== undefined) model = catalog.check(agent.model, [...path, "model"], ctx);
    if (runner.kind === "llm") {
      if (model === undefined) {
        ctx.issues.error(
          ctx.source,
          [...path, "runner", "kind"],
          `agent ${agent.id} uses the llm runner but has no model; set agents.list[${i}].model or agents.defaults.model`,
        );
      } else {
        checkProvider(model, agent.model !== undefined ? [...path, "model"] : defaultsModelPath);
      }
    }
    const resolved: ResolvedAgent = { id, runner };
    if (agent.name !== undefined) resolved.name = agent.name;
    const prompt = systemPrompt(agent, path, ctx);
    if (prompt !== undefined) resolved.systemPrompt = prompt;
    if (model !== undefined) resolved.model = model;
    const thinking = agent.thinking ?? defaults.thinking;
    if (thinking !== undefined) resolved.thinking = thinking;
    resolved.timeoutSeconds = agent.timeoutSeconds ?? defaults.timeoutSeconds;
    return resolved;
  });

  const resolvedDefaults: ResolvedConfig["agents"]["defaults"] = {
    models: catalog.models,
    timeoutSeconds: defaults.timeoutSeconds,
    maxConcurrentRuns: defaults.maxConcurrentRuns,
    transcriptTurns: defaults.transcriptTurns,
  };
  if (defaultModel !== undefined) resolvedDefaults.model = defaultModel;
  if (defaults.thinking !== undefined) resolvedDefaults.thinking = defaults.thinking;
  if (catalog.allow !== null) resolvedDefaults.modelPolicy = { allow: [...catalog.allow] };
  adoptCatalog(resolvedDefaults, catalog);

  return {
    agents: { defaults: resolvedDefaults, list, defaultAgentId: list[defaultIndex ?? 0]!.id },
    catalog,
    checkProvider,
  };
}

/** The keys each runner kind reads besides `kind`; any other key would be accepted and do nothing. */
const RUNNER_KEYS: Record<RunnerConfig["kind"], readonly string[]> = {
  echo: [],
  llm: [],
  command: ["command", "env", "cwd"],
  openclaw: ["url", "token", "agentId", "path"],
  http: ["url", "secret", "headers", "callbackBaseUrl"],
  a2a: ["url", "headers"],
};

function checkRunnerKeys(runner: RunnerConfig, path: PathSegment[], ctx: ResolveContext): void {
  const allowed = RUNNER_KEYS[runner.kind];
  for (const key of Object.keys(runner)) {
    if (key === "kind" || allowed.includes(key)) continue;
    const owners = Object.entries(RUNNER_KEYS)
      .filter(([, keys]) => keys.includes(key))
      .map(([kind]) => kind);
    ctx.issues.error(
      ctx.source,
      [...path, key],
      `runner key ${key} applies to runner kind ${owners.join(" or ")} only, not ${runner.kind}; remove it or change runner.kind`,
    );
  }
}

/** Relative program paths and cwd of a command runner resolve against the config folder. */
function resolveRunner(runner: RunnerConfig, dir: string): RunnerConfig {
  if (runner.kind !== "command") return runner;
  const out: RunnerConfig = { ...runner, cwd: resolve(dir, runner.cwd ?? ".") };
  const [program, ...args] = runner.command ?? [];
  if (program !== undefined && !isAbsolute(program) && /[/\\]/.test(program)) {
    out.command = [resolve(dir, program), ...args];
  }
  return out;
}

function systemPrompt(agent: Agent, path: PathSegment[], ctx: ResolveContext): string | undefined {
  if (agent.systemPromptFile === undefined) return agent.systemPrompt;
  if (agent.systemPrompt !== undefined) {
    ctx.issues.error(
      ctx.source,
      [...path, "systemPromptFile"],
      "set either systemPrompt or systemPromptFile, not both",
    );
    return agent.systemPrompt;
  }
  const file = resolve(ctx.dir, agent.systemPromptFile);
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : (err as Error).message;
    ctx.issues.error(
      ctx.source,
      [...path, "systemPromptFile"],
      `cannot read system prompt file ${file}: ${why}`,
    );
    return undefined;
  }
}
