/* Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit by hand. */

/**
 * A duration such as 30s, 2m, 1.5h, 3d.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "flowWindow".
 */
export type FlowWindow = string;
/**
 * A lane's name: letters, digits, _ . - (at most 64), e.g. github.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "laneName".
 */
export type LaneName = string;
/**
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "sessionMode".
 */
export type SessionMode = "persistent" | "isolated";
/**
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "channelName".
 */
export type ChannelName =
  "last" | "whatsapp" | "telegram" | "discord" | "slack" | "mattermost" | "signal" | "imessage" | "msteams";

/**
 * The hookgate configuration file (JSON or YAML). Strings may hold ${ENV_NAME} and ${file:PATH} (a secret read from a file); relative paths resolve against the folder of the config file.
 */
export interface HookgateConfig {
  /**
   * Path or URL of this schema, for editors. Ignored by hookgate.
   */
  $schema?: string;
  server?: ServerConfig;
  hooks?: HooksConfig;
  agents?: AgentsConfig;
  /**
   * Model providers by name. A model key `provider/model` uses the provider named before the slash.
   */
  providers?: {
    [k: string]: ProviderConfig;
  };
  channels?: ChannelsConfig;
  delivery?: DeliveryConfig;
  alerts?: AlertsConfig;
  heartbeat?: HeartbeatConfig;
  store?: StoreConfig;
  requestLog?: RequestLogConfig;
  retention?: RetentionConfig;
}
/**
 * Where hookgate listens.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "server".
 */
export interface ServerConfig {
  /**
   * Address to listen on. Keep the loopback default unless a trusted reverse proxy or private network sits in front.
   */
  host?: string;
  /**
   * TCP port; 0 picks any free port (the chosen one is printed).
   */
  port?: number;
  /**
   * Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For header is believed for the client address. Empty or omitted: the socket address is the client address.
   */
  trustProxy?: string[];
  /**
   * Log level of the JSON request log (overridden by --log-level).
   */
  logLevel?: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * Log one info line per request (method, path, status, ms, client, mappingId, runId, code, verified). false: that line is logged at debug (seen with logLevel debug), and the summary lines of logSummarySeconds say how requests went. Read at start.
   */
  logEachRequest?: boolean;
  /**
   * Seconds between the info lines that sum up the requests served (count, statuses, refusal codes, p50/p99/max ms); none is logged for an interval without requests. 0: no summary. Read at start.
   */
  logSummarySeconds?: number;
  /**
   * The address senders use to reach this server's root, as they see it (for example https://hooks.example.com, or https://example.com/hookgate behind a proxy that strips /hookgate). Twilio signs the URL it posts to, so a twilio verify needs it; nothing else uses it.
   */
  publicUrl?: string;
  metrics?: MetricsConfig;
  console?: ConsoleConfig;
}
/**
 * GET /metrics: Prometheus text exposition of hookgate's counters, histograms and queue depths.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "metrics".
 */
export interface MetricsConfig {
  /**
   * Serve GET /metrics.
   */
  enabled?: boolean;
  /**
   * Client addresses answered: loopback (127.0.0.0/8 and ::1, reached directly and naming a local host, server.host or server.publicUrl's host in its Host header: a request carrying X-Forwarded-For, Forwarded, X-Real-IP, CF-Connecting-IP or True-Client-IP counts as loopback only when server.trustProxy vouches for its proxy), any, or addresses and CIDR ranges such as 10.0.0.0/8. Others get 403. The client address follows server.trustProxy.
   */
  allowFrom?: string[];
}
/**
 * The web console at /console: recent requests with their decision and explain trace, runs, the main session's events, and a playground. Log in with the hook token.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "console".
 */
export interface ConsoleConfig {
  /**
   * Serve the console (only when hooks.enabled is true: its login is the hook token).
   */
  enabled?: boolean;
  /**
   * Client addresses answered: loopback (127.0.0.0/8 and ::1, reached directly and naming a local host, server.host or server.publicUrl's host in its Host header: a request carrying X-Forwarded-For, Forwarded, X-Real-IP, CF-Connecting-IP or True-Client-IP counts as loopback only when server.trustProxy vouches for its proxy), any, or addresses and CIDR ranges such as 10.0.0.0/8. Others get 403. The client address follows server.trustProxy.
   */
  allowFrom?: string[];
  /**
   * How long a console login lasts (for example 30m, 12h, 7d).
   */
  sessionTtl?: string;
}
/**
 * The webhook endpoint: authentication, limits, allowlists and the rules that turn payloads into actions.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "hooks".
 */
