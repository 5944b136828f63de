// The resolved configuration: what the rest of hookgate reads after loading, validation, defaults,
// path resolution and cross-checks. Raw file shapes come from the schemas (src/types/generated.ts).
import type { ChannelName } from "../core/channels.js";
import type {
  AgentPayload,
  ChannelsConfig,
  MailConfig,
  Mapping,
  ModelEntry,
  ProviderConfig,
  RunnerConfig,
} from "../types/generated.js";
import type { SourceRef } from "./issues.js";
import type { PackDefinition } from "./packs/types.js";
import type { PathSegment } from "./source/key-path.js";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** A mapping with its id and action filled in and where it came from (for error messages and explain traces). */
export interface ResolvedMapping extends Omit<Mapping, "action"> {
  id: string;
  /** `agent` when the mapping leaves it out (OpenClaw's default); `ignore` answers 204. */
  action: "wake" | "agent" | "ignore";
  /** Human-readable origin, e.g. `hooks.mappings[2]`, `rules/github.yaml mappings[0]`, `pack mail mappings[0]`. */
  origin: string;
  /** Id of the pack this mapping belongs to, when it comes from one. */
  pack?: string;
}

export interface ResolvedAgent {
  id: string;
  name?: string;
  runner: RunnerConfig;
  /** systemPrompt, or the contents of systemPromptFile read at load. */
  systemPrompt?: string;
  model?: string;
  thinking?: string;
  timeoutSeconds?: number;
}

export interface ResolvedConfig {
  /** Absolute path of the config file; null for the built-in default. */
  file: string | null;
  /** Folder relative paths were resolved against. */
  dir: string;
  server: {
    host: string;
    port: number;
    trustProxy: string[];
    logLevel: LogLevel;
    /** One info line per request; else that line at debug and a summary every logSummarySeconds. */
    logEachRequest: boolean;
    /** Seconds between summary lines; 0: none. */
    logSummarySeconds: number;
    /** The server root as senders reach it, without a trailing slash (twilio verify). */
    publicUrl?: string;
    /** GET /metrics; allowFrom: loopback, any, addresses and CIDR ranges. */
    metrics: { enabled: boolean; allowFrom: string[] };
    /** The web console at /console. */
    console: { enabled: boolean; allowFrom: string[]; sessionTtlMs: number };
  };
  hooks: {
    enabled: boolean;
    token: string;
    /** Normalised: leading `/`, no trailing `/`, never `/` alone. */
    path: string;
    /** null = any agent id may be requested; [] = none. Lower-cased: agent ids compare case-insensitively. */
    allowedAgentIds: string[] | null;
    defaultSessionKey?: string;
    allowRequestSessionKey: boolean;
    /** Of agent runs whose request or mapping names none. */
    sessionMode: "persistent" | "isolated";
    /** Trimmed, lower-cased, de-duplicated; null = no restriction. */
    allowedSessionKeyPrefixes: string[] | null;
    presets: string[];
    /**
     * The packs hooks.presets enables, in that order, with their parameter values and mappings (the
     * rule compiler adds those after `mappings`).
     */
    packs: EnabledPack[];
    /** Absolute folders of hooks.packDirs. */
    packDirs?: string[];
    /** hooks.mappings followed by the mappings of hooks.rules files, ids assigned; the packs' come after. */
    mappings: ResolvedMapping[];
    /** Absolute paths of the rule files hooks.rules expanded to, in load order. */
    ruleFiles?: string[];
    /** Absolute, effective transforms folder (default <dir>/hooks/transforms). */
    transformsDir: string;
    transformLimits: {
      cpuMs: number;
      memoryMiB: number;
      maxInputBytes: number;
      maxResultBytes: number;
      maxStackBytes: number;
      workers: number;
      maxQueued: number;
    };
    mail: MailConfig;
    maxBodyBytes: number;
    bodyTimeoutSeconds: number;
    /** Bytes of bodies read at once, server-wide, from requests without the token. */
    unauthenticatedBodyBytes: number;
    authFailures: { max: number; windowSeconds: number; lockSeconds: number; maxTrackedAddresses: number };
    idempotencyTtlSeconds: number;
    /** Named lanes, each with how many of its runs may run at once (default 1). */
    lanes: Record<string, { concurrency: number }>;
  };
  agents: {
    defaults: {
      model?: string;
      /** Aliases; without modelPolicy also the allowlist (null = any model allowed). */
      models: Record<string, ModelEntry> | null;
      /** When set (non-empty), the allowlist instead of the keys of models. */
      modelPolicy?: { allow: string[] };
      timeoutSeconds: number;
      thinking?: string;
      maxConcurrentRuns: number;
      transcriptTurns: number;
    };
    /** Never empty: without agents.list there is one agent `main` with the echo runner. */
    list: ResolvedAgent[];
    defaultAgentId: string;
  };
  providers: Record<string, ProviderConfig>;
  channels: ChannelsConfig;
  delivery: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; maxRetryAfterMs: number };
  /** Where issues opening and closing are told; none: nowhere. */
  alerts?: { channel: ChannelName; to?: string; minIntervalMs: number };
  heartbeat: { everyMs: number; prompt: string; ackToken: string; coalesceMs: number };
  store: { kind: "sqlite"; path: string } | PostgresStoreConfig;
  /** The request log of hooks.path; maxBodyBytes of each body kept. */
  requestLog: { enabled: boolean; maxBodyBytes: number };
  /** What the store keeps: rows younger than maxAgeMs (0 = any age), at most maxRows per table (0 = any number). */
  retention: { maxAgeMs: number; maxRows: number; pruneEveryMs: number };
}

/** A PostgreSQL store shared by several instances (the URL may hold a password: never log it). */
export interface PostgresStoreConfig {
  kind: "postgres";
  url: string;
  poolSize: number;
  schema: string;
  leaseSeconds: number;
  /** Absent: the URL decides (its sslmode). Files are absolute paths. */
  tls?: {
    mode: "disable" | "require" | "verify-ca" | "verify-full";
    ca?: string;
    cert?: string;
    key?: string;
  };
}

/** What the rule compiler reads of a configuration: mappings, of the enabled packs only their mappings. */
export type RulesConfig = Pick<
  ResolvedConfig["hooks"],
  "path" | "mappings" | "transformsDir" | "transformLimits" | "mail"
> & {
  /** hooks.lanes: named lanes' concurrency (absent: every lane a mapping names runs one at a time). */
  lanes?: ResolvedConfig["hooks"]["lanes"];
  /** Their mappings come after `mappings`. */
  packs: readonly Pick<EnabledPack, "mappings">[];
  /** For the warning about session keys no allowed prefix admits (absent: not checked). */
  allowedSessionKeyPrefixes?: ResolvedConfig["hooks"]["allowedSessionKeyPrefixes"];
};

export interface EnabledPack {
  pack: PackDefinition;
  /** The name hooks.presets enabled it by (its id or an alias). */
  enabledAs: string;
  /**
   * Parameter values after defaults: a parameter without a value is absent. Holds secrets: never print
   * it without masking the params marked `secret`.
   */
  values: Record<string, unknown>;
  /** Its mappings with the parameters substituted and the pack's verify / challenge filled in. */
  mappings: ResolvedMapping[];
  /** Where the user's parameter block is (hooks.packs.<name>, hooks.mail, ...), when there is one. */
  given?: { path: PathSegment[]; source: SourceRef; names: string[] };
}

export type { AgentPayload };