export interface HooksConfig {
  /**
   * Turns the webhook endpoint on. When false, nothing is served under hooks.path.
   */
  enabled?: boolean;
  /**
   * Shared secret every request must present (Authorization: Bearer, x-hookgate-token or x-openclaw-token). Required when hooks.enabled is true; use 24 characters or more, and no other secret of this file. Whitespace around it is ignored. ${file:/run/secrets/hook_token} reads it from a file, again on every reload.
   */
  token?: string;
  /**
   * Path prefix of every hook endpoint. A leading / is added and a trailing / removed; / alone is not allowed.
   */
  path?: string;
  /**
   * Allowlist for explicit agentId routing, compared case-insensitively. Omitted or containing *: any agent. []: every explicit agentId is denied. A request without agentId always goes to the default agent.
   */
  allowedAgentIds?: string[];
  /**
   * Session key of hook agent runs that carry no explicit key. Without it each run gets a fresh hook:<uuid> key. Must match allowedSessionKeyPrefixes when those are set; main is reserved for the main session.
   */
  defaultSessionKey?: string;
  /**
   * Whether /agent payloads may choose their sessionKey. Keep false unless the senders are trusted; combine with allowedSessionKeyPrefixes.
   */
  allowRequestSessionKey?: boolean;
  /**
   * Every explicit sessionKey (from a request or a mapping) must start with one of these, compared case-insensitively (for example ["hook:"]). Trimmed, lower-cased and de-duplicated at load.
   */
  allowedSessionKeyPrefixes?: string[];
  /**
   * Packs to enable, by id or alias: built-in ones (rules/presets/, e.g. mail, alias gmail), those in hooks.packDirs, and installed hookgate-pack-<name> packages. Their mappings come after hooks.mappings and hooks.rules, in this order.
   */
  presets?: string[];
  /**
   * Parameters of enabled packs, by pack id or alias: hooks.packs.github.events. hookgate packs show <name> lists a pack's parameters. Unknown names and wrong types are load errors.
   */
  packs?: {
    /**
     * Parameter values of one pack, by parameter name.
     */
    [k: string]: {
      [k: string]: unknown;
    };
  };
  /**
   * Folders of your own pack files (*.yaml, *.yml, *.json), relative to the config file. Searched before the built-in packs; a pack with a built-in pack's id replaces it (with a warning).
   */
  packDirs?: string[];
  /**
   * Custom mappings, tried in order before rule files and presets; the first mapping whose every predicate holds owns the request.
   */
  mappings?: Mapping[];
  /**
   * Extra rule files (YAML or JSON, globs allowed, relative to the config file). Their mappings come after hooks.mappings and before presets.
   */
  rules?: string[];
  /**
   * Folder of transform modules, relative to the config file. Must stay inside <config dir>/hooks/transforms (the default); .., absolute paths elsewhere and symlinks out are rejected, and so is a hooks/transforms that is a link out of the config's folder.
   */
  transformsDir?: string;
  transformLimits?: TransformLimitsConfig;
  mail?: MailConfig;
  gmail?: MailConfig;
  /**
   * Largest accepted request body in bytes; larger bodies get 413. A declared Content-Length above it is refused before the body is read.
   */
  maxBodyBytes?: number;
  /**
   * Bytes of request bodies without the hook token that the server reads at once, across all paths (a signed sender's body is read before its signature is checked). A request that would pass it gets 503 UNAUTHENTICATED_BODIES_BUSY with Retry-After; one request alone is always read, up to its path's body limit. Requests with the token never count.
   */
  unauthenticatedBodyBytes?: number;
  /**
   * Seconds a client has to send the whole body; slower bodies get 408.
   */
  bodyTimeoutSeconds?: number;
  authFailures?: AuthFailuresConfig;
  /**
   * Session mode of agent runs whose request or mapping names none. persistent: runs sharing a session key continue one conversation. isolated: every run starts from an empty conversation (OpenClaw's default; an OpenClaw config file gets it).
   */
  sessionMode?: "persistent" | "isolated";
  /**
   * How long an Idempotency-Key is remembered; a repeat within this time returns the first response. A verified sender's delivery is remembered at least this long, and longer when the sender retries longer (see verify.idempotencyTtlSeconds).
   */
  idempotencyTtlSeconds?: number;
  /**
   * Named lanes that mappings' flow.lane puts their runs in, with how many of each lane's runs may run at once, e.g. { github: { concurrency: 2 } }. A lane a mapping names without an entry here runs one run at a time.
   */
  lanes?: {
    [k: string]: Lane;
  };
}
/**
 * One rule: which requests it handles (match) and the action it builds from them.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "mapping".
 */
export interface Mapping {
  /**
   * Stable identifier shown in logs, runs and explain traces. Default: mapping-<n> (1-based position).
   */
  id?: string;
  /**
   * Template for the human-readable hook name used in summaries (Hook <name>: ...).
   */
  name?: string;
  match?: MappingMatch;
  /**
   * wake: a system event for the main session. agent: an isolated agent run (the default, as in OpenClaw). ignore: the mapping owns the request and answers 204; nothing is stored or run (for the events of a sender you do not want).
   */
  action?: "wake" | "agent" | "ignore";
  /**
   * Fan-out: a dot path (like a template path, e.g. messages or data.items; [] takes every element of an array on the way, e.g. entry[].changes[].value.messages) to an array in the payload. One action per element, each element the templates' root; missing, not an array or empty answers 204. All actions of one request are stored together or not at all.
   */
  forEach?: string;
  /**
   * Most elements forEach takes from one request; more is refused with 413 FOREACH_TOO_MANY (nothing is stored), never cut short.
   */
  forEachMax?: number;
  /**
   * now: heartbeat at once; next-heartbeat: wait for the periodic one. For wake actions this is the wake mode.
   */
  wakeMode?: "now" | "next-heartbeat";
  /**
   * Template of the wake text (wake actions).
   */
  textTemplate?: string;
  /**
   * Template of the agent message (agent actions). An agent mapping needs this or a transform.
   */
  messageTemplate?: string;
  /**
   * Template of an explicit session key; must match hooks.allowedSessionKeyPrefixes.
   */
  sessionKey?: string;
  /**
   * persistent: runs continue the conversation of their session key. isolated: each run starts from an empty conversation and leaves nothing in it. Default: hooks.sessionMode.
   */
  sessionMode?: "persistent" | "isolated";
  /**
   * Whether the agent's reply is sent to a chat channel.
   */
  deliver?: boolean;
  /**
   * Delivery channel: last (the main session's last route) or a channel name.
   */
  channel?:
    "last" | "whatsapp" | "telegram" | "discord" | "slack" | "mattermost" | "signal" | "imessage" | "msteams";
  /**
   * Template of the recipient: phone number (whatsapp, signal), chat id (telegram), channel id (discord, slack, mattermost), conversation id (msteams).
   */
  to?: string;
  /**
   * Agent to run; unknown ids fall back to the default agent. Subject to hooks.allowedAgentIds.
   */
  agentId?: string;
  /**
   * Template of a model override (provider/model or alias); must be allowed by agents.defaults.models.
   */
  model?: string;
  /**
   * Template of a thinking-level override (for example low, medium, high).
   */
  thinking?: string;
  /**
   * Maximum duration of the agent run, in seconds.
   */
  timeoutSeconds?: number;
  /**
   * true turns the external-content safety wrapper off for this mapping (only for trusted internal sources).
   */
  allowUnsafeExternalContent?: boolean;
  /**
   * Word on the Source: line of the safety wrapper (the mail preset says Email).
   */
  contentSource?: string;
  transform?: MappingTransform;
  verify?: MappingVerify;
  challenge?: MappingChallenge;
  /**
   * true: this mapping's path answers CloudEvents senders' handshakes: the webhook abuse-protection OPTIONS request (WebHook-Request-Origin, answered with WebHook-Allowed-Origin and WebHook-Allowed-Rate) and Azure Event Grid's subscription validation. CloudEvents requests themselves are read on every path.
   */
  cloudevents?: boolean;
  /**
   * Largest body accepted on this mapping's match.path, larger or smaller than hooks.maxBodyBytes. When several mappings share a path the largest limit applies; a mapping without its own limit counts as hooks.maxBodyBytes.
   */
  maxBodyBytes?: number;
  flow?: MappingFlow;
  /**
   * Template of the message (agent) or text (wake) of a coalesced run or event, over {{#each items}} (each item's message and at), {{count}} and {{key}}. Default: the joined messages in arrival order, separated by a blank line (wakes: a new line). Needs flow.coalesce.
   */
  coalesceTemplate?: string;
  /**
   * The status this mapping answers when it accepts a request (a wake, a run, or nothing to do): by default 200 for a wake, 202 for a run and 204 for ignore. Set 200 for senders that count any other status as a failed delivery and retry it (Linear). 204 answers without a body.
   */
  successStatus?: 200 | 202 | 204;
  /**
   * false answers this mapping's accepted requests without a body (the run id is not sent back), for senders that read a body as something to show: Slack shows a slash command's JSON answer as a message, and takes an empty 200 as a plain acknowledgement. An object is sent as it is (JSON) instead of the usual body, for senders that expect an answer of their own shape: a Discord interaction answered with a message.
   */
  successBody?: false | {};
}
/**
 * Predicates; the mapping applies when all of them hold. An empty match applies to every hook name.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "match".
 */
export interface MappingMatch {
  /**
   * Hook name after hooks.path (for example github for /hooks/github); slashes and spaces at the ends are ignored.
   */
  path?: string;
  /**
   * Applies when payload.source is a string equal to this (one generic endpoint routed by the payload).
   */
  source?: string;
  /**
   * JsonLogic expression over {payload, headers, query, path, verified}; the mapping applies when it is truthy. Header names are lower-case; verified is {scheme, id, timestamp} for a request that passed a verify, else absent.
   */
  when?: {} | boolean;
}
/**
 * A JS or TS module with custom logic, run in a sandbox.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "transform".
 */
export interface MappingTransform {
  /**
   * Module path relative to hooks.transformsDir; must resolve inside it.
   */
  module: string;
  /**
   * Exported function to call. Default: the default export, else an export named transform.
   */
  export?: string;
}
/**
 * How a sender that cannot send the hook token proves itself: a signature over the raw body or a secret header, checked in constant time before anything else reads the body. A request without the hook token reaches only mappings whose verify it passes; the token keeps working on every path.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "verify".
 */
export interface MappingVerify {
  /**
   * The sender's scheme: github (X-Hub-Signature-256), gitlab (X-Gitlab-Token), stripe (Stripe-Signature), slack (X-Slack-Signature), standard-webhooks (webhook-signature, also Svix), shopify (X-Shopify-Hmac-Sha256), linear (Linear-Signature), sentry (Sentry-Hook-Signature), pagerduty (X-PagerDuty-Signature), twilio (X-Twilio-Signature; needs server.publicUrl), ed25519 (Discord interactions), zoom (x-zm-signature), meta (Meta / WhatsApp X-Hub-Signature-256), header (a secret sent in a header, e.g. Telegram's), basic (HTTP basic auth), hmac (any other HMAC signature, described by the keys below).
   */
  scheme:
    | "github"
    | "gitlab"
    | "stripe"
    | "slack"
    | "standard-webhooks"
    | "shopify"
    | "linear"
    | "sentry"
    | "pagerduty"
    | "twilio"
    | "ed25519"
    | "zoom"
    | "meta"
    | "header"
    | "basic"
    | "hmac";
  /**
   * The secret configured at the sender: its signing secret (standard-webhooks: whsec_...), the shared token (gitlab: the Secret token, or the Signing token whsec_... of GitLab 19 and later; header), the password (basic) or, for ed25519, the sender's public key in hex. Write ${ENV_NAME} rather than the secret itself. Whitespace around it is ignored.
   */
  secret?: string;
  /**
   * standard-webhooks: the sender's Ed25519 public key, whpk_ followed by the base64 of its 32 bytes; v1a signatures are checked with it (v1 signatures with secret). Give secret, publicKey or both.
   */
  publicKey?: string;
  /**
   * Several public keys instead of publicKey, while rotating: a v1a signature by any of them passes.
   *
   * @minItems 1
   */
  publicKeys?: [string, ...string[]];
  /**
   * Several secrets instead of secret, while rotating: a request passes with any of them.
   *
   * @minItems 1
   */
  secrets?: [string, ...string[]];
  /**
   * basic: the user name the sender sends (compared in constant time, like the password).
   */
  username?: string;
  /**
   * header and hmac: the request header that carries the secret (header) or the signature (hmac).
   */
  header?: string;
  /**
   * hmac: the hash of the HMAC.
   */
  algorithm?: "sha1" | "sha256" | "sha512";
  /**
   * hmac: how the signature is written in the header.
   */
  encoding?: "hex" | "base64" | "base64url";
  /**
   * hmac: text before the signature in the header, for example sha256=.
   */
  prefix?: string;
  /**
   * hmac: what is signed: text with {{body}} (the raw body), {{timestamp}} and {{id}} (the values of timestampHeader and idHeader), for example {{timestamp}}.{{body}}.
   */
  signed?: string;
  /**
   * hmac: how the secret is written (the HMAC key is its decoded bytes).
   */
  secretEncoding?: "utf8" | "base64" | "hex";
  /**
   * hmac: the header with the signing time (Unix seconds or milliseconds); requests outside toleranceSeconds are refused.
   */
  timestampHeader?: string;
  /**
   * The header with the sender's delivery id, for schemes without a built-in one (header, basic, hmac) or to override it. A delivery id seen within 24 h is answered with its first answer and starts nothing new.
   */
  idHeader?: string;
  /**
   * Like idHeader, the delivery id read from the body instead (a dotted path, for example update_id for Telegram).
   */
  idField?: string;
  /**
   * How far the signed timestamp may be from this server's clock, either way. Default: the provider's (300 s; linear 60 s). Applies to schemes whose signature covers a timestamp: stripe, slack, standard-webhooks, zoom, ed25519, linear, gitlab's Signing token, and hmac with timestampHeader.
   */
  toleranceSeconds?: number;
  /**
   * How long this sender's verified delivery ids (and, for schemes that sign only the body, its bodies) are remembered: a redelivery within it gets the first answer and starts nothing. Default: the sender's retry horizon (stripe and github 3 days, standard-webhooks 28 hours) or hooks.idempotencyTtlSeconds, whichever is longer. Set here, it is used as given.
   */
  idempotencyTtlSeconds?: number;
}
/**
 * A provider's endpoint handshake, answered by hookgate on this mapping's path: slack (url_verification: the challenge echoed), zoom (endpoint.url_validation: plainToken and its HMAC), discord (PING: type 1) after the request passed this mapping's verify; meta (GET with hub.mode=subscribe, hub.verify_token and hub.challenge: the challenge echoed when the verify token matches).
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "challenge".
 */
export interface MappingChallenge {
  /**
   * The provider's handshake.
   */
  kind: "slack" | "zoom" | "discord" | "meta";
  /**
   * meta: the Verify token entered in Meta's webhook settings (compared in constant time). Write ${ENV_NAME}.
   */
  verifyToken?: string;
}
/**
 * What this mapping's requests may cost: repeats of a content key start nothing (dedupe), a burst about one thing becomes one run or one event (coalesce), at most so many runs start, or tokens are spent, per period (rate and budget, with over), and its runs run at most so many at once (concurrency, lane). Every request is still answered 2xx at once. Windows, keys, counts and the runs waiting live in the store: they survive a restart and are shared by instances on PostgreSQL.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "flow".
 */
export interface MappingFlow {
  dedupe?: MappingFlowDedupe;
  coalesce?: MappingFlowCoalesce;
  /**
   * The lane this mapping's runs wait in: runs of one lane (of every mapping naming it) run at most hooks.lanes.<name>.concurrency at once (default 1), in arrival order; runs of other lanes and mappings are not held up by them. Agent runs only.
   */
  lane?: string;
  /**
   * At most this many runs of this mapping at once; the others wait queued, in arrival order. With lane: the lane's concurrency (then it must agree with hooks.lanes.<name>.concurrency and with the other mappings of the lane). Agent runs only.
   */
  concurrency?: number;
  rate?: MappingFlowRate;
  budget?: MappingFlowBudget;
  /**
   * What becomes of a run past the rate or budget: hold (stored held, started in arrival order when a later period allows it) or drop (stored as dropped, never started). Either way the sender is answered 2xx at once, with held: true or dropped: true.
   */
  over?: "hold" | "drop";
}
/**
 * A request whose key was already seen within the window answers like the first (its run id, deduped: true) and stores nothing.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "flowDedupe".
 */
export interface MappingFlowDedupe {
  /**
   * Template of the content key, e.g. {{payload.id}}; with forEach, rendered per element. An empty key is never a repeat.
   */
  key: string;
  /**
   * How long a key is remembered (at most 30d), e.g. 72h.
   */
  window: string;
}
/**
 * The first request with a key opens a window; later ones with the same key join it and get the same run id (coalesced: true). When the window ends, or max requests joined, ONE run starts (one event for wakes) holding every joined message in order.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "flowCoalesce".
 */
export interface MappingFlowCoalesce {
  /**
   * Template of the key requests are merged by, e.g. {{payload.alerts.0.labels.alertname}}/{{payload.alerts.0.labels.instance}}; with forEach, rendered per element.
   */
  key: string;
  /**
   * How long a window stays open after its first request (at most 1d), e.g. 2m.
   */
  window: string;
  /**
   * A window that holds this many requests starts its run at once.
   */
  max?: number;
}
/**
 * At most max of this mapping's runs start per period. Periods are fixed: they start at multiples of per since 1970-01-01T00:00Z (per: 1h starts each hour on the hour). Past max, the run is held or dropped (flow.over). Applies to agent runs only (a wake is not a run of its own); a coalesced run counts once, when its window ends. The counts live in the store: they survive a restart and instances on PostgreSQL share them.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "flowRate".
 */
export interface MappingFlowRate {
  /**
   * Runs started per period, e.g. 20.
   */
  max: number;
  /**
   * The period (at most 30d), e.g. 1h.
   */
  per: string;
}
/**
 * What this mapping's runs may spend per period: at most runs started, and no run starts once the tokens its finished runs reported reached tokens (runners that report none add 0; a run admitted under the budget may overshoot it). Periods are fixed, as for rate. Past it, the run is held until the next period or dropped (flow.over). Agent runs only; with rate, a run must pass both. The counts live in the store.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "flowBudget".
 */
export interface MappingFlowBudget {
  /**
   * Runs started per period, e.g. 200.
   */
  runs?: number;
  /**
   * Tokens (the runner's total: prompt and completion) per period, e.g. 2000000.
   */
  tokens?: number;
  /**
   * The period (at most 30d), e.g. 1d.
   */
  per: string;
}
/**
 * Hard limits of the transform sandbox, per call, and the worker threads transforms run in.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "transformLimits".
 */
export interface TransformLimitsConfig {
  /**
   * CPU time one transform call may use, in milliseconds.
   */
  cpuMs?: number;
  /**
   * Memory a transform may allocate, in MiB, beyond the sandbox engine's fixed 16 MiB base.
   */
  memoryMiB?: number;
  /**
   * Largest input (the request as JSON: payload, headers, query, path) handed to a transform, in bytes; a larger one is refused with 413 TRANSFORM_INPUT_TOO_LARGE before the sandbox sees it. Reading the input in the sandbox has its own time (0.5 s plus 4 s per MiB), apart from cpuMs; an input that takes longer, or more than memoryMiB, is refused with 413 as well.
   */
  maxInputBytes?: number;
  /**
   * Largest result (as JSON) a transform may return, in bytes.
   */
  maxResultBytes?: number;
  /**
   * Stack size of the sandbox, in bytes (bounds recursion: a few hundred nested calls at the default). Larger stacks let deep recursion overflow the host's own stack before the sandbox notices, so 48 KiB is also the maximum.
   */
  maxStackBytes?: number;
  /**
   * Worker threads that run transforms, each with its own sandbox of every loaded transform; a call stuck 100 ms past cpuMs ends its worker, which is replaced. More workers let more calls run at once, each one costs memory (a JavaScript engine and the sandboxes).
   */
  workers?: number;
  /**
   * Transform calls that may wait for a free worker; a call beyond them fails at once with TRANSFORM_BUSY.
   */
  maxQueued?: number;
}
/**
 * Parameters of the mail pack (hooks.mail, or OpenClaw's hooks.gmail; the same as hooks.packs.mail, give only one): model, thinking, allowUnsafeExternalContent, and sessionKeyPrefix, agentId, deliver, channel, to as in every pack that starts runs.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "mailConfig".
 */
export interface MailConfig {
  /**
   * Model (provider/model or alias) for runs of the mail preset.
   */
  model?: string;
  /**
   * Thinking level for runs of the mail preset (for example low, medium, high).
   */
  thinking?: string;
  /**
   * true turns the external-content safety wrapper off for mail (dangerous).
   */
  allowUnsafeExternalContent?: boolean;
  [k: string]: unknown;
}
/**
 * Brute-force throttling per client address.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "authFailures".
 */
export interface AuthFailuresConfig {
  /**
   * Failed authentications allowed within windowSeconds; the next one gets 429.
   */
  max?: number;
  /**
   * Window in which failures are counted.
   */
  windowSeconds?: number;
  /**
   * How long an address stays locked (429 with Retry-After) once it reached max.
   */
  lockSeconds?: number;
  /**
   * Upper bound on addresses whose failures are counted at once, and separately on addresses locked at once, so a flood of addresses cannot exhaust memory (at most twice this many are held). The least recently failing unlocked address is dropped first; a lock ends early only when this many newer locks are in force, the one ending soonest first.
   */
  maxTrackedAddresses?: number;
}
/**
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "lane".
 */
export interface Lane {
  /**
   * At most this many runs of the lane at once (across instances sharing a PostgreSQL store).
   */
  concurrency?: number;
}
/**
 * Agents that run hook turns and the main session.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "agents".
 */
export interface AgentsConfig {
  defaults?: AgentDefaults;
  /**
   * Agents by id. The one with default: true (else the first) is the default agent, whose standing conversation is the main session.
   */
  list?: Agent[];
}
/**
 * Settings every agent inherits.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "agentDefaults".
 */
export interface AgentDefaults {
  /**
   * Default model, provider/model (or an alias of agents.defaults.models).
   */
  model?: string;
  /**
   * Allowed models, keyed provider/model. Present and non-empty: requests may only pick these (by key or alias), unless modelPolicy.allow decides instead. Absent: any model.
   */
  models?: {
    [k: string]: ModelEntry;
  };
  modelPolicy?: ModelPolicy;
  /**
   * Default maximum duration of one agent run, in seconds.
   */
  timeoutSeconds?: number;
  /**
   * Default thinking level (for example low).
   */
  thinking?: string;
  /**
   * Agent runs executed at the same time.
   */
  maxConcurrentRuns?: number;
  /**
   * How many earlier messages of a session are sent with a new turn.
   */
  transcriptTurns?: number;
}
/**
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "modelEntry".
 */
export interface ModelEntry {
  /**
   * Short name usable in requests instead of provider/model; unique across models.
   */
  alias?: string;
}
/**
 * OpenClaw's model policy: an allowlist apart from agents.defaults.models, which then only gives aliases.
 */
export interface ModelPolicy {
  /**
   * Models requests may pick: provider/model keys, aliases of agents.defaults.models, provider/* for every model of a provider, or * for any. Empty or omitted: the keys of agents.defaults.models decide (any model when there are none).
   */
  allow?: string[];
}
/**
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "agent".
 */
export interface Agent {
  /**
   * Agent id used by agentId routing; ids compare case-insensitively (OPS and ops are one agent) and are lower-cased at load.
   */
  id: string;
  /**
   * Display name.
   */
  name?: string;
  /**
   * Marks the default agent (at most one).
   */
  default?: boolean;
  runner?: RunnerConfig;
  /**
   * System prompt of this agent.
   */
  systemPrompt?: string;
  /**
   * File holding the system prompt, relative to the config file (instead of systemPrompt).
   */
  systemPromptFile?: string;
  /**
   * Default model of this agent (overrides agents.defaults.model).
   */
  model?: string;
  /**
   * Default thinking level of this agent.
   */
  thinking?: string;
  /**
   * Default run timeout of this agent, in seconds.
   */
  timeoutSeconds?: number;
}
/**
 * How the agent produces a reply. Default: echo.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "runner".
 */
export interface RunnerConfig {
  /**
   * llm: OpenAI-compatible Chat Completions at the model's provider. command: a program (message on stdin, reply on stdout). echo: built in, deterministic, for demos and tests. openclaw: hands the run to an OpenClaw gateway's hooks (POST {url}{path}/agent), which runs the agent and delivers its reply itself. http: a POST signed per Standard Webhooks to an agent of your own, which answers {reply} at once or later at the run's callback URL. a2a: an A2A 1.0 agent over JSON-RPC (SendMessage with messageId = the run id and contextId = the session key; a task still working is followed with GetTask).
   */
  kind: "llm" | "command" | "echo" | "openclaw" | "http" | "a2a";
  /**
   * argv of the program for kind command (no shell); relative program paths resolve against the config file.
   *
   * @minItems 1
   */
  command?: [string, ...string[]];
  /**
   * Extra environment variables for kind command.
   */
  env?: {
    [k: string]: string;
  };
  /**
   * Working directory for kind command, relative to the config file.
   */
  cwd?: string;
  /**
   * For kind openclaw: the gateway's address, for example http://127.0.0.1:18789 (its hooks path is added from path). For kind http: the agent's URL, where each run is POSTed. For kind a2a: the agent's JSON-RPC endpoint (the url of its agent card's JSONRPC interface), for example https://agents.example.com/a2a.
   */
  url?: string;
  /**
   * For kind openclaw: the gateway's hooks.token, sent as Authorization: Bearer <token>. Use ${ENV_NAME} or ${file:PATH} rather than writing it into the file.
   */
  token?: string;
  /**
   * For kind openclaw: the gateway's agent that runs the turn (default: this agent's id).
   */
  agentId?: string;
  /**
   * For kind http: the Standard Webhooks signing secret (whsec_<base64>, or any string used as it is) the agent verifies each request with. Use ${ENV_NAME} or ${file:PATH}.
   */
  secret?: string;
  /**
   * For kind http and a2a: extra headers sent with each request (for example Authorization: "Bearer ${A2A_TOKEN}"); their values never appear in errors, logs or run records.
   */
  headers?: {
    [k: string]: string;
  };
  /**
   * For kind http: hookgate's address as the agent reaches it (for example http://hookgate.internal:18789). With it each run carries a callbackUrl under hooks.path, and the agent may answer 202 and POST {reply} or {error} there later; without it a 202 fails the run.
   */
  callbackBaseUrl?: string;
  /**
   * For kind openclaw: the gateway's hooks.path.
   */
  path?: string;
}
/**
 * An OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp, OpenRouter, ...).
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "provider".
 */
export interface ProviderConfig {
  /**
   * Base URL; requests go to {baseUrl}/chat/completions (for example https://api.openai.com/v1).
   */
  baseUrl: string;
  /**
   * Sent as Authorization: Bearer <apiKey>. Use ${ENV_NAME} or ${file:PATH} rather than writing the key into the file.
   */
  apiKey?: string;
  /**
   * How the thinking level (off, minimal, low, medium, high) reaches the provider. auto: as the provider's API takes it (see api), left out for models known not to take it, and dropped for a model that refuses it with a 400. reasoning_effort: always as reasoning_effort. reasoning: as OpenRouter's reasoning.effort. none: never sent.
   */
  thinkingParam?: "auto" | "reasoning_effort" | "reasoning" | "none";
  /**
   * Which server this is, for what differs between them (thinking, the token cap's field). Default: openai for api.openai.com and *.openai.azure.com, openrouter for openrouter.ai, ollama for port 11434, else compatible.
   */
  api?: "openai" | "openrouter" | "ollama" | "vllm" | "llamacpp" | "compatible";
  /**
   * Cap on the tokens one reply may use (reasoning tokens included where the provider counts them), sent as max_tokens (max_completion_tokens to OpenAI). A reply cut off by it ends with a note saying so. 0: no cap is sent.
   */
  maxTokens?: number;
  /**
   * Extra HTTP headers sent with every request.
   */
  headers?: {
    [k: string]: string;
  };
}
/**
 * Chat channels replies can be delivered to. Only configured channels may be named in requests.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "channels".
 */
export interface ChannelsConfig {
  whatsapp?: WhatsappChannel;
  telegram?: TelegramChannel;
  discord?: DiscordChannel;
  slack?: SlackChannel;
  mattermost?: MattermostChannel;
  signal?: SignalChannel;
  imessage?: ImessageChannel;
  msteams?: MsteamsChannel;
}
/**
 * WhatsApp Cloud API.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "whatsappChannel".
 */
export interface WhatsappChannel {
  /**
   * Cloud API access token.
   */
  accessToken: string;
  /**
   * Sender phone number id.
   */
  phoneNumberId: string;
  /**
   * Graph API base URL (with version).
   */
  apiBaseUrl?: string;
  /**
   * Default recipient phone number.
   */
  defaultTo?: string;
}
/**
 * Telegram Bot API.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "telegramChannel".
 */
export interface TelegramChannel {
  /**
   * Bot token from @BotFather.
   */
  botToken: string;
  /**
   * Bot API base URL (a local Bot API server works too).
   */
  apiBaseUrl?: string;
  /**
   * Default chat id.
   */
  defaultTo?: string;
}
/**
 * Discord REST API with a bot token.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "discordChannel".
 */
export interface DiscordChannel {
  /**
   * Bot token (sent as Authorization: Bot ...).
   */
  botToken: string;
  /**
   * REST API base URL.
   */
  apiBaseUrl?: string;
  /**
   * Default channel id.
   */
  defaultTo?: string;
}
/**
 * Slack Web API with a bot token.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "slackChannel".
 */
export interface SlackChannel {
  /**
   * Bot token (xoxb-...).
   */
  botToken: string;
  /**
   * Web API base URL.
   */
  apiBaseUrl?: string;
  /**
   * Default channel id.
   */
  defaultTo?: string;
}
/**
 * Mattermost REST API v4.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "mattermostChannel".
 */
export interface MattermostChannel {
  /**
   * Server URL (for example https://chat.example.com).
   */
  baseUrl: string;
  /**
   * Bot or personal access token.
   */
  token: string;
  /**
   * Default channel id.
   */
  defaultTo?: string;
}
/**
 * signal-cli REST API.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "signalChannel".
 */
export interface SignalChannel {
  /**
   * signal-cli-rest-api URL (for example http://127.0.0.1:8080).
   */
  baseUrl: string;
  /**
   * Registered sender number.
   */
  number: string;
  /**
   * Default recipient number.
   */
  defaultTo?: string;
}
/**
 * iMessage through a BlueBubbles server.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "imessageChannel".
 */
export interface ImessageChannel {
  /**
   * BlueBubbles server URL.
   */
  baseUrl: string;
  /**
   * BlueBubbles server password.
   */
  password: string;
  /**
   * Default chat guid (for example iMessage;-;+15551234567).
   */
  defaultTo?: string;
}
/**
 * Microsoft Teams incoming webhooks / Workflows URLs, one per conversation id.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "msteamsChannel".
 */
export interface MsteamsChannel {
  /**
   * Map of conversation id to its webhook URL.
   */
  webhooks: {
    [k: string]: string;
  };
  /**
   * Default conversation id (a key of webhooks).
   */
  defaultTo?: string;
}
/**
 * Retry policy of deliveries to chat channels.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "delivery".
 */
export interface DeliveryConfig {
  /**
   * Attempts per message on 429 and 5xx answers.
   */
  maxAttempts?: number;
  /**
   * First retry delay; doubled each attempt, with jitter.
   */
  baseDelayMs?: number;
  /**
   * Upper bound of one backoff delay. A wait the service asks for (Retry-After) is not cut short: see maxRetryAfterMs.
   */
  maxDelayMs?: number;
  /**
   * Longest wait a service may ask for (Retry-After, retry_after) that is waited out; a longer one fails the delivery, saying how long the service asked to wait. Nothing is sent to that channel before the wait ends.
   */
  maxRetryAfterMs?: number;
}
/**
 * Messages to a chat channel when an issue opens (the first failure after the 2xx on a path: runs, deliveries, mappings, signatures) and when it closes. At most one message per minIntervalSeconds; what happens meanwhile goes into the next one. A message names the issue, its code and count, never a payload's text, a secret or a token.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "alerts".
 */
export interface AlertsConfig {
  /**
   * The chat channel the alerts go to; it must be configured under channels.
   */
  channel: "whatsapp" | "telegram" | "discord" | "slack" | "mattermost" | "signal" | "imessage" | "msteams";
  /**
   * Recipient on that channel (a chat, channel or phone number id); default: the channel's defaultTo.
   */
  to?: string;
  /**
   * Seconds between two alert messages at least. Issues opened or closed meanwhile are sent together in the next message.
   */
  minIntervalSeconds?: number;
}
/**
 * The main session's heartbeat: one main-agent turn over the pending system events.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "heartbeat".
 */
export interface HeartbeatConfig {
  /**
   * Period of the heartbeat (for example 30s, 30m, 2h), at most 24d (timers cannot wait longer than about 24.8 days); 0 turns the periodic heartbeat off.
   */
  every?: string;
  /**
   * Prompt of a heartbeat turn; the pending events follow it.
   */
  prompt?: string;
  /**
   * A reply equal to this (whitespace and punctuation around it allowed) means nothing to report: recorded, not delivered.
   */
  ackToken?: string;
  /**
   * now-requests arriving within this many milliseconds share one heartbeat.
   */
  coalesceMs?: number;
}
/**
 * Where events, runs and sessions are kept: an embedded SQLite file for one instance (the default), or a PostgreSQL database that several instances share (see Running several instances).
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "store".
 */
export interface StoreConfig {
  /**
   * sqlite: embedded file, one instance. postgres: a PostgreSQL database (12 or newer) shared by every instance that names it; needs store.url.
   */
  kind?: "sqlite" | "postgres";
  /**
   * SQLite file, relative to the config file (kind sqlite).
   */
  path?: string;
  /**
   * PostgreSQL connection URL (kind postgres), for example postgres://hookgate@db.internal:5432/hookgate. Keep the password out of the file: url: ${HOOKGATE_DATABASE_URL}, or set PGPASSWORD in the environment.
   */
  url?: string;
  /**
   * Connections each instance opens at most (kind postgres); each instance also keeps one more for LISTEN.
   */
  poolSize?: number;
  /**
   * PostgreSQL schema that holds hookgate's tables (kind postgres): lower-case letters, digits and _, at most 48 characters; created at start when missing. Instances that share their work name the same schema.
   */
  schema?: string;
  /**
   * Kind postgres: a run (or its delivery) an instance took stays that instance's for this long without renewal; instances renew every third of it. When an instance dies, its runs go back to the queue this long after its last renewal and another instance finishes them.
   */
  leaseSeconds?: number;
  tls?: StoreTlsConfig;
}
/**
 * TLS to PostgreSQL (kind postgres). Without this section the URL decides (its sslmode parameter; none = no TLS). Give either this section or sslmode in the URL, not both.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "storeTls".
 */
export interface StoreTlsConfig {
  /**
   * disable: no TLS. require: encrypted, the server's certificate is not checked. verify-ca: the certificate must chain to a trusted CA. verify-full: verify-ca and the certificate must name the host.
   */
  mode?: "disable" | "require" | "verify-ca" | "verify-full";
  /**
   * PEM file of the certificate authorities to trust, relative to the config file; default: Node's built-in list.
   */
  ca?: string;
  /**
   * PEM file of a client certificate, relative to the config file (with key).
   */
  cert?: string;
  /**
   * PEM file of the client certificate's private key, relative to the config file (with cert).
   */
  key?: string;
}
/**
 * The request log: every request under hooks.path with its decision, answer and timings, kept for hookgate replay and the console. Token headers are left out; other credential headers, query parameters and body fields, and any secret of the configuration wherever it appears, are kept as [removed].
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "requestLog".
 */
export interface RequestLogConfig {
  /**
   * Keep the request log.
   */
  enabled?: boolean;
  /**
   * Bytes of each body kept; a longer body is cut there (the console shows the start, replay skips it). 0 keeps no bodies.
   */
  maxBodyBytes?: number;
}
/**
 * How long the store keeps what is done with: the request log, consumed events, finished runs (their delivery settled), session transcripts and heartbeats. Pending work is never pruned.
 *
 * This interface was referenced by `HookgateConfig`'s JSON-Schema
 * via the `definition` "retention".
 */
export interface RetentionConfig {
  /**
   * Rows older than this are pruned (for example 36h, 14d); 0 keeps them however old.
   */
  maxAge?: string;
  /**
   * At most this many newest rows are kept in each table; 0 for no limit.
   */
  maxRows?: number;
  /**
   * How often the server prunes (also once at start).
   */
  pruneEvery?: string;
}

/**
 * Body of POST <hooks.path>/wake, and the action a mapped wake builds. Other fields in a request body are ignored.
 */
export interface WakePayload {
  /**
   * Description of the event; becomes a system event of the main session. As long as the body limit (hooks.maxBodyBytes) allows.
   */
  text: string;
  /**
   * now: heartbeat at once; next-heartbeat: wait for the periodic heartbeat.
   */
  mode?: "now" | "next-heartbeat";
  /**
   * Same as the Idempotency-Key header (OpenClaw's field): a repeat within hooks.idempotencyTtlSeconds returns the first answer. When the header is sent too, both must carry the same key.
   */
  idempotencyKey?: string;
}

/**
 * Body of POST <hooks.path>/agent, and the action a mapped agent hook builds. Other fields in a request body are ignored.
 */
export interface AgentPayload {
  /**
   * Prompt or message for the agent.
   */
  message: string;
  /**
   * Human-readable hook name, the prefix of the summary posted into the main session.
   */
  name?: string;
  /**
   * Agent to run; unknown ids fall back to the default agent. Subject to hooks.allowedAgentIds.
   */
  agentId?: string;
  /**
   * Session of the run. Rejected unless hooks.allowRequestSessionKey is true; must match hooks.allowedSessionKeyPrefixes.
   */
  sessionKey?: string;
  /**
   * now: heartbeat at once after the run; next-heartbeat: wait for the periodic one.
   */
  wakeMode?: "now" | "next-heartbeat";
  /**
   * Whether the reply is sent to a chat channel (heartbeat acknowledgements never are).
   */
  deliver?: boolean;
  /**
   * Delivery channel; last = the main session's last route.
   */
  channel?:
    "last" | "whatsapp" | "telegram" | "discord" | "slack" | "mattermost" | "signal" | "imessage" | "msteams";
  /**
   * Recipient on the channel: phone number (whatsapp, signal), chat id (telegram), channel id (discord, slack, mattermost), conversation id (msteams).
   */
  to?: string;
  /**
   * Model override, provider/model or alias; must be allowed by agents.defaults.models.
   */
  model?: string;
  /**
   * Thinking-level override (for example low, medium, high).
   */
  thinking?: string;
  /**
   * Maximum duration of the run, in seconds.
   */
  timeoutSeconds?: number;
  /**
   * persistent: the run continues the conversation of its session key. isolated: it starts from an empty conversation and leaves nothing in the session's. Default: hooks.sessionMode.
   */
  sessionMode?: "persistent" | "isolated";
  /**
   * Same as the Idempotency-Key header (OpenClaw's field): a repeat within hooks.idempotencyTtlSeconds returns the first answer. When the header is sent too, both must carry the same key.
   */
  idempotencyKey?: string;
  /**
   * Accepted for OpenClaw senders and not waited on: the answer is always 202 as soon as the run is stored (hookgate runs shows its outcome).
   */
  waitForCompletion?: boolean;
}

/**
 * What a transform returns besides null: a partial action merged over the one the mapping's templates built. Fields of the other kind are ignored after a kind switch.
 */
export interface TransformResult {
  /**
   * Switches the action kind.
   */
  kind?: "wake" | "agent";
  /**
   * Wake text (replaces the template's).
   */
  text?: string;
  /**
   * Wake mode.
   */
  mode?: "now" | "next-heartbeat";
  /**
   * Agent message (replaces the template's).
   */
  message?: string;
  /**
   * Hook name for summaries.
   */
  name?: string;
  /**
   * Agent to run.
   */
  agentId?: string;
  /**
   * Explicit session key (prefix rules apply).
   */
  sessionKey?: string;
  /**
   * Wake mode after an agent run.
   */
  wakeMode?: "now" | "next-heartbeat";
  /**
   * Whether the reply is delivered.
   */
  deliver?: boolean;
  /**
   * Delivery channel.
   */
  channel?:
    "last" | "whatsapp" | "telegram" | "discord" | "slack" | "mattermost" | "signal" | "imessage" | "msteams";
  /**
   * Recipient.
   */
  to?: string;
  /**
   * Model override.
   */
  model?: string;
  /**
   * Thinking-level override.
   */
  thinking?: string;
  /**
   * Run timeout.
   */
  timeoutSeconds?: number;
  /**
   * Whether the run continues its session's conversation (persistent) or starts afresh (isolated).
   */
  sessionMode?: "persistent" | "isolated";
}

/**
 * This interface was referenced by `TestCase`'s JSON-Schema
 * via the `definition` "valueMatch".
 */
export type ValueMatch =
  | (string | number | boolean | null)
  | {
      /**
       * The value is a string containing this.
       */
      contains?: string;
      /**
       * The value is a string this regular expression (JavaScript syntax) finds a match in.
       */
      matches?: string;
    };

/**
 * One embedded test case of a rule file or pack (its `tests:` list): a request and the outcome it must get. `hookgate test` with no hook name runs every case of everything enabled.
 */
export interface TestCase {
  /**
   * What the case shows; printed with PASS or FAIL.
   */
  name: string;
  /**
   * Hook name after hooks.path (github for /hooks/github). Default: the match.path of the first mapping of this file that has one.
   */
  path?: string;
  /**
   * POST (default), or GET for Meta's subscription check (the path's mappings need challenge kind meta).
   */
  method?: "POST" | "GET";
  /**
   * Request headers (names are compared lower-case). A sender's signature header here, without sign, is verified as given (for refused-signature cases).
   */
  headers?: {
    [k: string]: string;
  };
  /**
   * Query parameters.
   */
  query?: {
    [k: string]: string;
  };
  /**
   * The body, inline (any JSON value). Give this or payloadFile; neither sends an empty object.
   */
  payload?: {
    [k: string]: unknown;
  };
  /**
   * File holding the body, relative to the rule or pack file; sent byte for byte (so JSON is signed exactly as written there).
   */
  payloadFile?: string;
  /**
   * Send the payload (an object of fields) as application/x-www-form-urlencoded.
   */
  form?: boolean;
  /**
   * Sign the body with the verify of the mapping the path's verifying mappings start with, and send it without the hook token. true signs with its secret; { secret } signs with another secret (a refused-signature case).
   */
  sign?:
    | boolean
    | {
        /**
         * Sign with this secret instead of the mapping's.
         */
        secret: string;
      };
  /**
   * The time {{now}} renders and signatures are made and checked at (default: the current time).
   */
  now?: string;
  /**
   * Packs only: parameter values for this case, over the pack's defaults.
   */
  params?: {};
  expect: Expectation;
}
/**
 * The outcome the case must get; only the fields given are compared.
 *
 * This interface was referenced by `TestCase`'s JSON-Schema
 * via the `definition` "expectation".
 */
export interface Expectation {
  /**
   * HTTP status the server answers (202 agent run, 200 wake or handshake, 204 ignored, 404 no match, 401 refused signature ...).
   */
  status?: number;
  /**
   * Id of the mapping that owns the request.
   */
  mapping?: string;
  /**
   * agent run, wake, ignore (204, nothing stored), no-match (404), refused (any other error answer), challenge (a handshake hookgate answers).
   */
  kind?: "agent" | "wake" | "ignore" | "no-match" | "refused" | "challenge";
  /**
   * Number of actions the request makes (fan-out); 0 for an ignored or refused request.
   */
  count?: number;
  action?: ActionExpectation;
  /**
   * Selected fields of each action, in order (fan-out); the count must match too.
   */
  actions?: ActionExpectation[];
  /**
   * refused: a piece of the error code or of the error message (case-insensitive).
   */
  reason?: string;
}
/**
 * Selected fields of an action (agent: message, name, sessionKey, agentId, channel, to, deliver, model, ...; wake: text, mode, name; both: coalesceKey and dedupeKey, the rendered keys of the mapping's flow, null when it has none). A string compares exactly; { contains } and { matches } compare a part or a regular expression.
 *
 * This interface was referenced by `TestCase`'s JSON-Schema
 * via the `definition` "actionExpectation".
 */
export interface ActionExpectation {
  [k: string]: ValueMatch;
}
