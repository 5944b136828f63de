/* Generated from schemas/*.schema.json by `npm run gen:validators`. Do not edit by hand. */
// @ts-nocheck
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);

export const validateConfig = validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://hookgate.dev/schemas/config.schema.json","title":"HookgateConfig","description":"The hookgate configuration file (JSON or YAML). Strings may hold ${ENV_NAME} and ${file:PATH} (a secret read from a file); relative paths resolve against the folder of the config file.","type":"object","additionalProperties":false,"properties":{"$schema":{"type":"string","description":"Path or URL of this schema, for editors. Ignored by hookgate."},"server":{"$ref":"#/$defs/server"},"hooks":{"$ref":"#/$defs/hooks"},"agents":{"$ref":"#/$defs/agents"},"providers":{"type":"object","description":"Model providers by name. A model key `provider/model` uses the provider named before the slash.","additionalProperties":{"$ref":"#/$defs/provider"},"propertyNames":{"pattern":"^[A-Za-z0-9_.-]+$"}},"channels":{"$ref":"#/$defs/channels"},"delivery":{"$ref":"#/$defs/delivery"},"alerts":{"$ref":"#/$defs/alerts"},"heartbeat":{"$ref":"#/$defs/heartbeat"},"store":{"$ref":"#/$defs/store"},"requestLog":{"$ref":"#/$defs/requestLog"},"retention":{"$ref":"#/$defs/retention"}},"$defs":{"server":{"title":"ServerConfig","type":"object","description":"Where hookgate listens.","additionalProperties":false,"properties":{"host":{"type":"string","minLength":1,"default":"127.0.0.1","description":"Address to listen on. Keep the loopback default unless a trusted reverse proxy or private network sits in front."},"port":{"type":"integer","minimum":0,"maximum":65535,"default":18789,"description":"TCP port; 0 picks any free port (the chosen one is printed)."},"trustProxy":{"type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"description":"Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For header is believed for the client address. Empty or omitted: the socket address is the client address."},"logLevel":{"enum":["fatal","error","warn","info","debug","trace","silent"],"default":"info","description":"Log level of the JSON request log (overridden by --log-level)."},"logEachRequest":{"type":"boolean","default":false,"description":"Log one info line per request (method, path, status, ms, client, mappingId, runId, code, verified). false: that line is logged at debug (seen with logLevel debug), and the summary lines of logSummarySeconds say how requests went. Read at start."},"logSummarySeconds":{"type":"integer","minimum":0,"maximum":86400,"default":60,"description":"Seconds between the info lines that sum up the requests served (count, statuses, refusal codes, p50/p99/max ms); none is logged for an interval without requests. 0: no summary. Read at start."},"publicUrl":{"type":"string","pattern":"^https?://[^/?#\\s]+(/[^?#\\s]*)?$","description":"The address senders use to reach this server's root, as they see it (for example https://hooks.example.com, or https://example.com/hookgate behind a proxy that strips /hookgate). Twilio signs the URL it posts to, so a twilio verify needs it; nothing else uses it."},"metrics":{"$ref":"#/$defs/metrics"},"console":{"$ref":"#/$defs/console"}}},"metrics":{"title":"MetricsConfig","type":"object","description":"GET /metrics: Prometheus text exposition of hookgate's counters, histograms and queue depths.","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":true,"description":"Serve GET /metrics."},"allowFrom":{"type":"array","items":{"type":"string","minLength":1},"default":["loopback"],"description":"Client addresses answered: loopback (127.0.0.0/8 and ::1, reached directly and naming a local host, server.host or server.publicUrl's host in its Host header: a request carrying X-Forwarded-For, Forwarded, X-Real-IP, CF-Connecting-IP or True-Client-IP counts as loopback only when server.trustProxy vouches for its proxy), any, or addresses and CIDR ranges such as 10.0.0.0/8. Others get 403. The client address follows server.trustProxy."}}},"console":{"title":"ConsoleConfig","type":"object","description":"The web console at /console: recent requests with their decision and explain trace, runs, the main session's events, and a playground. Log in with the hook token.","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":true,"description":"Serve the console (only when hooks.enabled is true: its login is the hook token)."},"allowFrom":{"type":"array","items":{"type":"string","minLength":1},"default":["loopback"],"description":"Client addresses answered: loopback (127.0.0.0/8 and ::1, reached directly and naming a local host, server.host or server.publicUrl's host in its Host header: a request carrying X-Forwarded-For, Forwarded, X-Real-IP, CF-Connecting-IP or True-Client-IP counts as loopback only when server.trustProxy vouches for its proxy), any, or addresses and CIDR ranges such as 10.0.0.0/8. Others get 403. The client address follows server.trustProxy."},"sessionTtl":{"type":"string","pattern":"^[0-9]+(\\.[0-9]+)?(m|h|d)$","default":"12h","description":"How long a console login lasts (for example 30m, 12h, 7d)."}}},"requestLog":{"title":"RequestLogConfig","type":"object","description":"The request log: every request under hooks.path with its decision, answer and timings, kept for hookgate replay and the console. Token headers are left out; other credential headers, query parameters and body fields, and any secret of the configuration wherever it appears, are kept as [removed].","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":true,"description":"Keep the request log."},"maxBodyBytes":{"type":"integer","minimum":0,"default":65536,"description":"Bytes of each body kept; a longer body is cut there (the console shows the start, replay skips it). 0 keeps no bodies."}}},"retention":{"title":"RetentionConfig","type":"object","description":"How long the store keeps what is done with: the request log, consumed events, finished runs (their delivery settled), session transcripts and heartbeats. Pending work is never pruned.","additionalProperties":false,"properties":{"maxAge":{"type":"string","pattern":"^(0|[0-9]+(\\.[0-9]+)?(m|h|d))$","default":"14d","description":"Rows older than this are pruned (for example 36h, 14d); 0 keeps them however old."},"maxRows":{"type":"integer","minimum":0,"default":100000,"description":"At most this many newest rows are kept in each table; 0 for no limit."},"pruneEvery":{"type":"string","pattern":"^[0-9]+(\\.[0-9]+)?(s|m|h)$","default":"10m","description":"How often the server prunes (also once at start)."}}},"hooks":{"title":"HooksConfig","type":"object","description":"The webhook endpoint: authentication, limits, allowlists and the rules that turn payloads into actions.","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":false,"description":"Turns the webhook endpoint on. When false, nothing is served under hooks.path."},"token":{"type":"string","description":"Shared secret every request must present (Authorization: Bearer, x-hookgate-token or x-openclaw-token). Required when hooks.enabled is true; use 24 characters or more, and no other secret of this file. Whitespace around it is ignored. ${file:/run/secrets/hook_token} reads it from a file, again on every reload."},"path":{"type":"string","default":"/hooks","description":"Path prefix of every hook endpoint. A leading / is added and a trailing / removed; / alone is not allowed."},"allowedAgentIds":{"type":"array","items":{"type":"string","minLength":1},"description":"Allowlist for explicit agentId routing, compared case-insensitively. Omitted or containing *: any agent. []: every explicit agentId is denied. A request without agentId always goes to the default agent."},"defaultSessionKey":{"type":"string","minLength":1,"description":"Session key of hook agent runs that carry no explicit key. Without it each run gets a fresh hook:<uuid> key. Must match allowedSessionKeyPrefixes when those are set; main is reserved for the main session."},"allowRequestSessionKey":{"type":"boolean","default":false,"description":"Whether /agent payloads may choose their sessionKey. Keep false unless the senders are trusted; combine with allowedSessionKeyPrefixes."},"allowedSessionKeyPrefixes":{"type":"array","items":{"type":"string","minLength":1},"description":"Every explicit sessionKey (from a request or a mapping) must start with one of these, compared case-insensitively (for example [\"hook:\"]). Trimmed, lower-cased and de-duplicated at load."},"presets":{"type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"description":"Packs to enable, by id or alias: built-in ones (rules/presets/, e.g. mail, alias gmail), those in hooks.packDirs, and installed hookgate-pack-<name> packages. Their mappings come after hooks.mappings and hooks.rules, in this order."},"packs":{"type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9-]*$"},"additionalProperties":{"type":"object","additionalProperties":true,"description":"Parameter values of one pack, by parameter name."},"description":"Parameters of enabled packs, by pack id or alias: hooks.packs.github.events. hookgate packs show <name> lists a pack's parameters. Unknown names and wrong types are load errors."},"packDirs":{"type":"array","items":{"type":"string","minLength":1},"description":"Folders of your own pack files (*.yaml, *.yml, *.json), relative to the config file. Searched before the built-in packs; a pack with a built-in pack's id replaces it (with a warning)."},"mappings":{"type":"array","items":{"$ref":"#/$defs/mapping"},"description":"Custom mappings, tried in order before rule files and presets; the first mapping whose every predicate holds owns the request."},"rules":{"type":"array","items":{"type":"string","minLength":1},"description":"Extra rule files (YAML or JSON, globs allowed, relative to the config file). Their mappings come after hooks.mappings and before presets."},"transformsDir":{"type":"string","minLength":1,"description":"Folder of transform modules, relative to the config file. Must stay inside <config dir>/hooks/transforms (the default); .., absolute paths elsewhere and symlinks out are rejected, and so is a hooks/transforms that is a link out of the config's folder."},"transformLimits":{"$ref":"#/$defs/transformLimits"},"mail":{"$ref":"#/$defs/mailConfig"},"gmail":{"$ref":"#/$defs/mailConfig"},"maxBodyBytes":{"type":"integer","minimum":1,"maximum":67108864,"default":262144,"description":"Largest accepted request body in bytes; larger bodies get 413. A declared Content-Length above it is refused before the body is read."},"unauthenticatedBodyBytes":{"type":"integer","minimum":1,"maximum":1073741824,"default":33554432,"description":"Bytes of request bodies without the hook token that the server reads at once, across all paths (a signed sender's body is read before its signature is checked). A request that would pass it gets 503 UNAUTHENTICATED_BODIES_BUSY with Retry-After; one request alone is always read, up to its path's body limit. Requests with the token never count."},"bodyTimeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":3600,"default":30,"description":"Seconds a client has to send the whole body; slower bodies get 408."},"authFailures":{"$ref":"#/$defs/authFailures"},"sessionMode":{"$ref":"#/$defs/sessionMode","default":"persistent","description":"Session mode of agent runs whose request or mapping names none. persistent: runs sharing a session key continue one conversation. isolated: every run starts from an empty conversation (OpenClaw's default; an OpenClaw config file gets it)."},"idempotencyTtlSeconds":{"type":"integer","minimum":1,"default":86400,"description":"How long an Idempotency-Key is remembered; a repeat within this time returns the first response. A verified sender's delivery is remembered at least this long, and longer when the sender retries longer (see verify.idempotencyTtlSeconds)."},"lanes":{"type":"object","propertyNames":{"$ref":"#/$defs/laneName"},"additionalProperties":{"$ref":"#/$defs/lane"},"description":"Named lanes that mappings' flow.lane puts their runs in, with how many of each lane's runs may run at once, e.g. { github: { concurrency: 2 } }. A lane a mapping names without an entry here runs one run at a time."}}},"authFailures":{"title":"AuthFailuresConfig","type":"object","description":"Brute-force throttling per client address.","additionalProperties":false,"properties":{"max":{"type":"integer","minimum":1,"default":20,"description":"Failed authentications allowed within windowSeconds; the next one gets 429."},"windowSeconds":{"type":"number","exclusiveMinimum":0,"default":60,"description":"Window in which failures are counted."},"lockSeconds":{"type":"number","exclusiveMinimum":0,"default":60,"description":"How long an address stays locked (429 with Retry-After) once it reached max."},"maxTrackedAddresses":{"type":"integer","minimum":1,"default":10000,"description":"Upper bound on addresses whose failures are counted at once, and separately on addresses locked at once, so a flood of addresses cannot exhaust memory (at most twice this many are held). The least recently failing unlocked address is dropped first; a lock ends early only when this many newer locks are in force, the one ending soonest first."}}},"transformLimits":{"title":"TransformLimitsConfig","type":"object","description":"Hard limits of the transform sandbox, per call, and the worker threads transforms run in.","additionalProperties":false,"properties":{"cpuMs":{"type":"integer","minimum":1,"maximum":60000,"default":250,"description":"CPU time one transform call may use, in milliseconds."},"memoryMiB":{"type":"integer","minimum":1,"maximum":1024,"default":32,"description":"Memory a transform may allocate, in MiB, beyond the sandbox engine's fixed 16 MiB base."},"maxInputBytes":{"type":"integer","minimum":64,"maximum":67108864,"default":1048576,"description":"Largest input (the request as JSON: payload, headers, query, path) handed to a transform, in bytes; a larger one is refused with 413 TRANSFORM_INPUT_TOO_LARGE before the sandbox sees it. Reading the input in the sandbox has its own time (0.5 s plus 4 s per MiB), apart from cpuMs; an input that takes longer, or more than memoryMiB, is refused with 413 as well."},"maxResultBytes":{"type":"integer","minimum":64,"default":262144,"description":"Largest result (as JSON) a transform may return, in bytes."},"maxStackBytes":{"type":"integer","minimum":16384,"maximum":49152,"default":49152,"description":"Stack size of the sandbox, in bytes (bounds recursion: a few hundred nested calls at the default). Larger stacks let deep recursion overflow the host's own stack before the sandbox notices, so 48 KiB is also the maximum."},"workers":{"type":"integer","minimum":1,"maximum":64,"default":2,"description":"Worker threads that run transforms, each with its own sandbox of every loaded transform; a call stuck 100 ms past cpuMs ends its worker, which is replaced. More workers let more calls run at once, each one costs memory (a JavaScript engine and the sandboxes)."},"maxQueued":{"type":"integer","minimum":0,"maximum":100000,"default":256,"description":"Transform calls that may wait for a free worker; a call beyond them fails at once with TRANSFORM_BUSY."}}},"mailConfig":{"title":"MailConfig","type":"object","description":"Parameters of the mail pack (hooks.mail, or OpenClaw's hooks.gmail; the same as hooks.packs.mail, give only one): model, thinking, allowUnsafeExternalContent, and sessionKeyPrefix, agentId, deliver, channel, to as in every pack that starts runs.","additionalProperties":true,"properties":{"model":{"type":"string","minLength":1,"description":"Model (provider/model or alias) for runs of the mail preset."},"thinking":{"type":"string","minLength":1,"description":"Thinking level for runs of the mail preset (for example low, medium, high)."},"allowUnsafeExternalContent":{"type":"boolean","default":false,"description":"true turns the external-content safety wrapper off for mail (dangerous)."}}},"mapping":{"title":"Mapping","type":"object","description":"One rule: which requests it handles (match) and the action it builds from them.","additionalProperties":false,"properties":{"id":{"type":"string","pattern":"^[A-Za-z0-9_.:-]+$","description":"Stable identifier shown in logs, runs and explain traces. Default: mapping-<n> (1-based position)."},"name":{"type":"string","description":"Template for the human-readable hook name used in summaries (Hook <name>: ...)."},"match":{"$ref":"#/$defs/match"},"action":{"enum":["wake","agent","ignore"],"default":"agent","description":"wake: a system event for the main session. agent: an isolated agent run (the default, as in OpenClaw). ignore: the mapping owns the request and answers 204; nothing is stored or run (for the events of a sender you do not want)."},"forEach":{"type":"string","minLength":1,"description":"Fan-out: a dot path (like a template path, e.g. messages or data.items; [] takes every element of an array on the way, e.g. entry[].changes[].value.messages) to an array in the payload. One action per element, each element the templates' root; missing, not an array or empty answers 204. All actions of one request are stored together or not at all."},"forEachMax":{"type":"integer","minimum":1,"maximum":1000,"default":100,"description":"Most elements forEach takes from one request; more is refused with 413 FOREACH_TOO_MANY (nothing is stored), never cut short."},"wakeMode":{"enum":["now","next-heartbeat"],"default":"now","description":"now: heartbeat at once; next-heartbeat: wait for the periodic one. For wake actions this is the wake mode."},"textTemplate":{"type":"string","description":"Template of the wake text (wake actions)."},"messageTemplate":{"type":"string","description":"Template of the agent message (agent actions). An agent mapping needs this or a transform."},"sessionKey":{"type":"string","description":"Template of an explicit session key; must match hooks.allowedSessionKeyPrefixes."},"sessionMode":{"$ref":"#/$defs/sessionMode","description":"persistent: runs continue the conversation of their session key. isolated: each run starts from an empty conversation and leaves nothing in it. Default: hooks.sessionMode."},"deliver":{"type":"boolean","default":true,"description":"Whether the agent's reply is sent to a chat channel."},"channel":{"$ref":"#/$defs/channelName","description":"Delivery channel: last (the main session's last route) or a channel name."},"to":{"type":"string","description":"Template of the recipient: phone number (whatsapp, signal), chat id (telegram), channel id (discord, slack, mattermost), conversation id (msteams)."},"agentId":{"type":"string","minLength":1,"description":"Agent to run; unknown ids fall back to the default agent. Subject to hooks.allowedAgentIds."},"model":{"type":"string","description":"Template of a model override (provider/model or alias); must be allowed by agents.defaults.models."},"thinking":{"type":"string","description":"Template of a thinking-level override (for example low, medium, high)."},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Maximum duration of the agent run, in seconds."},"allowUnsafeExternalContent":{"type":"boolean","default":false,"description":"true turns the external-content safety wrapper off for this mapping (only for trusted internal sources)."},"contentSource":{"type":"string","minLength":1,"default":"Webhook","description":"Word on the Source: line of the safety wrapper (the mail preset says Email)."},"transform":{"$ref":"#/$defs/transform"},"verify":{"$ref":"#/$defs/verify"},"challenge":{"$ref":"#/$defs/challenge"},"cloudevents":{"type":"boolean","default":false,"description":"true: this mapping's path answers CloudEvents senders' handshakes: the webhook abuse-protection OPTIONS request (WebHook-Request-Origin, answered with WebHook-Allowed-Origin and WebHook-Allowed-Rate) and Azure Event Grid's subscription validation. CloudEvents requests themselves are read on every path."},"maxBodyBytes":{"type":"integer","minimum":1,"maximum":67108864,"description":"Largest body accepted on this mapping's match.path, larger or smaller than hooks.maxBodyBytes. When several mappings share a path the largest limit applies; a mapping without its own limit counts as hooks.maxBodyBytes."},"flow":{"$ref":"#/$defs/flow"},"coalesceTemplate":{"type":"string","description":"Template of the message (agent) or text (wake) of a coalesced run or event, over {{#each items}} (each item's message and at), {{count}} and {{key}}. Default: the joined messages in arrival order, separated by a blank line (wakes: a new line). Needs flow.coalesce."},"successStatus":{"enum":[200,202,204],"description":"The status this mapping answers when it accepts a request (a wake, a run, or nothing to do): by default 200 for a wake, 202 for a run and 204 for ignore. Set 200 for senders that count any other status as a failed delivery and retry it (Linear). 204 answers without a body."},"successBody":{"oneOf":[{"const":false},{"type":"object"}],"description":"false answers this mapping's accepted requests without a body (the run id is not sent back), for senders that read a body as something to show: Slack shows a slash command's JSON answer as a message, and takes an empty 200 as a plain acknowledgement. An object is sent as it is (JSON) instead of the usual body, for senders that expect an answer of their own shape: a Discord interaction answered with a message."}}},"flowWindow":{"type":"string","pattern":"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$","description":"A duration such as 30s, 2m, 1.5h, 3d."},"flow":{"title":"MappingFlow","type":"object","description":"What this mapping's requests may cost: repeats of a content key start nothing (dedupe), a burst about one thing becomes one run or one event (coalesce), at most so many runs start, or tokens are spent, per period (rate and budget, with over), and its runs run at most so many at once (concurrency, lane). Every request is still answered 2xx at once. Windows, keys, counts and the runs waiting live in the store: they survive a restart and are shared by instances on PostgreSQL.","additionalProperties":false,"properties":{"dedupe":{"$ref":"#/$defs/flowDedupe"},"coalesce":{"$ref":"#/$defs/flowCoalesce"},"lane":{"$ref":"#/$defs/laneName","description":"The lane this mapping's runs wait in: runs of one lane (of every mapping naming it) run at most hooks.lanes.<name>.concurrency at once (default 1), in arrival order; runs of other lanes and mappings are not held up by them. Agent runs only."},"concurrency":{"type":"integer","minimum":1,"maximum":1000,"description":"At most this many runs of this mapping at once; the others wait queued, in arrival order. With lane: the lane's concurrency (then it must agree with hooks.lanes.<name>.concurrency and with the other mappings of the lane). Agent runs only."},"rate":{"$ref":"#/$defs/flowRate"},"budget":{"$ref":"#/$defs/flowBudget"},"over":{"enum":["hold","drop"],"default":"hold","description":"What becomes of a run past the rate or budget: hold (stored held, started in arrival order when a later period allows it) or drop (stored as dropped, never started). Either way the sender is answered 2xx at once, with held: true or dropped: true."}}},"flowRate":{"title":"MappingFlowRate","type":"object","additionalProperties":false,"required":["max","per"],"description":"At most max of this mapping's runs start per period. Periods are fixed: they start at multiples of per since 1970-01-01T00:00Z (per: 1h starts each hour on the hour). Past max, the run is held or dropped (flow.over). Applies to agent runs only (a wake is not a run of its own); a coalesced run counts once, when its window ends. The counts live in the store: they survive a restart and instances on PostgreSQL share them.","properties":{"max":{"type":"integer","minimum":1,"maximum":1000000,"description":"Runs started per period, e.g. 20."},"per":{"$ref":"#/$defs/flowWindow","description":"The period (at most 30d), e.g. 1h."}}},"flowBudget":{"title":"MappingFlowBudget","type":"object","additionalProperties":false,"required":["per"],"description":"What this mapping's runs may spend per period: at most runs started, and no run starts once the tokens its finished runs reported reached tokens (runners that report none add 0; a run admitted under the budget may overshoot it). Periods are fixed, as for rate. Past it, the run is held until the next period or dropped (flow.over). Agent runs only; with rate, a run must pass both. The counts live in the store.","properties":{"runs":{"type":"integer","minimum":1,"maximum":1000000,"description":"Runs started per period, e.g. 200."},"tokens":{"type":"integer","minimum":1,"maximum":1000000000000,"description":"Tokens (the runner's total: prompt and completion) per period, e.g. 2000000."},"per":{"$ref":"#/$defs/flowWindow","description":"The period (at most 30d), e.g. 1d."}}},"flowDedupe":{"title":"MappingFlowDedupe","type":"object","additionalProperties":false,"required":["key","window"],"description":"A request whose key was already seen within the window answers like the first (its run id, deduped: true) and stores nothing.","properties":{"key":{"type":"string","minLength":1,"description":"Template of the content key, e.g. {{payload.id}}; with forEach, rendered per element. An empty key is never a repeat."},"window":{"$ref":"#/$defs/flowWindow","description":"How long a key is remembered (at most 30d), e.g. 72h."}}},"flowCoalesce":{"title":"MappingFlowCoalesce","type":"object","additionalProperties":false,"required":["key","window"],"description":"The first request with a key opens a window; later ones with the same key join it and get the same run id (coalesced: true). When the window ends, or max requests joined, ONE run starts (one event for wakes) holding every joined message in order.","properties":{"key":{"type":"string","minLength":1,"description":"Template of the key requests are merged by, e.g. {{payload.alerts.0.labels.alertname}}/{{payload.alerts.0.labels.instance}}; with forEach, rendered per element."},"window":{"$ref":"#/$defs/flowWindow","description":"How long a window stays open after its first request (at most 1d), e.g. 2m."},"max":{"type":"integer","minimum":1,"maximum":1000,"default":50,"description":"A window that holds this many requests starts its run at once."}}},"laneName":{"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$","description":"A lane's name: letters, digits, _ . - (at most 64), e.g. github."},"lane":{"title":"Lane","type":"object","additionalProperties":false,"properties":{"concurrency":{"type":"integer","minimum":1,"maximum":1000,"default":1,"description":"At most this many runs of the lane at once (across instances sharing a PostgreSQL store)."}}},"verify":{"title":"MappingVerify","type":"object","description":"How a sender that cannot send the hook token proves itself: a signature over the raw body or a secret header, checked in constant time before anything else reads the body. A request without the hook token reaches only mappings whose verify it passes; the token keeps working on every path.","additionalProperties":false,"required":["scheme"],"properties":{"scheme":{"enum":["github","gitlab","stripe","slack","standard-webhooks","shopify","linear","sentry","pagerduty","twilio","ed25519","zoom","meta","header","basic","hmac"],"description":"The sender's scheme: github (X-Hub-Signature-256), gitlab (X-Gitlab-Token), stripe (Stripe-Signature), slack (X-Slack-Signature), standard-webhooks (webhook-signature, also Svix), shopify (X-Shopify-Hmac-Sha256), linear (Linear-Signature), sentry (Sentry-Hook-Signature), pagerduty (X-PagerDuty-Signature), twilio (X-Twilio-Signature; needs server.publicUrl), ed25519 (Discord interactions), zoom (x-zm-signature), meta (Meta / WhatsApp X-Hub-Signature-256), header (a secret sent in a header, e.g. Telegram's), basic (HTTP basic auth), hmac (any other HMAC signature, described by the keys below)."},"secret":{"type":"string","description":"The secret configured at the sender: its signing secret (standard-webhooks: whsec_...), the shared token (gitlab: the Secret token, or the Signing token whsec_... of GitLab 19 and later; header), the password (basic) or, for ed25519, the sender's public key in hex. Write ${ENV_NAME} rather than the secret itself. Whitespace around it is ignored."},"publicKey":{"type":"string","description":"standard-webhooks: the sender's Ed25519 public key, whpk_ followed by the base64 of its 32 bytes; v1a signatures are checked with it (v1 signatures with secret). Give secret, publicKey or both."},"publicKeys":{"type":"array","items":{"type":"string"},"minItems":1,"description":"Several public keys instead of publicKey, while rotating: a v1a signature by any of them passes."},"secrets":{"type":"array","items":{"type":"string"},"minItems":1,"description":"Several secrets instead of secret, while rotating: a request passes with any of them."},"username":{"type":"string","minLength":1,"description":"basic: the user name the sender sends (compared in constant time, like the password)."},"header":{"type":"string","minLength":1,"description":"header and hmac: the request header that carries the secret (header) or the signature (hmac)."},"algorithm":{"enum":["sha1","sha256","sha512"],"default":"sha256","description":"hmac: the hash of the HMAC."},"encoding":{"enum":["hex","base64","base64url"],"default":"hex","description":"hmac: how the signature is written in the header."},"prefix":{"type":"string","description":"hmac: text before the signature in the header, for example sha256=."},"signed":{"type":"string","minLength":1,"default":"{{body}}","description":"hmac: what is signed: text with {{body}} (the raw body), {{timestamp}} and {{id}} (the values of timestampHeader and idHeader), for example {{timestamp}}.{{body}}."},"secretEncoding":{"enum":["utf8","base64","hex"],"default":"utf8","description":"hmac: how the secret is written (the HMAC key is its decoded bytes)."},"timestampHeader":{"type":"string","minLength":1,"description":"hmac: the header with the signing time (Unix seconds or milliseconds); requests outside toleranceSeconds are refused."},"idHeader":{"type":"string","minLength":1,"description":"The header with the sender's delivery id, for schemes without a built-in one (header, basic, hmac) or to override it. A delivery id seen within 24 h is answered with its first answer and starts nothing new."},"idField":{"type":"string","minLength":1,"description":"Like idHeader, the delivery id read from the body instead (a dotted path, for example update_id for Telegram)."},"toleranceSeconds":{"type":"number","exclusiveMinimum":0,"maximum":604800,"description":"How far the signed timestamp may be from this server's clock, either way. Default: the provider's (300 s; linear 60 s). Applies to schemes whose signature covers a timestamp: stripe, slack, standard-webhooks, zoom, ed25519, linear, gitlab's Signing token, and hmac with timestampHeader."},"idempotencyTtlSeconds":{"type":"integer","minimum":1,"maximum":2592000,"description":"How long this sender's verified delivery ids (and, for schemes that sign only the body, its bodies) are remembered: a redelivery within it gets the first answer and starts nothing. Default: the sender's retry horizon (stripe and github 3 days, standard-webhooks 28 hours) or hooks.idempotencyTtlSeconds, whichever is longer. Set here, it is used as given."}}},"challenge":{"title":"MappingChallenge","type":"object","description":"A provider's endpoint handshake, answered by hookgate on this mapping's path: slack (url_verification: the challenge echoed), zoom (endpoint.url_validation: plainToken and its HMAC), discord (PING: type 1) after the request passed this mapping's verify; meta (GET with hub.mode=subscribe, hub.verify_token and hub.challenge: the challenge echoed when the verify token matches).","additionalProperties":false,"required":["kind"],"properties":{"kind":{"enum":["slack","zoom","discord","meta"],"description":"The provider's handshake."},"verifyToken":{"type":"string","description":"meta: the Verify token entered in Meta's webhook settings (compared in constant time). Write ${ENV_NAME}."}}},"match":{"title":"MappingMatch","type":"object","description":"Predicates; the mapping applies when all of them hold. An empty match applies to every hook name.","additionalProperties":false,"properties":{"path":{"type":"string","description":"Hook name after hooks.path (for example github for /hooks/github); slashes and spaces at the ends are ignored."},"source":{"type":"string","description":"Applies when payload.source is a string equal to this (one generic endpoint routed by the payload)."},"when":{"description":"JsonLogic expression over {payload, headers, query, path, verified}; the mapping applies when it is truthy. Header names are lower-case; verified is {scheme, id, timestamp} for a request that passed a verify, else absent.","type":["object","boolean"]}}},"transform":{"title":"MappingTransform","type":"object","description":"A JS or TS module with custom logic, run in a sandbox.","additionalProperties":false,"required":["module"],"properties":{"module":{"type":"string","minLength":1,"description":"Module path relative to hooks.transformsDir; must resolve inside it."},"export":{"type":"string","minLength":1,"description":"Exported function to call. Default: the default export, else an export named transform."}}},"sessionMode":{"enum":["persistent","isolated"]},"channelName":{"enum":["last","whatsapp","telegram","discord","slack","mattermost","signal","imessage","msteams"]},"agents":{"title":"AgentsConfig","type":"object","description":"Agents that run hook turns and the main session.","additionalProperties":false,"properties":{"defaults":{"$ref":"#/$defs/agentDefaults"},"list":{"type":"array","items":{"$ref":"#/$defs/agent"},"description":"Agents by id. The one with default: true (else the first) is the default agent, whose standing conversation is the main session."}}},"agentDefaults":{"title":"AgentDefaults","type":"object","description":"Settings every agent inherits.","additionalProperties":false,"properties":{"model":{"type":"string","minLength":1,"description":"Default model, provider/model (or an alias of agents.defaults.models)."},"models":{"type":"object","description":"Allowed models, keyed provider/model. Present and non-empty: requests may only pick these (by key or alias), unless modelPolicy.allow decides instead. Absent: any model.","propertyNames":{"pattern":"^[^/\\s]+/\\S+$"},"additionalProperties":{"$ref":"#/$defs/modelEntry"}},"modelPolicy":{"title":"ModelPolicy","type":"object","description":"OpenClaw's model policy: an allowlist apart from agents.defaults.models, which then only gives aliases.","additionalProperties":false,"properties":{"allow":{"type":"array","items":{"type":"string","minLength":1},"description":"Models requests may pick: provider/model keys, aliases of agents.defaults.models, provider/* for every model of a provider, or * for any. Empty or omitted: the keys of agents.defaults.models decide (any model when there are none)."}}},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"default":600,"description":"Default maximum duration of one agent run, in seconds."},"thinking":{"type":"string","minLength":1,"description":"Default thinking level (for example low)."},"maxConcurrentRuns":{"type":"integer","minimum":1,"maximum":256,"default":4,"description":"Agent runs executed at the same time."},"transcriptTurns":{"type":"integer","minimum":0,"maximum":1000,"default":20,"description":"How many earlier messages of a session are sent with a new turn."}}},"modelEntry":{"title":"ModelEntry","type":"object","additionalProperties":false,"properties":{"alias":{"type":"string","pattern":"^[^/\\s]+$","description":"Short name usable in requests instead of provider/model; unique across models."}}},"agent":{"title":"Agent","type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","pattern":"^[A-Za-z0-9_.-]+$","description":"Agent id used by agentId routing; ids compare case-insensitively (OPS and ops are one agent) and are lower-cased at load."},"name":{"type":"string","description":"Display name."},"default":{"type":"boolean","description":"Marks the default agent (at most one)."},"runner":{"$ref":"#/$defs/runner"},"systemPrompt":{"type":"string","description":"System prompt of this agent."},"systemPromptFile":{"type":"string","minLength":1,"description":"File holding the system prompt, relative to the config file (instead of systemPrompt)."},"model":{"type":"string","minLength":1,"description":"Default model of this agent (overrides agents.defaults.model)."},"thinking":{"type":"string","minLength":1,"description":"Default thinking level of this agent."},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Default run timeout of this agent, in seconds."}}},"runner":{"title":"RunnerConfig","type":"object","description":"How the agent produces a reply. Default: echo.","additionalProperties":false,"required":["kind"],"properties":{"kind":{"enum":["llm","command","echo","openclaw","http","a2a"],"description":"llm: OpenAI-compatible Chat Completions at the model's provider. command: a program (message on stdin, reply on stdout). echo: built in, deterministic, for demos and tests. openclaw: hands the run to an OpenClaw gateway's hooks (POST {url}{path}/agent), which runs the agent and delivers its reply itself. http: a POST signed per Standard Webhooks to an agent of your own, which answers {reply} at once or later at the run's callback URL. a2a: an A2A 1.0 agent over JSON-RPC (SendMessage with messageId = the run id and contextId = the session key; a task still working is followed with GetTask)."},"command":{"type":"array","items":{"type":"string"},"minItems":1,"description":"argv of the program for kind command (no shell); relative program paths resolve against the config file."},"env":{"type":"object","additionalProperties":{"type":"string"},"description":"Extra environment variables for kind command."},"cwd":{"type":"string","description":"Working directory for kind command, relative to the config file."},"url":{"type":"string","format":"uri","pattern":"^[Hh][Tt][Tt][Pp][Ss]?://","description":"For kind openclaw: the gateway's address, for example http://127.0.0.1:18789 (its hooks path is added from path). For kind http: the agent's URL, where each run is POSTed. For kind a2a: the agent's JSON-RPC endpoint (the url of its agent card's JSONRPC interface), for example https://agents.example.com/a2a."},"token":{"type":"string","minLength":1,"description":"For kind openclaw: the gateway's hooks.token, sent as Authorization: Bearer <token>. Use ${ENV_NAME} or ${file:PATH} rather than writing it into the file."},"agentId":{"type":"string","minLength":1,"description":"For kind openclaw: the gateway's agent that runs the turn (default: this agent's id)."},"secret":{"type":"string","minLength":1,"description":"For kind http: the Standard Webhooks signing secret (whsec_<base64>, or any string used as it is) the agent verifies each request with. Use ${ENV_NAME} or ${file:PATH}."},"headers":{"type":"object","additionalProperties":{"type":"string"},"description":"For kind http and a2a: extra headers sent with each request (for example Authorization: \"Bearer ${A2A_TOKEN}\"); their values never appear in errors, logs or run records."},"callbackBaseUrl":{"type":"string","format":"uri","pattern":"^[Hh][Tt][Tt][Pp][Ss]?://","description":"For kind http: hookgate's address as the agent reaches it (for example http://hookgate.internal:18789). With it each run carries a callbackUrl under hooks.path, and the agent may answer 202 and POST {reply} or {error} there later; without it a 202 fails the run."},"path":{"type":"string","pattern":"^/","default":"/hooks","description":"For kind openclaw: the gateway's hooks.path."}},"if":{"properties":{"kind":{"const":"command"}}},"then":{"required":["kind","command"]},"else":{"if":{"properties":{"kind":{"const":"openclaw"}}},"then":{"required":["kind","url","token"]},"else":{"if":{"properties":{"kind":{"const":"http"}}},"then":{"required":["kind","url","secret"]},"else":{"if":{"properties":{"kind":{"const":"a2a"}}},"then":{"required":["kind","url"]}}}}},"provider":{"title":"ProviderConfig","type":"object","description":"An OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp, OpenRouter, ...).","additionalProperties":false,"required":["baseUrl"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"Base URL; requests go to {baseUrl}/chat/completions (for example https://api.openai.com/v1)."},"apiKey":{"type":"string","description":"Sent as Authorization: Bearer <apiKey>. Use ${ENV_NAME} or ${file:PATH} rather than writing the key into the file."},"thinkingParam":{"enum":["auto","reasoning_effort","reasoning","none"],"default":"auto","description":"How the thinking level (off, minimal, low, medium, high) reaches the provider. auto: as the provider's API takes it (see api), left out for models known not to take it, and dropped for a model that refuses it with a 400. reasoning_effort: always as reasoning_effort. reasoning: as OpenRouter's reasoning.effort. none: never sent."},"api":{"enum":["openai","openrouter","ollama","vllm","llamacpp","compatible"],"description":"Which server this is, for what differs between them (thinking, the token cap's field). Default: openai for api.openai.com and *.openai.azure.com, openrouter for openrouter.ai, ollama for port 11434, else compatible."},"maxTokens":{"type":"integer","minimum":0,"maximum":10000000,"default":4096,"description":"Cap on the tokens one reply may use (reasoning tokens included where the provider counts them), sent as max_tokens (max_completion_tokens to OpenAI). A reply cut off by it ends with a note saying so. 0: no cap is sent."},"headers":{"type":"object","additionalProperties":{"type":"string"},"description":"Extra HTTP headers sent with every request."}}},"channels":{"title":"ChannelsConfig","type":"object","description":"Chat channels replies can be delivered to. Only configured channels may be named in requests.","additionalProperties":false,"properties":{"whatsapp":{"$ref":"#/$defs/whatsappChannel"},"telegram":{"$ref":"#/$defs/telegramChannel"},"discord":{"$ref":"#/$defs/discordChannel"},"slack":{"$ref":"#/$defs/slackChannel"},"mattermost":{"$ref":"#/$defs/mattermostChannel"},"signal":{"$ref":"#/$defs/signalChannel"},"imessage":{"$ref":"#/$defs/imessageChannel"},"msteams":{"$ref":"#/$defs/msteamsChannel"}}},"alerts":{"title":"AlertsConfig","type":"object","description":"Messages to a chat channel when an issue opens (the first failure after the 2xx on a path: runs, deliveries, mappings, signatures) and when it closes. At most one message per minIntervalSeconds; what happens meanwhile goes into the next one. A message names the issue, its code and count, never a payload's text, a secret or a token.","additionalProperties":false,"required":["channel"],"properties":{"channel":{"type":"string","enum":["whatsapp","telegram","discord","slack","mattermost","signal","imessage","msteams"],"description":"The chat channel the alerts go to; it must be configured under channels."},"to":{"type":"string","minLength":1,"description":"Recipient on that channel (a chat, channel or phone number id); default: the channel's defaultTo."},"minIntervalSeconds":{"type":"integer","minimum":1,"maximum":86400,"default":600,"description":"Seconds between two alert messages at least. Issues opened or closed meanwhile are sent together in the next message."}}},"delivery":{"title":"DeliveryConfig","type":"object","description":"Retry policy of deliveries to chat channels.","additionalProperties":false,"properties":{"maxAttempts":{"type":"integer","minimum":1,"maximum":20,"default":5,"description":"Attempts per message on 429 and 5xx answers."},"baseDelayMs":{"type":"integer","minimum":0,"maximum":2147483647,"default":500,"description":"First retry delay; doubled each attempt, with jitter."},"maxDelayMs":{"type":"integer","minimum":0,"maximum":2147483647,"default":30000,"description":"Upper bound of one backoff delay. A wait the service asks for (Retry-After) is not cut short: see maxRetryAfterMs."},"maxRetryAfterMs":{"type":"integer","minimum":0,"maximum":2147483647,"default":900000,"description":"Longest wait a service may ask for (Retry-After, retry_after) that is waited out; a longer one fails the delivery, saying how long the service asked to wait. Nothing is sent to that channel before the wait ends."}}},"heartbeat":{"title":"HeartbeatConfig","type":"object","description":"The main session's heartbeat: one main-agent turn over the pending system events.","additionalProperties":false,"properties":{"every":{"type":"string","pattern":"^(0|[0-9]+(\\.[0-9]+)?(ms|s|m|h|d))$","default":"30m","description":"Period of the heartbeat (for example 30s, 30m, 2h), at most 24d (timers cannot wait longer than about 24.8 days); 0 turns the periodic heartbeat off."},"prompt":{"type":"string","description":"Prompt of a heartbeat turn; the pending events follow it."},"ackToken":{"type":"string","minLength":1,"default":"HEARTBEAT_OK","description":"A reply equal to this (whitespace and punctuation around it allowed) means nothing to report: recorded, not delivered."},"coalesceMs":{"type":"integer","minimum":0,"maximum":60000,"default":250,"description":"now-requests arriving within this many milliseconds share one heartbeat."}}},"store":{"title":"StoreConfig","type":"object","description":"Where events, runs and sessions are kept: an embedded SQLite file for one instance (the default), or a PostgreSQL database that several instances share (see Running several instances).","additionalProperties":false,"properties":{"kind":{"enum":["sqlite","postgres"],"default":"sqlite","description":"sqlite: embedded file, one instance. postgres: a PostgreSQL database (12 or newer) shared by every instance that names it; needs store.url."},"path":{"type":"string","minLength":1,"default":".hookgate/state.db","description":"SQLite file, relative to the config file (kind sqlite)."},"url":{"type":"string","minLength":1,"description":"PostgreSQL connection URL (kind postgres), for example postgres://hookgate@db.internal:5432/hookgate. Keep the password out of the file: url: ${HOOKGATE_DATABASE_URL}, or set PGPASSWORD in the environment."},"poolSize":{"type":"integer","minimum":2,"maximum":1000,"default":10,"description":"Connections each instance opens at most (kind postgres); each instance also keeps one more for LISTEN."},"schema":{"type":"string","pattern":"^[a-z_][a-z0-9_]{0,47}$","default":"hookgate","description":"PostgreSQL schema that holds hookgate's tables (kind postgres): lower-case letters, digits and _, at most 48 characters; created at start when missing. Instances that share their work name the same schema."},"leaseSeconds":{"type":"integer","minimum":2,"maximum":3600,"default":30,"description":"Kind postgres: a run (or its delivery) an instance took stays that instance's for this long without renewal; instances renew every third of it. When an instance dies, its runs go back to the queue this long after its last renewal and another instance finishes them."},"tls":{"$ref":"#/$defs/storeTls"}}},"storeTls":{"title":"StoreTlsConfig","type":"object","description":"TLS to PostgreSQL (kind postgres). Without this section the URL decides (its sslmode parameter; none = no TLS). Give either this section or sslmode in the URL, not both.","additionalProperties":false,"properties":{"mode":{"enum":["disable","require","verify-ca","verify-full"],"default":"verify-full","description":"disable: no TLS. require: encrypted, the server's certificate is not checked. verify-ca: the certificate must chain to a trusted CA. verify-full: verify-ca and the certificate must name the host."},"ca":{"type":"string","minLength":1,"description":"PEM file of the certificate authorities to trust, relative to the config file; default: Node's built-in list."},"cert":{"type":"string","minLength":1,"description":"PEM file of a client certificate, relative to the config file (with key)."},"key":{"type":"string","minLength":1,"description":"PEM file of the client certificate's private key, relative to the config file (with cert)."}}},"whatsappChannel":{"title":"WhatsappChannel","type":"object","description":"WhatsApp Cloud API.","additionalProperties":false,"required":["accessToken","phoneNumberId"],"properties":{"accessToken":{"type":"string","minLength":1,"description":"Cloud API access token."},"phoneNumberId":{"type":"string","minLength":1,"description":"Sender phone number id."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://graph.facebook.com/v21.0","description":"Graph API base URL (with version)."},"defaultTo":{"type":"string","minLength":1,"description":"Default recipient phone number."}}},"telegramChannel":{"title":"TelegramChannel","type":"object","description":"Telegram Bot API.","additionalProperties":false,"required":["botToken"],"properties":{"botToken":{"type":"string","minLength":1,"description":"Bot token from @BotFather."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://api.telegram.org","description":"Bot API base URL (a local Bot API server works too)."},"defaultTo":{"type":"string","minLength":1,"description":"Default chat id."}}},"discordChannel":{"title":"DiscordChannel","type":"object","description":"Discord REST API with a bot token.","additionalProperties":false,"required":["botToken"],"properties":{"botToken":{"type":"string","minLength":1,"description":"Bot token (sent as Authorization: Bot ...)."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://discord.com/api/v10","description":"REST API base URL."},"defaultTo":{"type":"string","minLength":1,"description":"Default channel id."}}},"slackChannel":{"title":"SlackChannel","type":"object","description":"Slack Web API with a bot token.","additionalProperties":false,"required":["botToken"],"properties":{"botToken":{"type":"string","minLength":1,"description":"Bot token (xoxb-...)."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://slack.com/api","description":"Web API base URL."},"defaultTo":{"type":"string","minLength":1,"description":"Default channel id."}}},"mattermostChannel":{"title":"MattermostChannel","type":"object","description":"Mattermost REST API v4.","additionalProperties":false,"required":["baseUrl","token"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"Server URL (for example https://chat.example.com)."},"token":{"type":"string","minLength":1,"description":"Bot or personal access token."},"defaultTo":{"type":"string","minLength":1,"description":"Default channel id."}}},"signalChannel":{"title":"SignalChannel","type":"object","description":"signal-cli REST API.","additionalProperties":false,"required":["baseUrl","number"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"signal-cli-rest-api URL (for example http://127.0.0.1:8080)."},"number":{"type":"string","minLength":1,"description":"Registered sender number."},"defaultTo":{"type":"string","minLength":1,"description":"Default recipient number."}}},"imessageChannel":{"title":"ImessageChannel","type":"object","description":"iMessage through a BlueBubbles server.","additionalProperties":false,"required":["baseUrl","password"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"BlueBubbles server URL."},"password":{"type":"string","minLength":1,"description":"BlueBubbles server password."},"defaultTo":{"type":"string","minLength":1,"description":"Default chat guid (for example iMessage;-;+15551234567)."}}},"msteamsChannel":{"title":"MsteamsChannel","type":"object","description":"Microsoft Teams incoming webhooks / Workflows URLs, one per conversation id.","additionalProperties":false,"required":["webhooks"],"properties":{"webhooks":{"type":"object","minProperties":1,"additionalProperties":{"type":"string","format":"uri"},"description":"Map of conversation id to its webhook URL."},"defaultTo":{"type":"string","minLength":1,"description":"Default conversation id (a key of webhooks)."}}}}};
const schema65 = {"title":"ProviderConfig","type":"object","description":"An OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp, OpenRouter, ...).","additionalProperties":false,"required":["baseUrl"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"Base URL; requests go to {baseUrl}/chat/completions (for example https://api.openai.com/v1)."},"apiKey":{"type":"string","description":"Sent as Authorization: Bearer <apiKey>. Use ${ENV_NAME} or ${file:PATH} rather than writing the key into the file."},"thinkingParam":{"enum":["auto","reasoning_effort","reasoning","none"],"default":"auto","description":"How the thinking level (off, minimal, low, medium, high) reaches the provider. auto: as the provider's API takes it (see api), left out for models known not to take it, and dropped for a model that refuses it with a 400. reasoning_effort: always as reasoning_effort. reasoning: as OpenRouter's reasoning.effort. none: never sent."},"api":{"enum":["openai","openrouter","ollama","vllm","llamacpp","compatible"],"description":"Which server this is, for what differs between them (thinking, the token cap's field). Default: openai for api.openai.com and *.openai.azure.com, openrouter for openrouter.ai, ollama for port 11434, else compatible."},"maxTokens":{"type":"integer","minimum":0,"maximum":10000000,"default":4096,"description":"Cap on the tokens one reply may use (reasoning tokens included where the provider counts them), sent as max_tokens (max_completion_tokens to OpenAI). A reply cut off by it ends with a note saying so. 0: no cap is sent."},"headers":{"type":"object","additionalProperties":{"type":"string"},"description":"Extra HTTP headers sent with every request."}}};
const schema75 = {"title":"DeliveryConfig","type":"object","description":"Retry policy of deliveries to chat channels.","additionalProperties":false,"properties":{"maxAttempts":{"type":"integer","minimum":1,"maximum":20,"default":5,"description":"Attempts per message on 429 and 5xx answers."},"baseDelayMs":{"type":"integer","minimum":0,"maximum":2147483647,"default":500,"description":"First retry delay; doubled each attempt, with jitter."},"maxDelayMs":{"type":"integer","minimum":0,"maximum":2147483647,"default":30000,"description":"Upper bound of one backoff delay. A wait the service asks for (Retry-After) is not cut short: see maxRetryAfterMs."},"maxRetryAfterMs":{"type":"integer","minimum":0,"maximum":2147483647,"default":900000,"description":"Longest wait a service may ask for (Retry-After, retry_after) that is waited out; a longer one fails the delivery, saying how long the service asked to wait. Nothing is sent to that channel before the wait ends."}}};
const schema76 = {"title":"AlertsConfig","type":"object","description":"Messages to a chat channel when an issue opens (the first failure after the 2xx on a path: runs, deliveries, mappings, signatures) and when it closes. At most one message per minIntervalSeconds; what happens meanwhile goes into the next one. A message names the issue, its code and count, never a payload's text, a secret or a token.","additionalProperties":false,"required":["channel"],"properties":{"channel":{"type":"string","enum":["whatsapp","telegram","discord","slack","mattermost","signal","imessage","msteams"],"description":"The chat channel the alerts go to; it must be configured under channels."},"to":{"type":"string","minLength":1,"description":"Recipient on that channel (a chat, channel or phone number id); default: the channel's defaultTo."},"minIntervalSeconds":{"type":"integer","minimum":1,"maximum":86400,"default":600,"description":"Seconds between two alert messages at least. Issues opened or closed meanwhile are sent together in the next message."}}};
const schema77 = {"title":"HeartbeatConfig","type":"object","description":"The main session's heartbeat: one main-agent turn over the pending system events.","additionalProperties":false,"properties":{"every":{"type":"string","pattern":"^(0|[0-9]+(\\.[0-9]+)?(ms|s|m|h|d))$","default":"30m","description":"Period of the heartbeat (for example 30s, 30m, 2h), at most 24d (timers cannot wait longer than about 24.8 days); 0 turns the periodic heartbeat off."},"prompt":{"type":"string","description":"Prompt of a heartbeat turn; the pending events follow it."},"ackToken":{"type":"string","minLength":1,"default":"HEARTBEAT_OK","description":"A reply equal to this (whitespace and punctuation around it allowed) means nothing to report: recorded, not delivered."},"coalesceMs":{"type":"integer","minimum":0,"maximum":60000,"default":250,"description":"now-requests arriving within this many milliseconds share one heartbeat."}}};
const schema80 = {"title":"RequestLogConfig","type":"object","description":"The request log: every request under hooks.path with its decision, answer and timings, kept for hookgate replay and the console. Token headers are left out; other credential headers, query parameters and body fields, and any secret of the configuration wherever it appears, are kept as [removed].","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":true,"description":"Keep the request log."},"maxBodyBytes":{"type":"integer","minimum":0,"default":65536,"description":"Bytes of each body kept; a longer body is cut there (the console shows the start, replay skips it). 0 keeps no bodies."}}};
const schema81 = {"title":"RetentionConfig","type":"object","description":"How long the store keeps what is done with: the request log, consumed events, finished runs (their delivery settled), session transcripts and heartbeats. Pending work is never pruned.","additionalProperties":false,"properties":{"maxAge":{"type":"string","pattern":"^(0|[0-9]+(\\.[0-9]+)?(m|h|d))$","default":"14d","description":"Rows older than this are pruned (for example 36h, 14d); 0 keeps them however old."},"maxRows":{"type":"integer","minimum":0,"default":100000,"description":"At most this many newest rows are kept in each table; 0 for no limit."},"pruneEvery":{"type":"string","pattern":"^[0-9]+(\\.[0-9]+)?(s|m|h)$","default":"10m","description":"How often the server prunes (also once at start)."}}};
const func1 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const schema32 = {"title":"ServerConfig","type":"object","description":"Where hookgate listens.","additionalProperties":false,"properties":{"host":{"type":"string","minLength":1,"default":"127.0.0.1","description":"Address to listen on. Keep the loopback default unless a trusted reverse proxy or private network sits in front."},"port":{"type":"integer","minimum":0,"maximum":65535,"default":18789,"description":"TCP port; 0 picks any free port (the chosen one is printed)."},"trustProxy":{"type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"description":"Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For header is believed for the client address. Empty or omitted: the socket address is the client address."},"logLevel":{"enum":["fatal","error","warn","info","debug","trace","silent"],"default":"info","description":"Log level of the JSON request log (overridden by --log-level)."},"logEachRequest":{"type":"boolean","default":false,"description":"Log one info line per request (method, path, status, ms, client, mappingId, runId, code, verified). false: that line is logged at debug (seen with logLevel debug), and the summary lines of logSummarySeconds say how requests went. Read at start."},"logSummarySeconds":{"type":"integer","minimum":0,"maximum":86400,"default":60,"description":"Seconds between the info lines that sum up the requests served (count, statuses, refusal codes, p50/p99/max ms); none is logged for an interval without requests. 0: no summary. Read at start."},"publicUrl":{"type":"string","pattern":"^https?://[^/?#\\s]+(/[^?#\\s]*)?$","description":"The address senders use to reach this server's root, as they see it (for example https://hooks.example.com, or https://example.com/hookgate behind a proxy that strips /hookgate). Twilio signs the URL it posts to, so a twilio verify needs it; nothing else uses it."},"metrics":{"$ref":"#/$defs/metrics"},"console":{"$ref":"#/$defs/console"}}};
const schema33 = {"title":"MetricsConfig","type":"object","description":"GET /metrics: Prometheus text exposition of hookgate's counters, histograms and queue depths.","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":true,"description":"Serve GET /metrics."},"allowFrom":{"type":"array","items":{"type":"string","minLength":1},"default":["loopback"],"description":"Client addresses answered: loopback (127.0.0.0/8 and ::1, reached directly and naming a local host, server.host or server.publicUrl's host in its Host header: a request carrying X-Forwarded-For, Forwarded, X-Real-IP, CF-Connecting-IP or True-Client-IP counts as loopback only when server.trustProxy vouches for its proxy), any, or addresses and CIDR ranges such as 10.0.0.0/8. Others get 403. The client address follows server.trustProxy."}}};
const schema34 = {"title":"ConsoleConfig","type":"object","description":"The web console at /console: recent requests with their decision and explain trace, runs, the main session's events, and a playground. Log in with the hook token.","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":true,"description":"Serve the console (only when hooks.enabled is true: its login is the hook token)."},"allowFrom":{"type":"array","items":{"type":"string","minLength":1},"default":["loopback"],"description":"Client addresses answered: loopback (127.0.0.0/8 and ::1, reached directly and naming a local host, server.host or server.publicUrl's host in its Host header: a request carrying X-Forwarded-For, Forwarded, X-Real-IP, CF-Connecting-IP or True-Client-IP counts as loopback only when server.trustProxy vouches for its proxy), any, or addresses and CIDR ranges such as 10.0.0.0/8. Others get 403. The client address follows server.trustProxy."},"sessionTtl":{"type":"string","pattern":"^[0-9]+(\\.[0-9]+)?(m|h|d)$","default":"12h","description":"How long a console login lasts (for example 30m, 12h, 7d)."}}};
const pattern4 = new RegExp("^https?://[^/?#\\s]+(/[^?#\\s]*)?$", "u");
const pattern5 = new RegExp("^[0-9]+(\\.[0-9]+)?(m|h|d)$", "u");

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema32.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema32,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.host !== undefined){
let data0 = data.host;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err1 = {instancePath:instancePath+"/host",schemaPath:"#/properties/host/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema32.properties.host,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/host",schemaPath:"#/properties/host/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.host.type,parentSchema:schema32.properties.host,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.port !== undefined){
let data1 = data.port;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err3 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.port.type,parentSchema:schema32.properties.port,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 65535 || isNaN(data1)){
const err4 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535",schema:65535,parentSchema:schema32.properties.port,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/port",schemaPath:"#/properties/port/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema32.properties.port,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.trustProxy !== undefined){
let data2 = data.trustProxy;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(func3(data3) < 1){
const err6 = {instancePath:instancePath+"/trustProxy/" + i0,schemaPath:"#/properties/trustProxy/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema32.properties.trustProxy.items,data:data3};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/trustProxy/" + i0,schemaPath:"#/properties/trustProxy/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.trustProxy.items.type,parentSchema:schema32.properties.trustProxy.items,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
let i1 = data2.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data2[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err8 = {instancePath:instancePath+"/trustProxy",schemaPath:"#/properties/trustProxy/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)",schema:true,parentSchema:schema32.properties.trustProxy,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err9 = {instancePath:instancePath+"/trustProxy",schemaPath:"#/properties/trustProxy/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.trustProxy.type,parentSchema:schema32.properties.trustProxy,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.logLevel !== undefined){
let data4 = data.logLevel;
if(!(((((((data4 === "fatal") || (data4 === "error")) || (data4 === "warn")) || (data4 === "info")) || (data4 === "debug")) || (data4 === "trace")) || (data4 === "silent"))){
const err10 = {instancePath:instancePath+"/logLevel",schemaPath:"#/properties/logLevel/enum",keyword:"enum",params:{allowedValues: schema32.properties.logLevel.enum},message:"must be equal to one of the allowed values",schema:schema32.properties.logLevel.enum,parentSchema:schema32.properties.logLevel,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.logEachRequest !== undefined){
let data5 = data.logEachRequest;
if(typeof data5 !== "boolean"){
const err11 = {instancePath:instancePath+"/logEachRequest",schemaPath:"#/properties/logEachRequest/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema32.properties.logEachRequest.type,parentSchema:schema32.properties.logEachRequest,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.logSummarySeconds !== undefined){
let data6 = data.logSummarySeconds;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err12 = {instancePath:instancePath+"/logSummarySeconds",schemaPath:"#/properties/logSummarySeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.logSummarySeconds.type,parentSchema:schema32.properties.logSummarySeconds,data:data6};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 86400 || isNaN(data6)){
const err13 = {instancePath:instancePath+"/logSummarySeconds",schemaPath:"#/properties/logSummarySeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema32.properties.logSummarySeconds,data:data6};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data6 < 0 || isNaN(data6)){
const err14 = {instancePath:instancePath+"/logSummarySeconds",schemaPath:"#/properties/logSummarySeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema32.properties.logSummarySeconds,data:data6};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.publicUrl !== undefined){
let data7 = data.publicUrl;
if(typeof data7 === "string"){
if(!pattern4.test(data7)){
const err15 = {instancePath:instancePath+"/publicUrl",schemaPath:"#/properties/publicUrl/pattern",keyword:"pattern",params:{pattern: "^https?://[^/?#\\s]+(/[^?#\\s]*)?$"},message:"must match pattern \""+"^https?://[^/?#\\s]+(/[^?#\\s]*)?$"+"\"",schema:"^https?://[^/?#\\s]+(/[^?#\\s]*)?$",parentSchema:schema32.properties.publicUrl,data:data7};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/publicUrl",schemaPath:"#/properties/publicUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.publicUrl.type,parentSchema:schema32.properties.publicUrl,data:data7};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.metrics !== undefined){
let data8 = data.metrics;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key1 in data8){
if(!((key1 === "enabled") || (key1 === "allowFrom"))){
const err17 = {instancePath:instancePath+"/metrics",schemaPath:"#/$defs/metrics/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema33,data:data8};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.enabled !== undefined){
let data9 = data8.enabled;
if(typeof data9 !== "boolean"){
const err18 = {instancePath:instancePath+"/metrics/enabled",schemaPath:"#/$defs/metrics/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema33.properties.enabled.type,parentSchema:schema33.properties.enabled,data:data9};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.allowFrom !== undefined){
let data10 = data8.allowFrom;
if(Array.isArray(data10)){
const len1 = data10.length;
for(let i2=0; i2<len1; i2++){
let data11 = data10[i2];
if(typeof data11 === "string"){
if(func3(data11) < 1){
const err19 = {instancePath:instancePath+"/metrics/allowFrom/" + i2,schemaPath:"#/$defs/metrics/properties/allowFrom/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema33.properties.allowFrom.items,data:data11};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/metrics/allowFrom/" + i2,schemaPath:"#/$defs/metrics/properties/allowFrom/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema33.properties.allowFrom.items.type,parentSchema:schema33.properties.allowFrom.items,data:data11};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/metrics/allowFrom",schemaPath:"#/$defs/metrics/properties/allowFrom/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema33.properties.allowFrom.type,parentSchema:schema33.properties.allowFrom,data:data10};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/metrics",schemaPath:"#/$defs/metrics/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema33.type,parentSchema:schema33,data:data8};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.console !== undefined){
let data12 = data.console;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
for(const key2 in data12){
if(!(((key2 === "enabled") || (key2 === "allowFrom")) || (key2 === "sessionTtl"))){
const err23 = {instancePath:instancePath+"/console",schemaPath:"#/$defs/console/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema34,data:data12};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data12.enabled !== undefined){
let data13 = data12.enabled;
if(typeof data13 !== "boolean"){
const err24 = {instancePath:instancePath+"/console/enabled",schemaPath:"#/$defs/console/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema34.properties.enabled.type,parentSchema:schema34.properties.enabled,data:data13};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data12.allowFrom !== undefined){
let data14 = data12.allowFrom;
if(Array.isArray(data14)){
const len2 = data14.length;
for(let i3=0; i3<len2; i3++){
let data15 = data14[i3];
if(typeof data15 === "string"){
if(func3(data15) < 1){
const err25 = {instancePath:instancePath+"/console/allowFrom/" + i3,schemaPath:"#/$defs/console/properties/allowFrom/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema34.properties.allowFrom.items,data:data15};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/console/allowFrom/" + i3,schemaPath:"#/$defs/console/properties/allowFrom/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema34.properties.allowFrom.items.type,parentSchema:schema34.properties.allowFrom.items,data:data15};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/console/allowFrom",schemaPath:"#/$defs/console/properties/allowFrom/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema34.properties.allowFrom.type,parentSchema:schema34.properties.allowFrom,data:data14};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data12.sessionTtl !== undefined){
let data16 = data12.sessionTtl;
if(typeof data16 === "string"){
if(!pattern5.test(data16)){
const err28 = {instancePath:instancePath+"/console/sessionTtl",schemaPath:"#/$defs/console/properties/sessionTtl/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)?(m|h|d)$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)?(m|h|d)$"+"\"",schema:"^[0-9]+(\\.[0-9]+)?(m|h|d)$",parentSchema:schema34.properties.sessionTtl,data:data16};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/console/sessionTtl",schemaPath:"#/$defs/console/properties/sessionTtl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema34.properties.sessionTtl.type,parentSchema:schema34.properties.sessionTtl,data:data16};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/console",schemaPath:"#/$defs/console/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema34.type,parentSchema:schema34,data:data12};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.type,parentSchema:schema32,data};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema35 = {"title":"HooksConfig","type":"object","description":"The webhook endpoint: authentication, limits, allowlists and the rules that turn payloads into actions.","additionalProperties":false,"properties":{"enabled":{"type":"boolean","default":false,"description":"Turns the webhook endpoint on. When false, nothing is served under hooks.path."},"token":{"type":"string","description":"Shared secret every request must present (Authorization: Bearer, x-hookgate-token or x-openclaw-token). Required when hooks.enabled is true; use 24 characters or more, and no other secret of this file. Whitespace around it is ignored. ${file:/run/secrets/hook_token} reads it from a file, again on every reload."},"path":{"type":"string","default":"/hooks","description":"Path prefix of every hook endpoint. A leading / is added and a trailing / removed; / alone is not allowed."},"allowedAgentIds":{"type":"array","items":{"type":"string","minLength":1},"description":"Allowlist for explicit agentId routing, compared case-insensitively. Omitted or containing *: any agent. []: every explicit agentId is denied. A request without agentId always goes to the default agent."},"defaultSessionKey":{"type":"string","minLength":1,"description":"Session key of hook agent runs that carry no explicit key. Without it each run gets a fresh hook:<uuid> key. Must match allowedSessionKeyPrefixes when those are set; main is reserved for the main session."},"allowRequestSessionKey":{"type":"boolean","default":false,"description":"Whether /agent payloads may choose their sessionKey. Keep false unless the senders are trusted; combine with allowedSessionKeyPrefixes."},"allowedSessionKeyPrefixes":{"type":"array","items":{"type":"string","minLength":1},"description":"Every explicit sessionKey (from a request or a mapping) must start with one of these, compared case-insensitively (for example [\"hook:\"]). Trimmed, lower-cased and de-duplicated at load."},"presets":{"type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"description":"Packs to enable, by id or alias: built-in ones (rules/presets/, e.g. mail, alias gmail), those in hooks.packDirs, and installed hookgate-pack-<name> packages. Their mappings come after hooks.mappings and hooks.rules, in this order."},"packs":{"type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9-]*$"},"additionalProperties":{"type":"object","additionalProperties":true,"description":"Parameter values of one pack, by parameter name."},"description":"Parameters of enabled packs, by pack id or alias: hooks.packs.github.events. hookgate packs show <name> lists a pack's parameters. Unknown names and wrong types are load errors."},"packDirs":{"type":"array","items":{"type":"string","minLength":1},"description":"Folders of your own pack files (*.yaml, *.yml, *.json), relative to the config file. Searched before the built-in packs; a pack with a built-in pack's id replaces it (with a warning)."},"mappings":{"type":"array","items":{"$ref":"#/$defs/mapping"},"description":"Custom mappings, tried in order before rule files and presets; the first mapping whose every predicate holds owns the request."},"rules":{"type":"array","items":{"type":"string","minLength":1},"description":"Extra rule files (YAML or JSON, globs allowed, relative to the config file). Their mappings come after hooks.mappings and before presets."},"transformsDir":{"type":"string","minLength":1,"description":"Folder of transform modules, relative to the config file. Must stay inside <config dir>/hooks/transforms (the default); .., absolute paths elsewhere and symlinks out are rejected, and so is a hooks/transforms that is a link out of the config's folder."},"transformLimits":{"$ref":"#/$defs/transformLimits"},"mail":{"$ref":"#/$defs/mailConfig"},"gmail":{"$ref":"#/$defs/mailConfig"},"maxBodyBytes":{"type":"integer","minimum":1,"maximum":67108864,"default":262144,"description":"Largest accepted request body in bytes; larger bodies get 413. A declared Content-Length above it is refused before the body is read."},"unauthenticatedBodyBytes":{"type":"integer","minimum":1,"maximum":1073741824,"default":33554432,"description":"Bytes of request bodies without the hook token that the server reads at once, across all paths (a signed sender's body is read before its signature is checked). A request that would pass it gets 503 UNAUTHENTICATED_BODIES_BUSY with Retry-After; one request alone is always read, up to its path's body limit. Requests with the token never count."},"bodyTimeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":3600,"default":30,"description":"Seconds a client has to send the whole body; slower bodies get 408."},"authFailures":{"$ref":"#/$defs/authFailures"},"sessionMode":{"$ref":"#/$defs/sessionMode","default":"persistent","description":"Session mode of agent runs whose request or mapping names none. persistent: runs sharing a session key continue one conversation. isolated: every run starts from an empty conversation (OpenClaw's default; an OpenClaw config file gets it)."},"idempotencyTtlSeconds":{"type":"integer","minimum":1,"default":86400,"description":"How long an Idempotency-Key is remembered; a repeat within this time returns the first response. A verified sender's delivery is remembered at least this long, and longer when the sender retries longer (see verify.idempotencyTtlSeconds)."},"lanes":{"type":"object","propertyNames":{"$ref":"#/$defs/laneName"},"additionalProperties":{"$ref":"#/$defs/lane"},"description":"Named lanes that mappings' flow.lane puts their runs in, with how many of each lane's runs may run at once, e.g. { github: { concurrency: 2 } }. A lane a mapping names without an entry here runs one run at a time."}}};
const schema53 = {"title":"TransformLimitsConfig","type":"object","description":"Hard limits of the transform sandbox, per call, and the worker threads transforms run in.","additionalProperties":false,"properties":{"cpuMs":{"type":"integer","minimum":1,"maximum":60000,"default":250,"description":"CPU time one transform call may use, in milliseconds."},"memoryMiB":{"type":"integer","minimum":1,"maximum":1024,"default":32,"description":"Memory a transform may allocate, in MiB, beyond the sandbox engine's fixed 16 MiB base."},"maxInputBytes":{"type":"integer","minimum":64,"maximum":67108864,"default":1048576,"description":"Largest input (the request as JSON: payload, headers, query, path) handed to a transform, in bytes; a larger one is refused with 413 TRANSFORM_INPUT_TOO_LARGE before the sandbox sees it. Reading the input in the sandbox has its own time (0.5 s plus 4 s per MiB), apart from cpuMs; an input that takes longer, or more than memoryMiB, is refused with 413 as well."},"maxResultBytes":{"type":"integer","minimum":64,"default":262144,"description":"Largest result (as JSON) a transform may return, in bytes."},"maxStackBytes":{"type":"integer","minimum":16384,"maximum":49152,"default":49152,"description":"Stack size of the sandbox, in bytes (bounds recursion: a few hundred nested calls at the default). Larger stacks let deep recursion overflow the host's own stack before the sandbox notices, so 48 KiB is also the maximum."},"workers":{"type":"integer","minimum":1,"maximum":64,"default":2,"description":"Worker threads that run transforms, each with its own sandbox of every loaded transform; a call stuck 100 ms past cpuMs ends its worker, which is replaced. More workers let more calls run at once, each one costs memory (a JavaScript engine and the sandboxes)."},"maxQueued":{"type":"integer","minimum":0,"maximum":100000,"default":256,"description":"Transform calls that may wait for a free worker; a call beyond them fails at once with TRANSFORM_BUSY."}}};
const schema54 = {"title":"MailConfig","type":"object","description":"Parameters of the mail pack (hooks.mail, or OpenClaw's hooks.gmail; the same as hooks.packs.mail, give only one): model, thinking, allowUnsafeExternalContent, and sessionKeyPrefix, agentId, deliver, channel, to as in every pack that starts runs.","additionalProperties":true,"properties":{"model":{"type":"string","minLength":1,"description":"Model (provider/model or alias) for runs of the mail preset."},"thinking":{"type":"string","minLength":1,"description":"Thinking level for runs of the mail preset (for example low, medium, high)."},"allowUnsafeExternalContent":{"type":"boolean","default":false,"description":"true turns the external-content safety wrapper off for mail (dangerous)."}}};
const schema56 = {"title":"AuthFailuresConfig","type":"object","description":"Brute-force throttling per client address.","additionalProperties":false,"properties":{"max":{"type":"integer","minimum":1,"default":20,"description":"Failed authentications allowed within windowSeconds; the next one gets 429."},"windowSeconds":{"type":"number","exclusiveMinimum":0,"default":60,"description":"Window in which failures are counted."},"lockSeconds":{"type":"number","exclusiveMinimum":0,"default":60,"description":"How long an address stays locked (429 with Retry-After) once it reached max."},"maxTrackedAddresses":{"type":"integer","minimum":1,"default":10000,"description":"Upper bound on addresses whose failures are counted at once, and separately on addresses locked at once, so a flood of addresses cannot exhaust memory (at most twice this many are held). The least recently failing unlocked address is dropped first; a lock ends early only when this many newer locks are in force, the one ending soonest first."}}};
const schema38 = {"enum":["persistent","isolated"]};
const schema48 = {"type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$","description":"A lane's name: letters, digits, _ . - (at most 64), e.g. github."};
const schema59 = {"title":"Lane","type":"object","additionalProperties":false,"properties":{"concurrency":{"type":"integer","minimum":1,"maximum":1000,"default":1,"description":"At most this many runs of the lane at once (across instances sharing a PostgreSQL store)."}}};
const pattern6 = new RegExp("^[a-z][a-z0-9-]*$", "u");
const pattern10 = new RegExp("^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", "u");
const schema36 = {"title":"Mapping","type":"object","description":"One rule: which requests it handles (match) and the action it builds from them.","additionalProperties":false,"properties":{"id":{"type":"string","pattern":"^[A-Za-z0-9_.:-]+$","description":"Stable identifier shown in logs, runs and explain traces. Default: mapping-<n> (1-based position)."},"name":{"type":"string","description":"Template for the human-readable hook name used in summaries (Hook <name>: ...)."},"match":{"$ref":"#/$defs/match"},"action":{"enum":["wake","agent","ignore"],"default":"agent","description":"wake: a system event for the main session. agent: an isolated agent run (the default, as in OpenClaw). ignore: the mapping owns the request and answers 204; nothing is stored or run (for the events of a sender you do not want)."},"forEach":{"type":"string","minLength":1,"description":"Fan-out: a dot path (like a template path, e.g. messages or data.items; [] takes every element of an array on the way, e.g. entry[].changes[].value.messages) to an array in the payload. One action per element, each element the templates' root; missing, not an array or empty answers 204. All actions of one request are stored together or not at all."},"forEachMax":{"type":"integer","minimum":1,"maximum":1000,"default":100,"description":"Most elements forEach takes from one request; more is refused with 413 FOREACH_TOO_MANY (nothing is stored), never cut short."},"wakeMode":{"enum":["now","next-heartbeat"],"default":"now","description":"now: heartbeat at once; next-heartbeat: wait for the periodic one. For wake actions this is the wake mode."},"textTemplate":{"type":"string","description":"Template of the wake text (wake actions)."},"messageTemplate":{"type":"string","description":"Template of the agent message (agent actions). An agent mapping needs this or a transform."},"sessionKey":{"type":"string","description":"Template of an explicit session key; must match hooks.allowedSessionKeyPrefixes."},"sessionMode":{"$ref":"#/$defs/sessionMode","description":"persistent: runs continue the conversation of their session key. isolated: each run starts from an empty conversation and leaves nothing in it. Default: hooks.sessionMode."},"deliver":{"type":"boolean","default":true,"description":"Whether the agent's reply is sent to a chat channel."},"channel":{"$ref":"#/$defs/channelName","description":"Delivery channel: last (the main session's last route) or a channel name."},"to":{"type":"string","description":"Template of the recipient: phone number (whatsapp, signal), chat id (telegram), channel id (discord, slack, mattermost), conversation id (msteams)."},"agentId":{"type":"string","minLength":1,"description":"Agent to run; unknown ids fall back to the default agent. Subject to hooks.allowedAgentIds."},"model":{"type":"string","description":"Template of a model override (provider/model or alias); must be allowed by agents.defaults.models."},"thinking":{"type":"string","description":"Template of a thinking-level override (for example low, medium, high)."},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Maximum duration of the agent run, in seconds."},"allowUnsafeExternalContent":{"type":"boolean","default":false,"description":"true turns the external-content safety wrapper off for this mapping (only for trusted internal sources)."},"contentSource":{"type":"string","minLength":1,"default":"Webhook","description":"Word on the Source: line of the safety wrapper (the mail preset says Email)."},"transform":{"$ref":"#/$defs/transform"},"verify":{"$ref":"#/$defs/verify"},"challenge":{"$ref":"#/$defs/challenge"},"cloudevents":{"type":"boolean","default":false,"description":"true: this mapping's path answers CloudEvents senders' handshakes: the webhook abuse-protection OPTIONS request (WebHook-Request-Origin, answered with WebHook-Allowed-Origin and WebHook-Allowed-Rate) and Azure Event Grid's subscription validation. CloudEvents requests themselves are read on every path."},"maxBodyBytes":{"type":"integer","minimum":1,"maximum":67108864,"description":"Largest body accepted on this mapping's match.path, larger or smaller than hooks.maxBodyBytes. When several mappings share a path the largest limit applies; a mapping without its own limit counts as hooks.maxBodyBytes."},"flow":{"$ref":"#/$defs/flow"},"coalesceTemplate":{"type":"string","description":"Template of the message (agent) or text (wake) of a coalesced run or event, over {{#each items}} (each item's message and at), {{count}} and {{key}}. Default: the joined messages in arrival order, separated by a blank line (wakes: a new line). Needs flow.coalesce."},"successStatus":{"enum":[200,202,204],"description":"The status this mapping answers when it accepts a request (a wake, a run, or nothing to do): by default 200 for a wake, 202 for a run and 204 for ignore. Set 200 for senders that count any other status as a failed delivery and retry it (Linear). 204 answers without a body."},"successBody":{"oneOf":[{"const":false},{"type":"object"}],"description":"false answers this mapping's accepted requests without a body (the run id is not sent back), for senders that read a body as something to show: Slack shows a slash command's JSON answer as a message, and takes an empty 200 as a plain acknowledgement. An object is sent as it is (JSON) instead of the usual body, for senders that expect an answer of their own shape: a Discord interaction answered with a message."}}};
const schema37 = {"title":"MappingMatch","type":"object","description":"Predicates; the mapping applies when all of them hold. An empty match applies to every hook name.","additionalProperties":false,"properties":{"path":{"type":"string","description":"Hook name after hooks.path (for example github for /hooks/github); slashes and spaces at the ends are ignored."},"source":{"type":"string","description":"Applies when payload.source is a string equal to this (one generic endpoint routed by the payload)."},"when":{"description":"JsonLogic expression over {payload, headers, query, path, verified}; the mapping applies when it is truthy. Header names are lower-case; verified is {scheme, id, timestamp} for a request that passed a verify, else absent.","type":["object","boolean"]}}};
const schema39 = {"enum":["last","whatsapp","telegram","discord","slack","mattermost","signal","imessage","msteams"]};
const schema40 = {"title":"MappingTransform","type":"object","description":"A JS or TS module with custom logic, run in a sandbox.","additionalProperties":false,"required":["module"],"properties":{"module":{"type":"string","minLength":1,"description":"Module path relative to hooks.transformsDir; must resolve inside it."},"export":{"type":"string","minLength":1,"description":"Exported function to call. Default: the default export, else an export named transform."}}};
const schema41 = {"title":"MappingVerify","type":"object","description":"How a sender that cannot send the hook token proves itself: a signature over the raw body or a secret header, checked in constant time before anything else reads the body. A request without the hook token reaches only mappings whose verify it passes; the token keeps working on every path.","additionalProperties":false,"required":["scheme"],"properties":{"scheme":{"enum":["github","gitlab","stripe","slack","standard-webhooks","shopify","linear","sentry","pagerduty","twilio","ed25519","zoom","meta","header","basic","hmac"],"description":"The sender's scheme: github (X-Hub-Signature-256), gitlab (X-Gitlab-Token), stripe (Stripe-Signature), slack (X-Slack-Signature), standard-webhooks (webhook-signature, also Svix), shopify (X-Shopify-Hmac-Sha256), linear (Linear-Signature), sentry (Sentry-Hook-Signature), pagerduty (X-PagerDuty-Signature), twilio (X-Twilio-Signature; needs server.publicUrl), ed25519 (Discord interactions), zoom (x-zm-signature), meta (Meta / WhatsApp X-Hub-Signature-256), header (a secret sent in a header, e.g. Telegram's), basic (HTTP basic auth), hmac (any other HMAC signature, described by the keys below)."},"secret":{"type":"string","description":"The secret configured at the sender: its signing secret (standard-webhooks: whsec_...), the shared token (gitlab: the Secret token, or the Signing token whsec_... of GitLab 19 and later; header), the password (basic) or, for ed25519, the sender's public key in hex. Write ${ENV_NAME} rather than the secret itself. Whitespace around it is ignored."},"publicKey":{"type":"string","description":"standard-webhooks: the sender's Ed25519 public key, whpk_ followed by the base64 of its 32 bytes; v1a signatures are checked with it (v1 signatures with secret). Give secret, publicKey or both."},"publicKeys":{"type":"array","items":{"type":"string"},"minItems":1,"description":"Several public keys instead of publicKey, while rotating: a v1a signature by any of them passes."},"secrets":{"type":"array","items":{"type":"string"},"minItems":1,"description":"Several secrets instead of secret, while rotating: a request passes with any of them."},"username":{"type":"string","minLength":1,"description":"basic: the user name the sender sends (compared in constant time, like the password)."},"header":{"type":"string","minLength":1,"description":"header and hmac: the request header that carries the secret (header) or the signature (hmac)."},"algorithm":{"enum":["sha1","sha256","sha512"],"default":"sha256","description":"hmac: the hash of the HMAC."},"encoding":{"enum":["hex","base64","base64url"],"default":"hex","description":"hmac: how the signature is written in the header."},"prefix":{"type":"string","description":"hmac: text before the signature in the header, for example sha256=."},"signed":{"type":"string","minLength":1,"default":"{{body}}","description":"hmac: what is signed: text with {{body}} (the raw body), {{timestamp}} and {{id}} (the values of timestampHeader and idHeader), for example {{timestamp}}.{{body}}."},"secretEncoding":{"enum":["utf8","base64","hex"],"default":"utf8","description":"hmac: how the secret is written (the HMAC key is its decoded bytes)."},"timestampHeader":{"type":"string","minLength":1,"description":"hmac: the header with the signing time (Unix seconds or milliseconds); requests outside toleranceSeconds are refused."},"idHeader":{"type":"string","minLength":1,"description":"The header with the sender's delivery id, for schemes without a built-in one (header, basic, hmac) or to override it. A delivery id seen within 24 h is answered with its first answer and starts nothing new."},"idField":{"type":"string","minLength":1,"description":"Like idHeader, the delivery id read from the body instead (a dotted path, for example update_id for Telegram)."},"toleranceSeconds":{"type":"number","exclusiveMinimum":0,"maximum":604800,"description":"How far the signed timestamp may be from this server's clock, either way. Default: the provider's (300 s; linear 60 s). Applies to schemes whose signature covers a timestamp: stripe, slack, standard-webhooks, zoom, ed25519, linear, gitlab's Signing token, and hmac with timestampHeader."},"idempotencyTtlSeconds":{"type":"integer","minimum":1,"maximum":2592000,"description":"How long this sender's verified delivery ids (and, for schemes that sign only the body, its bodies) are remembered: a redelivery within it gets the first answer and starts nothing. Default: the sender's retry horizon (stripe and github 3 days, standard-webhooks 28 hours) or hooks.idempotencyTtlSeconds, whichever is longer. Set here, it is used as given."}}};
const schema42 = {"title":"MappingChallenge","type":"object","description":"A provider's endpoint handshake, answered by hookgate on this mapping's path: slack (url_verification: the challenge echoed), zoom (endpoint.url_validation: plainToken and its HMAC), discord (PING: type 1) after the request passed this mapping's verify; meta (GET with hub.mode=subscribe, hub.verify_token and hub.challenge: the challenge echoed when the verify token matches).","additionalProperties":false,"required":["kind"],"properties":{"kind":{"enum":["slack","zoom","discord","meta"],"description":"The provider's handshake."},"verifyToken":{"type":"string","description":"meta: the Verify token entered in Meta's webhook settings (compared in constant time). Write ${ENV_NAME}."}}};
const pattern7 = new RegExp("^[A-Za-z0-9_.:-]+$", "u");
const schema43 = {"title":"MappingFlow","type":"object","description":"What this mapping's requests may cost: repeats of a content key start nothing (dedupe), a burst about one thing becomes one run or one event (coalesce), at most so many runs start, or tokens are spent, per period (rate and budget, with over), and its runs run at most so many at once (concurrency, lane). Every request is still answered 2xx at once. Windows, keys, counts and the runs waiting live in the store: they survive a restart and are shared by instances on PostgreSQL.","additionalProperties":false,"properties":{"dedupe":{"$ref":"#/$defs/flowDedupe"},"coalesce":{"$ref":"#/$defs/flowCoalesce"},"lane":{"$ref":"#/$defs/laneName","description":"The lane this mapping's runs wait in: runs of one lane (of every mapping naming it) run at most hooks.lanes.<name>.concurrency at once (default 1), in arrival order; runs of other lanes and mappings are not held up by them. Agent runs only."},"concurrency":{"type":"integer","minimum":1,"maximum":1000,"description":"At most this many runs of this mapping at once; the others wait queued, in arrival order. With lane: the lane's concurrency (then it must agree with hooks.lanes.<name>.concurrency and with the other mappings of the lane). Agent runs only."},"rate":{"$ref":"#/$defs/flowRate"},"budget":{"$ref":"#/$defs/flowBudget"},"over":{"enum":["hold","drop"],"default":"hold","description":"What becomes of a run past the rate or budget: hold (stored held, started in arrival order when a later period allows it) or drop (stored as dropped, never started). Either way the sender is answered 2xx at once, with held: true or dropped: true."}}};
const schema44 = {"title":"MappingFlowDedupe","type":"object","additionalProperties":false,"required":["key","window"],"description":"A request whose key was already seen within the window answers like the first (its run id, deduped: true) and stores nothing.","properties":{"key":{"type":"string","minLength":1,"description":"Template of the content key, e.g. {{payload.id}}; with forEach, rendered per element. An empty key is never a repeat."},"window":{"$ref":"#/$defs/flowWindow","description":"How long a key is remembered (at most 30d), e.g. 72h."}}};
const schema45 = {"type":"string","pattern":"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$","description":"A duration such as 30s, 2m, 1.5h, 3d."};
const pattern8 = new RegExp("^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$", "u");

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.key === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'",schema:schema44.required,parentSchema:schema44,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.window === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "window"},message:"must have required property '"+"window"+"'",schema:schema44.required,parentSchema:schema44,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "key") || (key0 === "window"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema44,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.key !== undefined){
let data0 = data.key;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err3 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema44.properties.key,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema44.properties.key.type,parentSchema:schema44.properties.key,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.window !== undefined){
let data1 = data.window;
if(typeof data1 === "string"){
if(!pattern8.test(data1)){
const err5 = {instancePath:instancePath+"/window",schemaPath:"#/$defs/flowWindow/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"+"\"",schema:"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$",parentSchema:schema45,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/window",schemaPath:"#/$defs/flowWindow/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema45.type,parentSchema:schema45,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema44.type,parentSchema:schema44,data};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema46 = {"title":"MappingFlowCoalesce","type":"object","additionalProperties":false,"required":["key","window"],"description":"The first request with a key opens a window; later ones with the same key join it and get the same run id (coalesced: true). When the window ends, or max requests joined, ONE run starts (one event for wakes) holding every joined message in order.","properties":{"key":{"type":"string","minLength":1,"description":"Template of the key requests are merged by, e.g. {{payload.alerts.0.labels.alertname}}/{{payload.alerts.0.labels.instance}}; with forEach, rendered per element."},"window":{"$ref":"#/$defs/flowWindow","description":"How long a window stays open after its first request (at most 1d), e.g. 2m."},"max":{"type":"integer","minimum":1,"maximum":1000,"default":50,"description":"A window that holds this many requests starts its run at once."}}};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.key === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'",schema:schema46.required,parentSchema:schema46,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.window === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "window"},message:"must have required property '"+"window"+"'",schema:schema46.required,parentSchema:schema46,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "key") || (key0 === "window")) || (key0 === "max"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema46,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.key !== undefined){
let data0 = data.key;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err3 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema46.properties.key,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema46.properties.key.type,parentSchema:schema46.properties.key,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.window !== undefined){
let data1 = data.window;
if(typeof data1 === "string"){
if(!pattern8.test(data1)){
const err5 = {instancePath:instancePath+"/window",schemaPath:"#/$defs/flowWindow/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"+"\"",schema:"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$",parentSchema:schema45,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/window",schemaPath:"#/$defs/flowWindow/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema45.type,parentSchema:schema45,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.max !== undefined){
let data2 = data.max;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/max",schemaPath:"#/properties/max/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema46.properties.max.type,parentSchema:schema46.properties.max,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 > 1000 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/max",schemaPath:"#/properties/max/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema46.properties.max,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/max",schemaPath:"#/properties/max/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema46.properties.max,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema46.type,parentSchema:schema46,data};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema49 = {"title":"MappingFlowRate","type":"object","additionalProperties":false,"required":["max","per"],"description":"At most max of this mapping's runs start per period. Periods are fixed: they start at multiples of per since 1970-01-01T00:00Z (per: 1h starts each hour on the hour). Past max, the run is held or dropped (flow.over). Applies to agent runs only (a wake is not a run of its own); a coalesced run counts once, when its window ends. The counts live in the store: they survive a restart and instances on PostgreSQL share them.","properties":{"max":{"type":"integer","minimum":1,"maximum":1000000,"description":"Runs started per period, e.g. 20."},"per":{"$ref":"#/$defs/flowWindow","description":"The period (at most 30d), e.g. 1h."}}};

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate30.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.max === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "max"},message:"must have required property '"+"max"+"'",schema:schema49.required,parentSchema:schema49,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.per === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "per"},message:"must have required property '"+"per"+"'",schema:schema49.required,parentSchema:schema49,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "max") || (key0 === "per"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema49,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.max !== undefined){
let data0 = data.max;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err3 = {instancePath:instancePath+"/max",schemaPath:"#/properties/max/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema49.properties.max.type,parentSchema:schema49.properties.max,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 > 1000000 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/max",schemaPath:"#/properties/max/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000},message:"must be <= 1000000",schema:1000000,parentSchema:schema49.properties.max,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/max",schemaPath:"#/properties/max/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema49.properties.max,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.per !== undefined){
let data1 = data.per;
if(typeof data1 === "string"){
if(!pattern8.test(data1)){
const err6 = {instancePath:instancePath+"/per",schemaPath:"#/$defs/flowWindow/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"+"\"",schema:"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$",parentSchema:schema45,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/per",schemaPath:"#/$defs/flowWindow/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema45.type,parentSchema:schema45,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema49.type,parentSchema:schema49,data};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}
validate30.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema51 = {"title":"MappingFlowBudget","type":"object","additionalProperties":false,"required":["per"],"description":"What this mapping's runs may spend per period: at most runs started, and no run starts once the tokens its finished runs reported reached tokens (runners that report none add 0; a run admitted under the budget may overshoot it). Periods are fixed, as for rate. Past it, the run is held until the next period or dropped (flow.over). Agent runs only; with rate, a run must pass both. The counts live in the store.","properties":{"runs":{"type":"integer","minimum":1,"maximum":1000000,"description":"Runs started per period, e.g. 200."},"tokens":{"type":"integer","minimum":1,"maximum":1000000000000,"description":"Tokens (the runner's total: prompt and completion) per period, e.g. 2000000."},"per":{"$ref":"#/$defs/flowWindow","description":"The period (at most 30d), e.g. 1d."}}};

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate32.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.per === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "per"},message:"must have required property '"+"per"+"'",schema:schema51.required,parentSchema:schema51,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "runs") || (key0 === "tokens")) || (key0 === "per"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema51,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.runs !== undefined){
let data0 = data.runs;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/runs",schemaPath:"#/properties/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema51.properties.runs.type,parentSchema:schema51.properties.runs,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 > 1000000 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/runs",schemaPath:"#/properties/runs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000},message:"must be <= 1000000",schema:1000000,parentSchema:schema51.properties.runs,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/runs",schemaPath:"#/properties/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema51.properties.runs,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
if(data.tokens !== undefined){
let data1 = data.tokens;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema51.properties.tokens.type,parentSchema:schema51.properties.tokens,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 1000000000000 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000000000},message:"must be <= 1000000000000",schema:1000000000000,parentSchema:schema51.properties.tokens,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema51.properties.tokens,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
if(data.per !== undefined){
let data2 = data.per;
if(typeof data2 === "string"){
if(!pattern8.test(data2)){
const err8 = {instancePath:instancePath+"/per",schemaPath:"#/$defs/flowWindow/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$"+"\"",schema:"^[0-9]+(\\.[0-9]+)?(ms|s|m|h|d)$",parentSchema:schema45,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/per",schemaPath:"#/$defs/flowWindow/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema45.type,parentSchema:schema45,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema51.type,parentSchema:schema51,data};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}
validate32.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((((((key0 === "dedupe") || (key0 === "coalesce")) || (key0 === "lane")) || (key0 === "concurrency")) || (key0 === "rate")) || (key0 === "budget")) || (key0 === "over"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema43,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.dedupe !== undefined){
if(!(validate26(data.dedupe, {instancePath:instancePath+"/dedupe",parentData:data,parentDataProperty:"dedupe",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
}
if(data.coalesce !== undefined){
if(!(validate28(data.coalesce, {instancePath:instancePath+"/coalesce",parentData:data,parentDataProperty:"coalesce",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
}
if(data.lane !== undefined){
let data2 = data.lane;
if(typeof data2 === "string"){
if(!pattern10.test(data2)){
const err1 = {instancePath:instancePath+"/lane",schemaPath:"#/$defs/laneName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"+"\"",schema:"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",parentSchema:schema48,data:data2};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/lane",schemaPath:"#/$defs/laneName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema48.type,parentSchema:schema48,data:data2};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.concurrency !== undefined){
let data3 = data.concurrency;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err3 = {instancePath:instancePath+"/concurrency",schemaPath:"#/properties/concurrency/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema43.properties.concurrency.type,parentSchema:schema43.properties.concurrency,data:data3};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 1000 || isNaN(data3)){
const err4 = {instancePath:instancePath+"/concurrency",schemaPath:"#/properties/concurrency/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema43.properties.concurrency,data:data3};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err5 = {instancePath:instancePath+"/concurrency",schemaPath:"#/properties/concurrency/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema43.properties.concurrency,data:data3};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.rate !== undefined){
if(!(validate30(data.rate, {instancePath:instancePath+"/rate",parentData:data,parentDataProperty:"rate",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
}
if(data.budget !== undefined){
if(!(validate32(data.budget, {instancePath:instancePath+"/budget",parentData:data,parentDataProperty:"budget",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
errors = vErrors.length;
}
}
if(data.over !== undefined){
let data6 = data.over;
if(!((data6 === "hold") || (data6 === "drop"))){
const err6 = {instancePath:instancePath+"/over",schemaPath:"#/properties/over/enum",keyword:"enum",params:{allowedValues: schema43.properties.over.enum},message:"must be equal to one of the allowed values",schema:schema43.properties.over.enum,parentSchema:schema43.properties.over,data:data6};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema43.type,parentSchema:schema43,data};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema36.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema36,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err1 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.:-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.:-]+$"+"\"",schema:"^[A-Za-z0-9_.:-]+$",parentSchema:schema36.properties.id,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.id.type,parentSchema:schema36.properties.id,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.name.type,parentSchema:schema36.properties.name,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.match !== undefined){
let data2 = data.match;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key1 in data2){
if(!(((key1 === "path") || (key1 === "source")) || (key1 === "when"))){
const err4 = {instancePath:instancePath+"/match",schemaPath:"#/$defs/match/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema37,data:data2};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data2.path !== undefined){
let data3 = data2.path;
if(typeof data3 !== "string"){
const err5 = {instancePath:instancePath+"/match/path",schemaPath:"#/$defs/match/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema37.properties.path.type,parentSchema:schema37.properties.path,data:data3};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data2.source !== undefined){
let data4 = data2.source;
if(typeof data4 !== "string"){
const err6 = {instancePath:instancePath+"/match/source",schemaPath:"#/$defs/match/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema37.properties.source.type,parentSchema:schema37.properties.source,data:data4};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data2.when !== undefined){
let data5 = data2.when;
if((!(data5 && typeof data5 == "object" && !Array.isArray(data5))) && (typeof data5 !== "boolean")){
const err7 = {instancePath:instancePath+"/match/when",schemaPath:"#/$defs/match/properties/when/type",keyword:"type",params:{type: schema37.properties.when.type},message:"must be object,boolean",schema:schema37.properties.when.type,parentSchema:schema37.properties.when,data:data5};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/match",schemaPath:"#/$defs/match/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema37.type,parentSchema:schema37,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.action !== undefined){
let data6 = data.action;
if(!(((data6 === "wake") || (data6 === "agent")) || (data6 === "ignore"))){
const err9 = {instancePath:instancePath+"/action",schemaPath:"#/properties/action/enum",keyword:"enum",params:{allowedValues: schema36.properties.action.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.action.enum,parentSchema:schema36.properties.action,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.forEach !== undefined){
let data7 = data.forEach;
if(typeof data7 === "string"){
if(func3(data7) < 1){
const err10 = {instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.forEach,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.forEach.type,parentSchema:schema36.properties.forEach,data:data7};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.forEachMax !== undefined){
let data8 = data.forEachMax;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err12 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.forEachMax.type,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 1000 || isNaN(data8)){
const err13 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data8 < 1 || isNaN(data8)){
const err14 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.wakeMode !== undefined){
let data9 = data.wakeMode;
if(!((data9 === "now") || (data9 === "next-heartbeat"))){
const err15 = {instancePath:instancePath+"/wakeMode",schemaPath:"#/properties/wakeMode/enum",keyword:"enum",params:{allowedValues: schema36.properties.wakeMode.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.wakeMode.enum,parentSchema:schema36.properties.wakeMode,data:data9};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.textTemplate !== undefined){
let data10 = data.textTemplate;
if(typeof data10 !== "string"){
const err16 = {instancePath:instancePath+"/textTemplate",schemaPath:"#/properties/textTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.textTemplate.type,parentSchema:schema36.properties.textTemplate,data:data10};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.messageTemplate !== undefined){
let data11 = data.messageTemplate;
if(typeof data11 !== "string"){
const err17 = {instancePath:instancePath+"/messageTemplate",schemaPath:"#/properties/messageTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.messageTemplate.type,parentSchema:schema36.properties.messageTemplate,data:data11};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.sessionKey !== undefined){
let data12 = data.sessionKey;
if(typeof data12 !== "string"){
const err18 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.sessionKey.type,parentSchema:schema36.properties.sessionKey,data:data12};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.sessionMode !== undefined){
let data13 = data.sessionMode;
if(!((data13 === "persistent") || (data13 === "isolated"))){
const err19 = {instancePath:instancePath+"/sessionMode",schemaPath:"#/$defs/sessionMode/enum",keyword:"enum",params:{allowedValues: schema38.enum},message:"must be equal to one of the allowed values",schema:schema38.enum,parentSchema:schema38,data:data13};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.deliver !== undefined){
let data14 = data.deliver;
if(typeof data14 !== "boolean"){
const err20 = {instancePath:instancePath+"/deliver",schemaPath:"#/properties/deliver/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.deliver.type,parentSchema:schema36.properties.deliver,data:data14};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.channel !== undefined){
let data15 = data.channel;
if(!(((((((((data15 === "last") || (data15 === "whatsapp")) || (data15 === "telegram")) || (data15 === "discord")) || (data15 === "slack")) || (data15 === "mattermost")) || (data15 === "signal")) || (data15 === "imessage")) || (data15 === "msteams"))){
const err21 = {instancePath:instancePath+"/channel",schemaPath:"#/$defs/channelName/enum",keyword:"enum",params:{allowedValues: schema39.enum},message:"must be equal to one of the allowed values",schema:schema39.enum,parentSchema:schema39,data:data15};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.to !== undefined){
let data16 = data.to;
if(typeof data16 !== "string"){
const err22 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.to.type,parentSchema:schema36.properties.to,data:data16};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.agentId !== undefined){
let data17 = data.agentId;
if(typeof data17 === "string"){
if(func3(data17) < 1){
const err23 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.agentId,data:data17};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.agentId.type,parentSchema:schema36.properties.agentId,data:data17};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.model !== undefined){
let data18 = data.model;
if(typeof data18 !== "string"){
const err25 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.model.type,parentSchema:schema36.properties.model,data:data18};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.thinking !== undefined){
let data19 = data.thinking;
if(typeof data19 !== "string"){
const err26 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.thinking.type,parentSchema:schema36.properties.thinking,data:data19};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data20 = data.timeoutSeconds;
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 86400 || isNaN(data20)){
const err27 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data20 <= 0 || isNaN(data20)){
const err28 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema36.properties.timeoutSeconds.type,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.allowUnsafeExternalContent !== undefined){
let data21 = data.allowUnsafeExternalContent;
if(typeof data21 !== "boolean"){
const err30 = {instancePath:instancePath+"/allowUnsafeExternalContent",schemaPath:"#/properties/allowUnsafeExternalContent/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.allowUnsafeExternalContent.type,parentSchema:schema36.properties.allowUnsafeExternalContent,data:data21};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.contentSource !== undefined){
let data22 = data.contentSource;
if(typeof data22 === "string"){
if(func3(data22) < 1){
const err31 = {instancePath:instancePath+"/contentSource",schemaPath:"#/properties/contentSource/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.contentSource,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/contentSource",schemaPath:"#/properties/contentSource/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.contentSource.type,parentSchema:schema36.properties.contentSource,data:data22};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.transform !== undefined){
let data23 = data.transform;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.module === undefined){
const err33 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/required",keyword:"required",params:{missingProperty: "module"},message:"must have required property '"+"module"+"'",schema:schema40.required,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
for(const key2 in data23){
if(!((key2 === "module") || (key2 === "export"))){
const err34 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data23.module !== undefined){
let data24 = data23.module;
if(typeof data24 === "string"){
if(func3(data24) < 1){
const err35 = {instancePath:instancePath+"/transform/module",schemaPath:"#/$defs/transform/properties/module/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema40.properties.module,data:data24};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/transform/module",schemaPath:"#/$defs/transform/properties/module/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema40.properties.module.type,parentSchema:schema40.properties.module,data:data24};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data23.export !== undefined){
let data25 = data23.export;
if(typeof data25 === "string"){
if(func3(data25) < 1){
const err37 = {instancePath:instancePath+"/transform/export",schemaPath:"#/$defs/transform/properties/export/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema40.properties.export,data:data25};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/transform/export",schemaPath:"#/$defs/transform/properties/export/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema40.properties.export.type,parentSchema:schema40.properties.export,data:data25};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema40.type,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.verify !== undefined){
let data26 = data.verify;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.scheme === undefined){
const err40 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/required",keyword:"required",params:{missingProperty: "scheme"},message:"must have required property '"+"scheme"+"'",schema:schema41.required,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
for(const key3 in data26){
if(!(func1.call(schema41.properties, key3))){
const err41 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data26.scheme !== undefined){
let data27 = data26.scheme;
if(!((((((((((((((((data27 === "github") || (data27 === "gitlab")) || (data27 === "stripe")) || (data27 === "slack")) || (data27 === "standard-webhooks")) || (data27 === "shopify")) || (data27 === "linear")) || (data27 === "sentry")) || (data27 === "pagerduty")) || (data27 === "twilio")) || (data27 === "ed25519")) || (data27 === "zoom")) || (data27 === "meta")) || (data27 === "header")) || (data27 === "basic")) || (data27 === "hmac"))){
const err42 = {instancePath:instancePath+"/verify/scheme",schemaPath:"#/$defs/verify/properties/scheme/enum",keyword:"enum",params:{allowedValues: schema41.properties.scheme.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.scheme.enum,parentSchema:schema41.properties.scheme,data:data27};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data26.secret !== undefined){
let data28 = data26.secret;
if(typeof data28 !== "string"){
const err43 = {instancePath:instancePath+"/verify/secret",schemaPath:"#/$defs/verify/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secret.type,parentSchema:schema41.properties.secret,data:data28};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data26.publicKey !== undefined){
let data29 = data26.publicKey;
if(typeof data29 !== "string"){
const err44 = {instancePath:instancePath+"/verify/publicKey",schemaPath:"#/$defs/verify/properties/publicKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKey.type,parentSchema:schema41.properties.publicKey,data:data29};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data26.publicKeys !== undefined){
let data30 = data26.publicKeys;
if(Array.isArray(data30)){
if(data30.length < 1){
const err45 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"#/$defs/verify/properties/publicKeys/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.publicKeys,data:data30};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
const len0 = data30.length;
for(let i0=0; i0<len0; i0++){
let data31 = data30[i0];
if(typeof data31 !== "string"){
const err46 = {instancePath:instancePath+"/verify/publicKeys/" + i0,schemaPath:"#/$defs/verify/properties/publicKeys/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKeys.items.type,parentSchema:schema41.properties.publicKeys.items,data:data31};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"#/$defs/verify/properties/publicKeys/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.publicKeys.type,parentSchema:schema41.properties.publicKeys,data:data30};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data26.secrets !== undefined){
let data32 = data26.secrets;
if(Array.isArray(data32)){
if(data32.length < 1){
const err48 = {instancePath:instancePath+"/verify/secrets",schemaPath:"#/$defs/verify/properties/secrets/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.secrets,data:data32};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
const len1 = data32.length;
for(let i1=0; i1<len1; i1++){
let data33 = data32[i1];
if(typeof data33 !== "string"){
const err49 = {instancePath:instancePath+"/verify/secrets/" + i1,schemaPath:"#/$defs/verify/properties/secrets/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secrets.items.type,parentSchema:schema41.properties.secrets.items,data:data33};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/verify/secrets",schemaPath:"#/$defs/verify/properties/secrets/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.secrets.type,parentSchema:schema41.properties.secrets,data:data32};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data26.username !== undefined){
let data34 = data26.username;
if(typeof data34 === "string"){
if(func3(data34) < 1){
const err51 = {instancePath:instancePath+"/verify/username",schemaPath:"#/$defs/verify/properties/username/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.username,data:data34};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/verify/username",schemaPath:"#/$defs/verify/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.username.type,parentSchema:schema41.properties.username,data:data34};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data26.header !== undefined){
let data35 = data26.header;
if(typeof data35 === "string"){
if(func3(data35) < 1){
const err53 = {instancePath:instancePath+"/verify/header",schemaPath:"#/$defs/verify/properties/header/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.header,data:data35};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/verify/header",schemaPath:"#/$defs/verify/properties/header/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.header.type,parentSchema:schema41.properties.header,data:data35};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data26.algorithm !== undefined){
let data36 = data26.algorithm;
if(!(((data36 === "sha1") || (data36 === "sha256")) || (data36 === "sha512"))){
const err55 = {instancePath:instancePath+"/verify/algorithm",schemaPath:"#/$defs/verify/properties/algorithm/enum",keyword:"enum",params:{allowedValues: schema41.properties.algorithm.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.algorithm.enum,parentSchema:schema41.properties.algorithm,data:data36};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data26.encoding !== undefined){
let data37 = data26.encoding;
if(!(((data37 === "hex") || (data37 === "base64")) || (data37 === "base64url"))){
const err56 = {instancePath:instancePath+"/verify/encoding",schemaPath:"#/$defs/verify/properties/encoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.encoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.encoding.enum,parentSchema:schema41.properties.encoding,data:data37};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data26.prefix !== undefined){
let data38 = data26.prefix;
if(typeof data38 !== "string"){
const err57 = {instancePath:instancePath+"/verify/prefix",schemaPath:"#/$defs/verify/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.prefix.type,parentSchema:schema41.properties.prefix,data:data38};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data26.signed !== undefined){
let data39 = data26.signed;
if(typeof data39 === "string"){
if(func3(data39) < 1){
const err58 = {instancePath:instancePath+"/verify/signed",schemaPath:"#/$defs/verify/properties/signed/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.signed,data:data39};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/verify/signed",schemaPath:"#/$defs/verify/properties/signed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.signed.type,parentSchema:schema41.properties.signed,data:data39};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data26.secretEncoding !== undefined){
let data40 = data26.secretEncoding;
if(!(((data40 === "utf8") || (data40 === "base64")) || (data40 === "hex"))){
const err60 = {instancePath:instancePath+"/verify/secretEncoding",schemaPath:"#/$defs/verify/properties/secretEncoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.secretEncoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.secretEncoding.enum,parentSchema:schema41.properties.secretEncoding,data:data40};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data26.timestampHeader !== undefined){
let data41 = data26.timestampHeader;
if(typeof data41 === "string"){
if(func3(data41) < 1){
const err61 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"#/$defs/verify/properties/timestampHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.timestampHeader,data:data41};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"#/$defs/verify/properties/timestampHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.timestampHeader.type,parentSchema:schema41.properties.timestampHeader,data:data41};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data26.idHeader !== undefined){
let data42 = data26.idHeader;
if(typeof data42 === "string"){
if(func3(data42) < 1){
const err63 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"#/$defs/verify/properties/idHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idHeader,data:data42};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"#/$defs/verify/properties/idHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idHeader.type,parentSchema:schema41.properties.idHeader,data:data42};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data26.idField !== undefined){
let data43 = data26.idField;
if(typeof data43 === "string"){
if(func3(data43) < 1){
const err65 = {instancePath:instancePath+"/verify/idField",schemaPath:"#/$defs/verify/properties/idField/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idField,data:data43};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/verify/idField",schemaPath:"#/$defs/verify/properties/idField/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idField.type,parentSchema:schema41.properties.idField,data:data43};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data26.toleranceSeconds !== undefined){
let data44 = data26.toleranceSeconds;
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 > 604800 || isNaN(data44)){
const err67 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 604800},message:"must be <= 604800",schema:604800,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data44 <= 0 || isNaN(data44)){
const err68 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema41.properties.toleranceSeconds.type,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data26.idempotencyTtlSeconds !== undefined){
let data45 = data26.idempotencyTtlSeconds;
if(!(((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45))) && (isFinite(data45)))){
const err70 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema41.properties.idempotencyTtlSeconds.type,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if((typeof data45 == "number") && (isFinite(data45))){
if(data45 > 2592000 || isNaN(data45)){
const err71 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2592000},message:"must be <= 2592000",schema:2592000,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data45 < 1 || isNaN(data45)){
const err72 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
}
else {
const err73 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema41.type,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data.challenge !== undefined){
let data46 = data.challenge;
if(data46 && typeof data46 == "object" && !Array.isArray(data46)){
if(data46.kind === undefined){
const err74 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema42.required,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
for(const key4 in data46){
if(!((key4 === "kind") || (key4 === "verifyToken"))){
const err75 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data46.kind !== undefined){
let data47 = data46.kind;
if(!((((data47 === "slack") || (data47 === "zoom")) || (data47 === "discord")) || (data47 === "meta"))){
const err76 = {instancePath:instancePath+"/challenge/kind",schemaPath:"#/$defs/challenge/properties/kind/enum",keyword:"enum",params:{allowedValues: schema42.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema42.properties.kind.enum,parentSchema:schema42.properties.kind,data:data47};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data46.verifyToken !== undefined){
let data48 = data46.verifyToken;
if(typeof data48 !== "string"){
const err77 = {instancePath:instancePath+"/challenge/verifyToken",schemaPath:"#/$defs/challenge/properties/verifyToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema42.properties.verifyToken.type,parentSchema:schema42.properties.verifyToken,data:data48};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema42.type,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.cloudevents !== undefined){
let data49 = data.cloudevents;
if(typeof data49 !== "boolean"){
const err79 = {instancePath:instancePath+"/cloudevents",schemaPath:"#/properties/cloudevents/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.cloudevents.type,parentSchema:schema36.properties.cloudevents,data:data49};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data.maxBodyBytes !== undefined){
let data50 = data.maxBodyBytes;
if(!(((typeof data50 == "number") && (!(data50 % 1) && !isNaN(data50))) && (isFinite(data50)))){
const err80 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.maxBodyBytes.type,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data50 == "number") && (isFinite(data50))){
if(data50 > 67108864 || isNaN(data50)){
const err81 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 67108864},message:"must be <= 67108864",schema:67108864,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(data50 < 1 || isNaN(data50)){
const err82 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
if(data.flow !== undefined){
if(!(validate25(data.flow, {instancePath:instancePath+"/flow",parentData:data,parentDataProperty:"flow",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.coalesceTemplate !== undefined){
let data52 = data.coalesceTemplate;
if(typeof data52 !== "string"){
const err83 = {instancePath:instancePath+"/coalesceTemplate",schemaPath:"#/properties/coalesceTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.coalesceTemplate.type,parentSchema:schema36.properties.coalesceTemplate,data:data52};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data.successStatus !== undefined){
let data53 = data.successStatus;
if(!(((data53 === 200) || (data53 === 202)) || (data53 === 204))){
const err84 = {instancePath:instancePath+"/successStatus",schemaPath:"#/properties/successStatus/enum",keyword:"enum",params:{allowedValues: schema36.properties.successStatus.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.successStatus.enum,parentSchema:schema36.properties.successStatus,data:data53};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data.successBody !== undefined){
let data54 = data.successBody;
const _errs110 = errors;
let valid15 = false;
let passing0 = null;
const _errs111 = errors;
if(false !== data54){
const err85 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf/0/const",keyword:"const",params:{allowedValue: false},message:"must be equal to constant",schema:false,parentSchema:schema36.properties.successBody.oneOf[0],data:data54};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid0 = _errs111 === errors;
if(_valid0){
valid15 = true;
passing0 = 0;
}
const _errs112 = errors;
if(!(data54 && typeof data54 == "object" && !Array.isArray(data54))){
const err86 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.properties.successBody.oneOf[1].type,parentSchema:schema36.properties.successBody.oneOf[1],data:data54};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
var _valid0 = _errs112 === errors;
if(_valid0 && valid15){
valid15 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid15 = true;
passing0 = 1;
}
}
if(!valid15){
const err87 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf",schema:schema36.properties.successBody.oneOf,parentSchema:schema36.properties.successBody,data:data54};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
else {
errors = _errs110;
if(vErrors !== null){
if(_errs110){
vErrors.length = _errs110;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err88 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.type,parentSchema:schema36,data};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema35.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema35,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.enabled !== undefined){
let data0 = data.enabled;
if(typeof data0 !== "boolean"){
const err1 = {instancePath:instancePath+"/enabled",schemaPath:"#/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema35.properties.enabled.type,parentSchema:schema35.properties.enabled,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.token !== undefined){
let data1 = data.token;
if(typeof data1 !== "string"){
const err2 = {instancePath:instancePath+"/token",schemaPath:"#/properties/token/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.token.type,parentSchema:schema35.properties.token,data:data1};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data2 = data.path;
if(typeof data2 !== "string"){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.path.type,parentSchema:schema35.properties.path,data:data2};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.allowedAgentIds !== undefined){
let data3 = data.allowedAgentIds;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(typeof data4 === "string"){
if(func3(data4) < 1){
const err4 = {instancePath:instancePath+"/allowedAgentIds/" + i0,schemaPath:"#/properties/allowedAgentIds/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.allowedAgentIds.items,data:data4};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/allowedAgentIds/" + i0,schemaPath:"#/properties/allowedAgentIds/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.allowedAgentIds.items.type,parentSchema:schema35.properties.allowedAgentIds.items,data:data4};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/allowedAgentIds",schemaPath:"#/properties/allowedAgentIds/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema35.properties.allowedAgentIds.type,parentSchema:schema35.properties.allowedAgentIds,data:data3};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.defaultSessionKey !== undefined){
let data5 = data.defaultSessionKey;
if(typeof data5 === "string"){
if(func3(data5) < 1){
const err7 = {instancePath:instancePath+"/defaultSessionKey",schemaPath:"#/properties/defaultSessionKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.defaultSessionKey,data:data5};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/defaultSessionKey",schemaPath:"#/properties/defaultSessionKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.defaultSessionKey.type,parentSchema:schema35.properties.defaultSessionKey,data:data5};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.allowRequestSessionKey !== undefined){
let data6 = data.allowRequestSessionKey;
if(typeof data6 !== "boolean"){
const err9 = {instancePath:instancePath+"/allowRequestSessionKey",schemaPath:"#/properties/allowRequestSessionKey/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema35.properties.allowRequestSessionKey.type,parentSchema:schema35.properties.allowRequestSessionKey,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.allowedSessionKeyPrefixes !== undefined){
let data7 = data.allowedSessionKeyPrefixes;
if(Array.isArray(data7)){
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err10 = {instancePath:instancePath+"/allowedSessionKeyPrefixes/" + i1,schemaPath:"#/properties/allowedSessionKeyPrefixes/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.allowedSessionKeyPrefixes.items,data:data8};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/allowedSessionKeyPrefixes/" + i1,schemaPath:"#/properties/allowedSessionKeyPrefixes/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.allowedSessionKeyPrefixes.items.type,parentSchema:schema35.properties.allowedSessionKeyPrefixes.items,data:data8};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/allowedSessionKeyPrefixes",schemaPath:"#/properties/allowedSessionKeyPrefixes/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema35.properties.allowedSessionKeyPrefixes.type,parentSchema:schema35.properties.allowedSessionKeyPrefixes,data:data7};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.presets !== undefined){
let data9 = data.presets;
if(Array.isArray(data9)){
const len2 = data9.length;
for(let i2=0; i2<len2; i2++){
let data10 = data9[i2];
if(typeof data10 === "string"){
if(func3(data10) < 1){
const err13 = {instancePath:instancePath+"/presets/" + i2,schemaPath:"#/properties/presets/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.presets.items,data:data10};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/presets/" + i2,schemaPath:"#/properties/presets/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.presets.items.type,parentSchema:schema35.properties.presets.items,data:data10};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
let i3 = data9.length;
let j0;
if(i3 > 1){
const indices0 = {};
for(;i3--;){
let item0 = data9[i3];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err15 = {instancePath:instancePath+"/presets",schemaPath:"#/properties/presets/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i3+" are identical)",schema:true,parentSchema:schema35.properties.presets,data:data9};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
break;
}
indices0[item0] = i3;
}
}
}
else {
const err16 = {instancePath:instancePath+"/presets",schemaPath:"#/properties/presets/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema35.properties.presets.type,parentSchema:schema35.properties.presets,data:data9};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.packs !== undefined){
let data11 = data.packs;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key1 in data11){
const _errs26 = errors;
if(typeof key1 === "string"){
if(!pattern6.test(key1)){
const err17 = {instancePath:instancePath+"/packs",schemaPath:"#/properties/packs/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\"",schema:"^[a-z][a-z0-9-]*$",parentSchema:schema35.properties.packs.propertyNames,data:key1,propertyName:key1};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var valid8 = _errs26 === errors;
if(!valid8){
const err18 = {instancePath:instancePath+"/packs",schemaPath:"#/properties/packs/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid",schema:schema35.properties.packs.propertyNames,parentSchema:schema35.properties.packs,data:data11};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
for(const key2 in data11){
let data12 = data11[key2];
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
}
else {
const err19 = {instancePath:instancePath+"/packs/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/packs/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.properties.packs.additionalProperties.type,parentSchema:schema35.properties.packs.additionalProperties,data:data12};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/packs",schemaPath:"#/properties/packs/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.properties.packs.type,parentSchema:schema35.properties.packs,data:data11};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.packDirs !== undefined){
let data13 = data.packDirs;
if(Array.isArray(data13)){
const len3 = data13.length;
for(let i4=0; i4<len3; i4++){
let data14 = data13[i4];
if(typeof data14 === "string"){
if(func3(data14) < 1){
const err21 = {instancePath:instancePath+"/packDirs/" + i4,schemaPath:"#/properties/packDirs/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.packDirs.items,data:data14};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/packDirs/" + i4,schemaPath:"#/properties/packDirs/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.packDirs.items.type,parentSchema:schema35.properties.packDirs.items,data:data14};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/packDirs",schemaPath:"#/properties/packDirs/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema35.properties.packDirs.type,parentSchema:schema35.properties.packDirs,data:data13};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.mappings !== undefined){
let data15 = data.mappings;
if(Array.isArray(data15)){
const len4 = data15.length;
for(let i5=0; i5<len4; i5++){
if(!(validate24(data15[i5], {instancePath:instancePath+"/mappings/" + i5,parentData:data15,parentDataProperty:i5,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
}
else {
const err24 = {instancePath:instancePath+"/mappings",schemaPath:"#/properties/mappings/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema35.properties.mappings.type,parentSchema:schema35.properties.mappings,data:data15};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.rules !== undefined){
let data17 = data.rules;
if(Array.isArray(data17)){
const len5 = data17.length;
for(let i6=0; i6<len5; i6++){
let data18 = data17[i6];
if(typeof data18 === "string"){
if(func3(data18) < 1){
const err25 = {instancePath:instancePath+"/rules/" + i6,schemaPath:"#/properties/rules/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.rules.items,data:data18};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/rules/" + i6,schemaPath:"#/properties/rules/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.rules.items.type,parentSchema:schema35.properties.rules.items,data:data18};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema35.properties.rules.type,parentSchema:schema35.properties.rules,data:data17};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.transformsDir !== undefined){
let data19 = data.transformsDir;
if(typeof data19 === "string"){
if(func3(data19) < 1){
const err28 = {instancePath:instancePath+"/transformsDir",schemaPath:"#/properties/transformsDir/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.transformsDir,data:data19};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/transformsDir",schemaPath:"#/properties/transformsDir/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.transformsDir.type,parentSchema:schema35.properties.transformsDir,data:data19};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.transformLimits !== undefined){
let data20 = data.transformLimits;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
for(const key3 in data20){
if(!(((((((key3 === "cpuMs") || (key3 === "memoryMiB")) || (key3 === "maxInputBytes")) || (key3 === "maxResultBytes")) || (key3 === "maxStackBytes")) || (key3 === "workers")) || (key3 === "maxQueued"))){
const err30 = {instancePath:instancePath+"/transformLimits",schemaPath:"#/$defs/transformLimits/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema53,data:data20};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data20.cpuMs !== undefined){
let data21 = data20.cpuMs;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err31 = {instancePath:instancePath+"/transformLimits/cpuMs",schemaPath:"#/$defs/transformLimits/properties/cpuMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.cpuMs.type,parentSchema:schema53.properties.cpuMs,data:data21};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 > 60000 || isNaN(data21)){
const err32 = {instancePath:instancePath+"/transformLimits/cpuMs",schemaPath:"#/$defs/transformLimits/properties/cpuMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 60000},message:"must be <= 60000",schema:60000,parentSchema:schema53.properties.cpuMs,data:data21};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data21 < 1 || isNaN(data21)){
const err33 = {instancePath:instancePath+"/transformLimits/cpuMs",schemaPath:"#/$defs/transformLimits/properties/cpuMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema53.properties.cpuMs,data:data21};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
if(data20.memoryMiB !== undefined){
let data22 = data20.memoryMiB;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err34 = {instancePath:instancePath+"/transformLimits/memoryMiB",schemaPath:"#/$defs/transformLimits/properties/memoryMiB/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.memoryMiB.type,parentSchema:schema53.properties.memoryMiB,data:data22};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 > 1024 || isNaN(data22)){
const err35 = {instancePath:instancePath+"/transformLimits/memoryMiB",schemaPath:"#/$defs/transformLimits/properties/memoryMiB/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1024},message:"must be <= 1024",schema:1024,parentSchema:schema53.properties.memoryMiB,data:data22};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data22 < 1 || isNaN(data22)){
const err36 = {instancePath:instancePath+"/transformLimits/memoryMiB",schemaPath:"#/$defs/transformLimits/properties/memoryMiB/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema53.properties.memoryMiB,data:data22};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
if(data20.maxInputBytes !== undefined){
let data23 = data20.maxInputBytes;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err37 = {instancePath:instancePath+"/transformLimits/maxInputBytes",schemaPath:"#/$defs/transformLimits/properties/maxInputBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.maxInputBytes.type,parentSchema:schema53.properties.maxInputBytes,data:data23};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 > 67108864 || isNaN(data23)){
const err38 = {instancePath:instancePath+"/transformLimits/maxInputBytes",schemaPath:"#/$defs/transformLimits/properties/maxInputBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 67108864},message:"must be <= 67108864",schema:67108864,parentSchema:schema53.properties.maxInputBytes,data:data23};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data23 < 64 || isNaN(data23)){
const err39 = {instancePath:instancePath+"/transformLimits/maxInputBytes",schemaPath:"#/$defs/transformLimits/properties/maxInputBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 64},message:"must be >= 64",schema:64,parentSchema:schema53.properties.maxInputBytes,data:data23};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
if(data20.maxResultBytes !== undefined){
let data24 = data20.maxResultBytes;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err40 = {instancePath:instancePath+"/transformLimits/maxResultBytes",schemaPath:"#/$defs/transformLimits/properties/maxResultBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.maxResultBytes.type,parentSchema:schema53.properties.maxResultBytes,data:data24};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 64 || isNaN(data24)){
const err41 = {instancePath:instancePath+"/transformLimits/maxResultBytes",schemaPath:"#/$defs/transformLimits/properties/maxResultBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 64},message:"must be >= 64",schema:64,parentSchema:schema53.properties.maxResultBytes,data:data24};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
if(data20.maxStackBytes !== undefined){
let data25 = data20.maxStackBytes;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err42 = {instancePath:instancePath+"/transformLimits/maxStackBytes",schemaPath:"#/$defs/transformLimits/properties/maxStackBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.maxStackBytes.type,parentSchema:schema53.properties.maxStackBytes,data:data25};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 > 49152 || isNaN(data25)){
const err43 = {instancePath:instancePath+"/transformLimits/maxStackBytes",schemaPath:"#/$defs/transformLimits/properties/maxStackBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 49152},message:"must be <= 49152",schema:49152,parentSchema:schema53.properties.maxStackBytes,data:data25};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data25 < 16384 || isNaN(data25)){
const err44 = {instancePath:instancePath+"/transformLimits/maxStackBytes",schemaPath:"#/$defs/transformLimits/properties/maxStackBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 16384},message:"must be >= 16384",schema:16384,parentSchema:schema53.properties.maxStackBytes,data:data25};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
if(data20.workers !== undefined){
let data26 = data20.workers;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err45 = {instancePath:instancePath+"/transformLimits/workers",schemaPath:"#/$defs/transformLimits/properties/workers/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.workers.type,parentSchema:schema53.properties.workers,data:data26};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 > 64 || isNaN(data26)){
const err46 = {instancePath:instancePath+"/transformLimits/workers",schemaPath:"#/$defs/transformLimits/properties/workers/maximum",keyword:"maximum",params:{comparison: "<=", limit: 64},message:"must be <= 64",schema:64,parentSchema:schema53.properties.workers,data:data26};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data26 < 1 || isNaN(data26)){
const err47 = {instancePath:instancePath+"/transformLimits/workers",schemaPath:"#/$defs/transformLimits/properties/workers/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema53.properties.workers,data:data26};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
if(data20.maxQueued !== undefined){
let data27 = data20.maxQueued;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err48 = {instancePath:instancePath+"/transformLimits/maxQueued",schemaPath:"#/$defs/transformLimits/properties/maxQueued/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.maxQueued.type,parentSchema:schema53.properties.maxQueued,data:data27};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 > 100000 || isNaN(data27)){
const err49 = {instancePath:instancePath+"/transformLimits/maxQueued",schemaPath:"#/$defs/transformLimits/properties/maxQueued/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000",schema:100000,parentSchema:schema53.properties.maxQueued,data:data27};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data27 < 0 || isNaN(data27)){
const err50 = {instancePath:instancePath+"/transformLimits/maxQueued",schemaPath:"#/$defs/transformLimits/properties/maxQueued/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema53.properties.maxQueued,data:data27};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
}
else {
const err51 = {instancePath:instancePath+"/transformLimits",schemaPath:"#/$defs/transformLimits/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema53.type,parentSchema:schema53,data:data20};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.mail !== undefined){
let data28 = data.mail;
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
if(data28.model !== undefined){
let data29 = data28.model;
if(typeof data29 === "string"){
if(func3(data29) < 1){
const err52 = {instancePath:instancePath+"/mail/model",schemaPath:"#/$defs/mailConfig/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema54.properties.model,data:data29};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/mail/model",schemaPath:"#/$defs/mailConfig/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema54.properties.model.type,parentSchema:schema54.properties.model,data:data29};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data28.thinking !== undefined){
let data30 = data28.thinking;
if(typeof data30 === "string"){
if(func3(data30) < 1){
const err54 = {instancePath:instancePath+"/mail/thinking",schemaPath:"#/$defs/mailConfig/properties/thinking/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema54.properties.thinking,data:data30};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/mail/thinking",schemaPath:"#/$defs/mailConfig/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema54.properties.thinking.type,parentSchema:schema54.properties.thinking,data:data30};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data28.allowUnsafeExternalContent !== undefined){
let data31 = data28.allowUnsafeExternalContent;
if(typeof data31 !== "boolean"){
const err56 = {instancePath:instancePath+"/mail/allowUnsafeExternalContent",schemaPath:"#/$defs/mailConfig/properties/allowUnsafeExternalContent/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema54.properties.allowUnsafeExternalContent.type,parentSchema:schema54.properties.allowUnsafeExternalContent,data:data31};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
else {
const err57 = {instancePath:instancePath+"/mail",schemaPath:"#/$defs/mailConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema54.type,parentSchema:schema54,data:data28};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.gmail !== undefined){
let data32 = data.gmail;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
if(data32.model !== undefined){
let data33 = data32.model;
if(typeof data33 === "string"){
if(func3(data33) < 1){
const err58 = {instancePath:instancePath+"/gmail/model",schemaPath:"#/$defs/mailConfig/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema54.properties.model,data:data33};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/gmail/model",schemaPath:"#/$defs/mailConfig/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema54.properties.model.type,parentSchema:schema54.properties.model,data:data33};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data32.thinking !== undefined){
let data34 = data32.thinking;
if(typeof data34 === "string"){
if(func3(data34) < 1){
const err60 = {instancePath:instancePath+"/gmail/thinking",schemaPath:"#/$defs/mailConfig/properties/thinking/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema54.properties.thinking,data:data34};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/gmail/thinking",schemaPath:"#/$defs/mailConfig/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema54.properties.thinking.type,parentSchema:schema54.properties.thinking,data:data34};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data32.allowUnsafeExternalContent !== undefined){
let data35 = data32.allowUnsafeExternalContent;
if(typeof data35 !== "boolean"){
const err62 = {instancePath:instancePath+"/gmail/allowUnsafeExternalContent",schemaPath:"#/$defs/mailConfig/properties/allowUnsafeExternalContent/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema54.properties.allowUnsafeExternalContent.type,parentSchema:schema54.properties.allowUnsafeExternalContent,data:data35};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
else {
const err63 = {instancePath:instancePath+"/gmail",schemaPath:"#/$defs/mailConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema54.type,parentSchema:schema54,data:data32};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data.maxBodyBytes !== undefined){
let data36 = data.maxBodyBytes;
if(!(((typeof data36 == "number") && (!(data36 % 1) && !isNaN(data36))) && (isFinite(data36)))){
const err64 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema35.properties.maxBodyBytes.type,parentSchema:schema35.properties.maxBodyBytes,data:data36};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if((typeof data36 == "number") && (isFinite(data36))){
if(data36 > 67108864 || isNaN(data36)){
const err65 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 67108864},message:"must be <= 67108864",schema:67108864,parentSchema:schema35.properties.maxBodyBytes,data:data36};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data36 < 1 || isNaN(data36)){
const err66 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema35.properties.maxBodyBytes,data:data36};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
if(data.unauthenticatedBodyBytes !== undefined){
let data37 = data.unauthenticatedBodyBytes;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
const err67 = {instancePath:instancePath+"/unauthenticatedBodyBytes",schemaPath:"#/properties/unauthenticatedBodyBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema35.properties.unauthenticatedBodyBytes.type,parentSchema:schema35.properties.unauthenticatedBodyBytes,data:data37};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 > 1073741824 || isNaN(data37)){
const err68 = {instancePath:instancePath+"/unauthenticatedBodyBytes",schemaPath:"#/properties/unauthenticatedBodyBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1073741824},message:"must be <= 1073741824",schema:1073741824,parentSchema:schema35.properties.unauthenticatedBodyBytes,data:data37};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(data37 < 1 || isNaN(data37)){
const err69 = {instancePath:instancePath+"/unauthenticatedBodyBytes",schemaPath:"#/properties/unauthenticatedBodyBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema35.properties.unauthenticatedBodyBytes,data:data37};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
if(data.bodyTimeoutSeconds !== undefined){
let data38 = data.bodyTimeoutSeconds;
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 > 3600 || isNaN(data38)){
const err70 = {instancePath:instancePath+"/bodyTimeoutSeconds",schemaPath:"#/properties/bodyTimeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600},message:"must be <= 3600",schema:3600,parentSchema:schema35.properties.bodyTimeoutSeconds,data:data38};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data38 <= 0 || isNaN(data38)){
const err71 = {instancePath:instancePath+"/bodyTimeoutSeconds",schemaPath:"#/properties/bodyTimeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema35.properties.bodyTimeoutSeconds,data:data38};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
else {
const err72 = {instancePath:instancePath+"/bodyTimeoutSeconds",schemaPath:"#/properties/bodyTimeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema35.properties.bodyTimeoutSeconds.type,parentSchema:schema35.properties.bodyTimeoutSeconds,data:data38};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data.authFailures !== undefined){
let data39 = data.authFailures;
if(data39 && typeof data39 == "object" && !Array.isArray(data39)){
for(const key4 in data39){
if(!((((key4 === "max") || (key4 === "windowSeconds")) || (key4 === "lockSeconds")) || (key4 === "maxTrackedAddresses"))){
const err73 = {instancePath:instancePath+"/authFailures",schemaPath:"#/$defs/authFailures/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema56,data:data39};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data39.max !== undefined){
let data40 = data39.max;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
const err74 = {instancePath:instancePath+"/authFailures/max",schemaPath:"#/$defs/authFailures/properties/max/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema56.properties.max.type,parentSchema:schema56.properties.max,data:data40};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 1 || isNaN(data40)){
const err75 = {instancePath:instancePath+"/authFailures/max",schemaPath:"#/$defs/authFailures/properties/max/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema56.properties.max,data:data40};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
if(data39.windowSeconds !== undefined){
let data41 = data39.windowSeconds;
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 <= 0 || isNaN(data41)){
const err76 = {instancePath:instancePath+"/authFailures/windowSeconds",schemaPath:"#/$defs/authFailures/properties/windowSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema56.properties.windowSeconds,data:data41};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
else {
const err77 = {instancePath:instancePath+"/authFailures/windowSeconds",schemaPath:"#/$defs/authFailures/properties/windowSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema56.properties.windowSeconds.type,parentSchema:schema56.properties.windowSeconds,data:data41};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data39.lockSeconds !== undefined){
let data42 = data39.lockSeconds;
if((typeof data42 == "number") && (isFinite(data42))){
if(data42 <= 0 || isNaN(data42)){
const err78 = {instancePath:instancePath+"/authFailures/lockSeconds",schemaPath:"#/$defs/authFailures/properties/lockSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema56.properties.lockSeconds,data:data42};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/authFailures/lockSeconds",schemaPath:"#/$defs/authFailures/properties/lockSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema56.properties.lockSeconds.type,parentSchema:schema56.properties.lockSeconds,data:data42};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data39.maxTrackedAddresses !== undefined){
let data43 = data39.maxTrackedAddresses;
if(!(((typeof data43 == "number") && (!(data43 % 1) && !isNaN(data43))) && (isFinite(data43)))){
const err80 = {instancePath:instancePath+"/authFailures/maxTrackedAddresses",schemaPath:"#/$defs/authFailures/properties/maxTrackedAddresses/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema56.properties.maxTrackedAddresses.type,parentSchema:schema56.properties.maxTrackedAddresses,data:data43};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data43 == "number") && (isFinite(data43))){
if(data43 < 1 || isNaN(data43)){
const err81 = {instancePath:instancePath+"/authFailures/maxTrackedAddresses",schemaPath:"#/$defs/authFailures/properties/maxTrackedAddresses/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema56.properties.maxTrackedAddresses,data:data43};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
}
else {
const err82 = {instancePath:instancePath+"/authFailures",schemaPath:"#/$defs/authFailures/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema56.type,parentSchema:schema56,data:data39};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data.sessionMode !== undefined){
let data44 = data.sessionMode;
if(!((data44 === "persistent") || (data44 === "isolated"))){
const err83 = {instancePath:instancePath+"/sessionMode",schemaPath:"#/$defs/sessionMode/enum",keyword:"enum",params:{allowedValues: schema38.enum},message:"must be equal to one of the allowed values",schema:schema38.enum,parentSchema:schema38,data:data44};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data.idempotencyTtlSeconds !== undefined){
let data45 = data.idempotencyTtlSeconds;
if(!(((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45))) && (isFinite(data45)))){
const err84 = {instancePath:instancePath+"/idempotencyTtlSeconds",schemaPath:"#/properties/idempotencyTtlSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema35.properties.idempotencyTtlSeconds.type,parentSchema:schema35.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if((typeof data45 == "number") && (isFinite(data45))){
if(data45 < 1 || isNaN(data45)){
const err85 = {instancePath:instancePath+"/idempotencyTtlSeconds",schemaPath:"#/properties/idempotencyTtlSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema35.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
}
if(data.lanes !== undefined){
let data46 = data.lanes;
if(data46 && typeof data46 == "object" && !Array.isArray(data46)){
for(const key5 in data46){
const _errs106 = errors;
if(typeof key5 === "string"){
if(!pattern10.test(key5)){
const err86 = {instancePath:instancePath+"/lanes",schemaPath:"#/$defs/laneName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"+"\"",schema:"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",parentSchema:schema48,data:key5,propertyName:key5};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/lanes",schemaPath:"#/$defs/laneName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema48.type,parentSchema:schema48,data:key5,propertyName:key5};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
var valid25 = _errs106 === errors;
if(!valid25){
const err88 = {instancePath:instancePath+"/lanes",schemaPath:"#/properties/lanes/propertyNames",keyword:"propertyNames",params:{propertyName: key5},message:"property name must be valid",schema:schema35.properties.lanes.propertyNames,parentSchema:schema35.properties.lanes,data:data46};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
for(const key6 in data46){
let data47 = data46[key6];
if(data47 && typeof data47 == "object" && !Array.isArray(data47)){
for(const key7 in data47){
if(!(key7 === "concurrency")){
const err89 = {instancePath:instancePath+"/lanes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/lane/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties",schema:false,parentSchema:schema59,data:data47};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data47.concurrency !== undefined){
let data48 = data47.concurrency;
if(!(((typeof data48 == "number") && (!(data48 % 1) && !isNaN(data48))) && (isFinite(data48)))){
const err90 = {instancePath:instancePath+"/lanes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/concurrency",schemaPath:"#/$defs/lane/properties/concurrency/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema59.properties.concurrency.type,parentSchema:schema59.properties.concurrency,data:data48};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if((typeof data48 == "number") && (isFinite(data48))){
if(data48 > 1000 || isNaN(data48)){
const err91 = {instancePath:instancePath+"/lanes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/concurrency",schemaPath:"#/$defs/lane/properties/concurrency/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema59.properties.concurrency,data:data48};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(data48 < 1 || isNaN(data48)){
const err92 = {instancePath:instancePath+"/lanes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/concurrency",schemaPath:"#/$defs/lane/properties/concurrency/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema59.properties.concurrency,data:data48};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
}
}
else {
const err93 = {instancePath:instancePath+"/lanes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/lane/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema59.type,parentSchema:schema59,data:data47};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
}
else {
const err94 = {instancePath:instancePath+"/lanes",schemaPath:"#/properties/lanes/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.properties.lanes.type,parentSchema:schema35.properties.lanes,data:data46};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
}
else {
const err95 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.type,parentSchema:schema35,data};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema60 = {"title":"AgentsConfig","type":"object","description":"Agents that run hook turns and the main session.","additionalProperties":false,"properties":{"defaults":{"$ref":"#/$defs/agentDefaults"},"list":{"type":"array","items":{"$ref":"#/$defs/agent"},"description":"Agents by id. The one with default: true (else the first) is the default agent, whose standing conversation is the main session."}}};
const schema61 = {"title":"AgentDefaults","type":"object","description":"Settings every agent inherits.","additionalProperties":false,"properties":{"model":{"type":"string","minLength":1,"description":"Default model, provider/model (or an alias of agents.defaults.models)."},"models":{"type":"object","description":"Allowed models, keyed provider/model. Present and non-empty: requests may only pick these (by key or alias), unless modelPolicy.allow decides instead. Absent: any model.","propertyNames":{"pattern":"^[^/\\s]+/\\S+$"},"additionalProperties":{"$ref":"#/$defs/modelEntry"}},"modelPolicy":{"title":"ModelPolicy","type":"object","description":"OpenClaw's model policy: an allowlist apart from agents.defaults.models, which then only gives aliases.","additionalProperties":false,"properties":{"allow":{"type":"array","items":{"type":"string","minLength":1},"description":"Models requests may pick: provider/model keys, aliases of agents.defaults.models, provider/* for every model of a provider, or * for any. Empty or omitted: the keys of agents.defaults.models decide (any model when there are none)."}}},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"default":600,"description":"Default maximum duration of one agent run, in seconds."},"thinking":{"type":"string","minLength":1,"description":"Default thinking level (for example low)."},"maxConcurrentRuns":{"type":"integer","minimum":1,"maximum":256,"default":4,"description":"Agent runs executed at the same time."},"transcriptTurns":{"type":"integer","minimum":0,"maximum":1000,"default":20,"description":"How many earlier messages of a session are sent with a new turn."}}};
const schema62 = {"title":"ModelEntry","type":"object","additionalProperties":false,"properties":{"alias":{"type":"string","pattern":"^[^/\\s]+$","description":"Short name usable in requests instead of provider/model; unique across models."}}};
const pattern14 = new RegExp("^[^/\\s]+/\\S+$", "u");
const pattern15 = new RegExp("^[^/\\s]+$", "u");

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate38.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((((((key0 === "model") || (key0 === "models")) || (key0 === "modelPolicy")) || (key0 === "timeoutSeconds")) || (key0 === "thinking")) || (key0 === "maxConcurrentRuns")) || (key0 === "transcriptTurns"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema61,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.model !== undefined){
let data0 = data.model;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err1 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema61.properties.model,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema61.properties.model.type,parentSchema:schema61.properties.model,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.models !== undefined){
let data1 = data.models;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
for(const key1 in data1){
const _errs6 = errors;
if(typeof key1 === "string"){
if(!pattern14.test(key1)){
const err3 = {instancePath:instancePath+"/models",schemaPath:"#/properties/models/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[^/\\s]+/\\S+$"},message:"must match pattern \""+"^[^/\\s]+/\\S+$"+"\"",schema:"^[^/\\s]+/\\S+$",parentSchema:schema61.properties.models.propertyNames,data:key1,propertyName:key1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var valid1 = _errs6 === errors;
if(!valid1){
const err4 = {instancePath:instancePath+"/models",schemaPath:"#/properties/models/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid",schema:schema61.properties.models.propertyNames,parentSchema:schema61.properties.models,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
for(const key2 in data1){
let data2 = data1[key2];
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key3 in data2){
if(!(key3 === "alias")){
const err5 = {instancePath:instancePath+"/models/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/modelEntry/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema62,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data2.alias !== undefined){
let data3 = data2.alias;
if(typeof data3 === "string"){
if(!pattern15.test(data3)){
const err6 = {instancePath:instancePath+"/models/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/alias",schemaPath:"#/$defs/modelEntry/properties/alias/pattern",keyword:"pattern",params:{pattern: "^[^/\\s]+$"},message:"must match pattern \""+"^[^/\\s]+$"+"\"",schema:"^[^/\\s]+$",parentSchema:schema62.properties.alias,data:data3};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/models/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/alias",schemaPath:"#/$defs/modelEntry/properties/alias/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema62.properties.alias.type,parentSchema:schema62.properties.alias,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/models/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/modelEntry/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema62.type,parentSchema:schema62,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/models",schemaPath:"#/properties/models/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema61.properties.models.type,parentSchema:schema61.properties.models,data:data1};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.modelPolicy !== undefined){
let data4 = data.modelPolicy;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
for(const key4 in data4){
if(!(key4 === "allow")){
const err10 = {instancePath:instancePath+"/modelPolicy",schemaPath:"#/properties/modelPolicy/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema61.properties.modelPolicy,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data4.allow !== undefined){
let data5 = data4.allow;
if(Array.isArray(data5)){
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
if(typeof data6 === "string"){
if(func3(data6) < 1){
const err11 = {instancePath:instancePath+"/modelPolicy/allow/" + i0,schemaPath:"#/properties/modelPolicy/properties/allow/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema61.properties.modelPolicy.properties.allow.items,data:data6};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/modelPolicy/allow/" + i0,schemaPath:"#/properties/modelPolicy/properties/allow/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema61.properties.modelPolicy.properties.allow.items.type,parentSchema:schema61.properties.modelPolicy.properties.allow.items,data:data6};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/modelPolicy/allow",schemaPath:"#/properties/modelPolicy/properties/allow/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema61.properties.modelPolicy.properties.allow.type,parentSchema:schema61.properties.modelPolicy.properties.allow,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/modelPolicy",schemaPath:"#/properties/modelPolicy/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema61.properties.modelPolicy.type,parentSchema:schema61.properties.modelPolicy,data:data4};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data7 = data.timeoutSeconds;
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 86400 || isNaN(data7)){
const err15 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema61.properties.timeoutSeconds,data:data7};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data7 <= 0 || isNaN(data7)){
const err16 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema61.properties.timeoutSeconds,data:data7};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema61.properties.timeoutSeconds.type,parentSchema:schema61.properties.timeoutSeconds,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.thinking !== undefined){
let data8 = data.thinking;
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err18 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema61.properties.thinking,data:data8};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema61.properties.thinking.type,parentSchema:schema61.properties.thinking,data:data8};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.maxConcurrentRuns !== undefined){
let data9 = data.maxConcurrentRuns;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err20 = {instancePath:instancePath+"/maxConcurrentRuns",schemaPath:"#/properties/maxConcurrentRuns/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema61.properties.maxConcurrentRuns.type,parentSchema:schema61.properties.maxConcurrentRuns,data:data9};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 256 || isNaN(data9)){
const err21 = {instancePath:instancePath+"/maxConcurrentRuns",schemaPath:"#/properties/maxConcurrentRuns/maximum",keyword:"maximum",params:{comparison: "<=", limit: 256},message:"must be <= 256",schema:256,parentSchema:schema61.properties.maxConcurrentRuns,data:data9};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data9 < 1 || isNaN(data9)){
const err22 = {instancePath:instancePath+"/maxConcurrentRuns",schemaPath:"#/properties/maxConcurrentRuns/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema61.properties.maxConcurrentRuns,data:data9};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
if(data.transcriptTurns !== undefined){
let data10 = data.transcriptTurns;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err23 = {instancePath:instancePath+"/transcriptTurns",schemaPath:"#/properties/transcriptTurns/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema61.properties.transcriptTurns.type,parentSchema:schema61.properties.transcriptTurns,data:data10};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 1000 || isNaN(data10)){
const err24 = {instancePath:instancePath+"/transcriptTurns",schemaPath:"#/properties/transcriptTurns/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema61.properties.transcriptTurns,data:data10};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data10 < 0 || isNaN(data10)){
const err25 = {instancePath:instancePath+"/transcriptTurns",schemaPath:"#/properties/transcriptTurns/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema61.properties.transcriptTurns,data:data10};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
}
else {
const err26 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema61.type,parentSchema:schema61,data};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
validate38.errors = vErrors;
return errors === 0;
}
validate38.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema63 = {"title":"Agent","type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","pattern":"^[A-Za-z0-9_.-]+$","description":"Agent id used by agentId routing; ids compare case-insensitively (OPS and ops are one agent) and are lower-cased at load."},"name":{"type":"string","description":"Display name."},"default":{"type":"boolean","description":"Marks the default agent (at most one)."},"runner":{"$ref":"#/$defs/runner"},"systemPrompt":{"type":"string","description":"System prompt of this agent."},"systemPromptFile":{"type":"string","minLength":1,"description":"File holding the system prompt, relative to the config file (instead of systemPrompt)."},"model":{"type":"string","minLength":1,"description":"Default model of this agent (overrides agents.defaults.model)."},"thinking":{"type":"string","minLength":1,"description":"Default thinking level of this agent."},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Default run timeout of this agent, in seconds."}}};
const schema64 = {"title":"RunnerConfig","type":"object","description":"How the agent produces a reply. Default: echo.","additionalProperties":false,"required":["kind"],"properties":{"kind":{"enum":["llm","command","echo","openclaw","http","a2a"],"description":"llm: OpenAI-compatible Chat Completions at the model's provider. command: a program (message on stdin, reply on stdout). echo: built in, deterministic, for demos and tests. openclaw: hands the run to an OpenClaw gateway's hooks (POST {url}{path}/agent), which runs the agent and delivers its reply itself. http: a POST signed per Standard Webhooks to an agent of your own, which answers {reply} at once or later at the run's callback URL. a2a: an A2A 1.0 agent over JSON-RPC (SendMessage with messageId = the run id and contextId = the session key; a task still working is followed with GetTask)."},"command":{"type":"array","items":{"type":"string"},"minItems":1,"description":"argv of the program for kind command (no shell); relative program paths resolve against the config file."},"env":{"type":"object","additionalProperties":{"type":"string"},"description":"Extra environment variables for kind command."},"cwd":{"type":"string","description":"Working directory for kind command, relative to the config file."},"url":{"type":"string","format":"uri","pattern":"^[Hh][Tt][Tt][Pp][Ss]?://","description":"For kind openclaw: the gateway's address, for example http://127.0.0.1:18789 (its hooks path is added from path). For kind http: the agent's URL, where each run is POSTed. For kind a2a: the agent's JSON-RPC endpoint (the url of its agent card's JSONRPC interface), for example https://agents.example.com/a2a."},"token":{"type":"string","minLength":1,"description":"For kind openclaw: the gateway's hooks.token, sent as Authorization: Bearer <token>. Use ${ENV_NAME} or ${file:PATH} rather than writing it into the file."},"agentId":{"type":"string","minLength":1,"description":"For kind openclaw: the gateway's agent that runs the turn (default: this agent's id)."},"secret":{"type":"string","minLength":1,"description":"For kind http: the Standard Webhooks signing secret (whsec_<base64>, or any string used as it is) the agent verifies each request with. Use ${ENV_NAME} or ${file:PATH}."},"headers":{"type":"object","additionalProperties":{"type":"string"},"description":"For kind http and a2a: extra headers sent with each request (for example Authorization: \"Bearer ${A2A_TOKEN}\"); their values never appear in errors, logs or run records."},"callbackBaseUrl":{"type":"string","format":"uri","pattern":"^[Hh][Tt][Tt][Pp][Ss]?://","description":"For kind http: hookgate's address as the agent reaches it (for example http://hookgate.internal:18789). With it each run carries a callbackUrl under hooks.path, and the agent may answer 202 and POST {reply} or {error} there later; without it a 202 fails the run."},"path":{"type":"string","pattern":"^/","default":"/hooks","description":"For kind openclaw: the gateway's hooks.path."}},"if":{"properties":{"kind":{"const":"command"}}},"then":{"required":["kind","command"]},"else":{"if":{"properties":{"kind":{"const":"openclaw"}}},"then":{"required":["kind","url","token"]},"else":{"if":{"properties":{"kind":{"const":"http"}}},"then":{"required":["kind","url","secret"]},"else":{"if":{"properties":{"kind":{"const":"a2a"}}},"then":{"required":["kind","url"]}}}}};
const pattern16 = new RegExp("^[A-Za-z0-9_.-]+$", "u");
const pattern17 = new RegExp("^[Hh][Tt][Tt][Pp][Ss]?://", "u");
const pattern19 = new RegExp("^/", "u");
const formats0 = require("ajv-formats/dist/formats").fullFormats.uri;

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate40.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'",schema:schema63.required,parentSchema:schema63,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema63.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema63,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern16.test(data0)){
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]+$"+"\"",schema:"^[A-Za-z0-9_.-]+$",parentSchema:schema63.properties.id,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema63.properties.id.type,parentSchema:schema63.properties.id,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 !== "string"){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema63.properties.name.type,parentSchema:schema63.properties.name,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.default !== undefined){
let data2 = data.default;
if(typeof data2 !== "boolean"){
const err5 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema63.properties.default.type,parentSchema:schema63.properties.default,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.runner !== undefined){
let data3 = data.runner;
const _errs11 = errors;
let valid2 = true;
const _errs12 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind !== undefined){
if("command" !== data3.kind){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
var _valid0 = _errs12 === errors;
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs14 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind === undefined){
const err7 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/then/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema64.then.required,parentSchema:schema64.then,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3.command === undefined){
const err8 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/then/required",keyword:"required",params:{missingProperty: "command"},message:"must have required property '"+"command"+"'",schema:schema64.then.required,parentSchema:schema64.then,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
var _valid0 = _errs14 === errors;
valid2 = _valid0;
ifClause0 = "then";
}
else {
const _errs15 = errors;
const _errs16 = errors;
let valid4 = true;
const _errs17 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind !== undefined){
if("openclaw" !== data3.kind){
const err9 = {};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
var _valid1 = _errs17 === errors;
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
let ifClause1;
if(_valid1){
const _errs19 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind === undefined){
const err10 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/then/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema64.else.then.required,parentSchema:schema64.else.then,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data3.url === undefined){
const err11 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/then/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema64.else.then.required,parentSchema:schema64.else.then,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data3.token === undefined){
const err12 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/then/required",keyword:"required",params:{missingProperty: "token"},message:"must have required property '"+"token"+"'",schema:schema64.else.then.required,parentSchema:schema64.else.then,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var _valid1 = _errs19 === errors;
valid4 = _valid1;
ifClause1 = "then";
}
else {
const _errs20 = errors;
const _errs21 = errors;
let valid6 = true;
const _errs22 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind !== undefined){
if("http" !== data3.kind){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
var _valid2 = _errs22 === errors;
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
let ifClause2;
if(_valid2){
const _errs24 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind === undefined){
const err14 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/else/then/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema64.else.else.then.required,parentSchema:schema64.else.else.then,data:data3};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data3.url === undefined){
const err15 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/else/then/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema64.else.else.then.required,parentSchema:schema64.else.else.then,data:data3};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data3.secret === undefined){
const err16 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/else/then/required",keyword:"required",params:{missingProperty: "secret"},message:"must have required property '"+"secret"+"'",schema:schema64.else.else.then.required,parentSchema:schema64.else.else.then,data:data3};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
var _valid2 = _errs24 === errors;
valid6 = _valid2;
ifClause2 = "then";
}
else {
const _errs25 = errors;
const _errs26 = errors;
let valid8 = true;
const _errs27 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind !== undefined){
if("a2a" !== data3.kind){
const err17 = {};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
var _valid3 = _errs27 === errors;
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
if(_valid3){
const _errs29 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind === undefined){
const err18 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/else/else/then/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema64.else.else.else.then.required,parentSchema:schema64.else.else.else.then,data:data3};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data3.url === undefined){
const err19 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/else/else/then/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema64.else.else.else.then.required,parentSchema:schema64.else.else.else.then,data:data3};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
var _valid3 = _errs29 === errors;
valid8 = _valid3;
}
if(!valid8){
const err20 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/else/else/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema",schema:schema64.else.else.else.if,parentSchema:schema64.else.else.else,data:data3};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid2 = _errs25 === errors;
valid6 = _valid2;
if(valid6){
var props0 = {};
props0.kind = true;
}
ifClause2 = "else";
}
if(!valid6){
const err21 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/else/if",keyword:"if",params:{failingKeyword: ifClause2},message:"must match \""+ifClause2+"\" schema",schema:schema64.else.else.if,parentSchema:schema64.else.else,data:data3};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid1 = _errs20 === errors;
valid4 = _valid1;
if(valid4){
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
ifClause1 = "else";
}
if(!valid4){
const err22 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/else/if",keyword:"if",params:{failingKeyword: ifClause1},message:"must match \""+ifClause1+"\" schema",schema:schema64.else.if,parentSchema:schema64.else,data:data3};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid0 = _errs15 === errors;
valid2 = _valid0;
if(valid2){
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
ifClause0 = "else";
}
if(!valid2){
const err23 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema",schema:schema64.if,parentSchema:schema64,data:data3};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.kind === undefined){
const err24 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema64.required,parentSchema:schema64,data:data3};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key1 in data3){
if(!(func1.call(schema64.properties, key1))){
const err25 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema64,data:data3};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data3.kind !== undefined){
let data8 = data3.kind;
if(!((((((data8 === "llm") || (data8 === "command")) || (data8 === "echo")) || (data8 === "openclaw")) || (data8 === "http")) || (data8 === "a2a"))){
const err26 = {instancePath:instancePath+"/runner/kind",schemaPath:"#/$defs/runner/properties/kind/enum",keyword:"enum",params:{allowedValues: schema64.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema64.properties.kind.enum,parentSchema:schema64.properties.kind,data:data8};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data3.command !== undefined){
let data9 = data3.command;
if(Array.isArray(data9)){
if(data9.length < 1){
const err27 = {instancePath:instancePath+"/runner/command",schemaPath:"#/$defs/runner/properties/command/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema64.properties.command,data:data9};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
let data10 = data9[i0];
if(typeof data10 !== "string"){
const err28 = {instancePath:instancePath+"/runner/command/" + i0,schemaPath:"#/$defs/runner/properties/command/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.command.items.type,parentSchema:schema64.properties.command.items,data:data10};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/runner/command",schemaPath:"#/$defs/runner/properties/command/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema64.properties.command.type,parentSchema:schema64.properties.command,data:data9};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data3.env !== undefined){
let data11 = data3.env;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key2 in data11){
let data12 = data11[key2];
if(typeof data12 !== "string"){
const err30 = {instancePath:instancePath+"/runner/env/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/runner/properties/env/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.env.additionalProperties.type,parentSchema:schema64.properties.env.additionalProperties,data:data12};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/runner/env",schemaPath:"#/$defs/runner/properties/env/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema64.properties.env.type,parentSchema:schema64.properties.env,data:data11};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data3.cwd !== undefined){
let data13 = data3.cwd;
if(typeof data13 !== "string"){
const err32 = {instancePath:instancePath+"/runner/cwd",schemaPath:"#/$defs/runner/properties/cwd/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.cwd.type,parentSchema:schema64.properties.cwd,data:data13};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data3.url !== undefined){
let data14 = data3.url;
if(typeof data14 === "string"){
if(!pattern17.test(data14)){
const err33 = {instancePath:instancePath+"/runner/url",schemaPath:"#/$defs/runner/properties/url/pattern",keyword:"pattern",params:{pattern: "^[Hh][Tt][Tt][Pp][Ss]?://"},message:"must match pattern \""+"^[Hh][Tt][Tt][Pp][Ss]?://"+"\"",schema:"^[Hh][Tt][Tt][Pp][Ss]?://",parentSchema:schema64.properties.url,data:data14};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(!(formats0(data14))){
const err34 = {instancePath:instancePath+"/runner/url",schemaPath:"#/$defs/runner/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema64.properties.url,data:data14};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/runner/url",schemaPath:"#/$defs/runner/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.url.type,parentSchema:schema64.properties.url,data:data14};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data3.token !== undefined){
let data15 = data3.token;
if(typeof data15 === "string"){
if(func3(data15) < 1){
const err36 = {instancePath:instancePath+"/runner/token",schemaPath:"#/$defs/runner/properties/token/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema64.properties.token,data:data15};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/runner/token",schemaPath:"#/$defs/runner/properties/token/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.token.type,parentSchema:schema64.properties.token,data:data15};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data3.agentId !== undefined){
let data16 = data3.agentId;
if(typeof data16 === "string"){
if(func3(data16) < 1){
const err38 = {instancePath:instancePath+"/runner/agentId",schemaPath:"#/$defs/runner/properties/agentId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema64.properties.agentId,data:data16};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/runner/agentId",schemaPath:"#/$defs/runner/properties/agentId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.agentId.type,parentSchema:schema64.properties.agentId,data:data16};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data3.secret !== undefined){
let data17 = data3.secret;
if(typeof data17 === "string"){
if(func3(data17) < 1){
const err40 = {instancePath:instancePath+"/runner/secret",schemaPath:"#/$defs/runner/properties/secret/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema64.properties.secret,data:data17};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/runner/secret",schemaPath:"#/$defs/runner/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.secret.type,parentSchema:schema64.properties.secret,data:data17};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data3.headers !== undefined){
let data18 = data3.headers;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
for(const key3 in data18){
let data19 = data18[key3];
if(typeof data19 !== "string"){
const err42 = {instancePath:instancePath+"/runner/headers/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/runner/properties/headers/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.headers.additionalProperties.type,parentSchema:schema64.properties.headers.additionalProperties,data:data19};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath:instancePath+"/runner/headers",schemaPath:"#/$defs/runner/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema64.properties.headers.type,parentSchema:schema64.properties.headers,data:data18};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data3.callbackBaseUrl !== undefined){
let data20 = data3.callbackBaseUrl;
if(typeof data20 === "string"){
if(!pattern17.test(data20)){
const err44 = {instancePath:instancePath+"/runner/callbackBaseUrl",schemaPath:"#/$defs/runner/properties/callbackBaseUrl/pattern",keyword:"pattern",params:{pattern: "^[Hh][Tt][Tt][Pp][Ss]?://"},message:"must match pattern \""+"^[Hh][Tt][Tt][Pp][Ss]?://"+"\"",schema:"^[Hh][Tt][Tt][Pp][Ss]?://",parentSchema:schema64.properties.callbackBaseUrl,data:data20};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(!(formats0(data20))){
const err45 = {instancePath:instancePath+"/runner/callbackBaseUrl",schemaPath:"#/$defs/runner/properties/callbackBaseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema64.properties.callbackBaseUrl,data:data20};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/runner/callbackBaseUrl",schemaPath:"#/$defs/runner/properties/callbackBaseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.callbackBaseUrl.type,parentSchema:schema64.properties.callbackBaseUrl,data:data20};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data3.path !== undefined){
let data21 = data3.path;
if(typeof data21 === "string"){
if(!pattern19.test(data21)){
const err47 = {instancePath:instancePath+"/runner/path",schemaPath:"#/$defs/runner/properties/path/pattern",keyword:"pattern",params:{pattern: "^/"},message:"must match pattern \""+"^/"+"\"",schema:"^/",parentSchema:schema64.properties.path,data:data21};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/runner/path",schemaPath:"#/$defs/runner/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema64.properties.path.type,parentSchema:schema64.properties.path,data:data21};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/runner",schemaPath:"#/$defs/runner/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema64.type,parentSchema:schema64,data:data3};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.systemPrompt !== undefined){
let data22 = data.systemPrompt;
if(typeof data22 !== "string"){
const err50 = {instancePath:instancePath+"/systemPrompt",schemaPath:"#/properties/systemPrompt/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema63.properties.systemPrompt.type,parentSchema:schema63.properties.systemPrompt,data:data22};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.systemPromptFile !== undefined){
let data23 = data.systemPromptFile;
if(typeof data23 === "string"){
if(func3(data23) < 1){
const err51 = {instancePath:instancePath+"/systemPromptFile",schemaPath:"#/properties/systemPromptFile/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema63.properties.systemPromptFile,data:data23};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/systemPromptFile",schemaPath:"#/properties/systemPromptFile/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema63.properties.systemPromptFile.type,parentSchema:schema63.properties.systemPromptFile,data:data23};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.model !== undefined){
let data24 = data.model;
if(typeof data24 === "string"){
if(func3(data24) < 1){
const err53 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema63.properties.model,data:data24};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema63.properties.model.type,parentSchema:schema63.properties.model,data:data24};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.thinking !== undefined){
let data25 = data.thinking;
if(typeof data25 === "string"){
if(func3(data25) < 1){
const err55 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema63.properties.thinking,data:data25};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema63.properties.thinking.type,parentSchema:schema63.properties.thinking,data:data25};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data26 = data.timeoutSeconds;
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 > 86400 || isNaN(data26)){
const err57 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema63.properties.timeoutSeconds,data:data26};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(data26 <= 0 || isNaN(data26)){
const err58 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema63.properties.timeoutSeconds,data:data26};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema63.properties.timeoutSeconds.type,parentSchema:schema63.properties.timeoutSeconds,data:data26};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema63.type,parentSchema:schema63,data};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}
validate40.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "defaults") || (key0 === "list"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema60,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.defaults !== undefined){
if(!(validate38(data.defaults, {instancePath:instancePath+"/defaults",parentData:data,parentDataProperty:"defaults",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
errors = vErrors.length;
}
}
if(data.list !== undefined){
let data1 = data.list;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate40(data1[i0], {instancePath:instancePath+"/list/" + i0,parentData:data1,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);
errors = vErrors.length;
}
}
}
else {
const err1 = {instancePath:instancePath+"/list",schemaPath:"#/properties/list/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema60.properties.list.type,parentSchema:schema60.properties.list,data:data1};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema60.type,parentSchema:schema60,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}
validate37.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema66 = {"title":"ChannelsConfig","type":"object","description":"Chat channels replies can be delivered to. Only configured channels may be named in requests.","additionalProperties":false,"properties":{"whatsapp":{"$ref":"#/$defs/whatsappChannel"},"telegram":{"$ref":"#/$defs/telegramChannel"},"discord":{"$ref":"#/$defs/discordChannel"},"slack":{"$ref":"#/$defs/slackChannel"},"mattermost":{"$ref":"#/$defs/mattermostChannel"},"signal":{"$ref":"#/$defs/signalChannel"},"imessage":{"$ref":"#/$defs/imessageChannel"},"msteams":{"$ref":"#/$defs/msteamsChannel"}}};
const schema67 = {"title":"WhatsappChannel","type":"object","description":"WhatsApp Cloud API.","additionalProperties":false,"required":["accessToken","phoneNumberId"],"properties":{"accessToken":{"type":"string","minLength":1,"description":"Cloud API access token."},"phoneNumberId":{"type":"string","minLength":1,"description":"Sender phone number id."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://graph.facebook.com/v21.0","description":"Graph API base URL (with version)."},"defaultTo":{"type":"string","minLength":1,"description":"Default recipient phone number."}}};
const schema68 = {"title":"TelegramChannel","type":"object","description":"Telegram Bot API.","additionalProperties":false,"required":["botToken"],"properties":{"botToken":{"type":"string","minLength":1,"description":"Bot token from @BotFather."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://api.telegram.org","description":"Bot API base URL (a local Bot API server works too)."},"defaultTo":{"type":"string","minLength":1,"description":"Default chat id."}}};
const schema69 = {"title":"DiscordChannel","type":"object","description":"Discord REST API with a bot token.","additionalProperties":false,"required":["botToken"],"properties":{"botToken":{"type":"string","minLength":1,"description":"Bot token (sent as Authorization: Bot ...)."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://discord.com/api/v10","description":"REST API base URL."},"defaultTo":{"type":"string","minLength":1,"description":"Default channel id."}}};
const schema70 = {"title":"SlackChannel","type":"object","description":"Slack Web API with a bot token.","additionalProperties":false,"required":["botToken"],"properties":{"botToken":{"type":"string","minLength":1,"description":"Bot token (xoxb-...)."},"apiBaseUrl":{"type":"string","format":"uri","default":"https://slack.com/api","description":"Web API base URL."},"defaultTo":{"type":"string","minLength":1,"description":"Default channel id."}}};
const schema71 = {"title":"MattermostChannel","type":"object","description":"Mattermost REST API v4.","additionalProperties":false,"required":["baseUrl","token"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"Server URL (for example https://chat.example.com)."},"token":{"type":"string","minLength":1,"description":"Bot or personal access token."},"defaultTo":{"type":"string","minLength":1,"description":"Default channel id."}}};
const schema72 = {"title":"SignalChannel","type":"object","description":"signal-cli REST API.","additionalProperties":false,"required":["baseUrl","number"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"signal-cli-rest-api URL (for example http://127.0.0.1:8080)."},"number":{"type":"string","minLength":1,"description":"Registered sender number."},"defaultTo":{"type":"string","minLength":1,"description":"Default recipient number."}}};
const schema73 = {"title":"ImessageChannel","type":"object","description":"iMessage through a BlueBubbles server.","additionalProperties":false,"required":["baseUrl","password"],"properties":{"baseUrl":{"type":"string","format":"uri","description":"BlueBubbles server URL."},"password":{"type":"string","minLength":1,"description":"BlueBubbles server password."},"defaultTo":{"type":"string","minLength":1,"description":"Default chat guid (for example iMessage;-;+15551234567)."}}};
const schema74 = {"title":"MsteamsChannel","type":"object","description":"Microsoft Teams incoming webhooks / Workflows URLs, one per conversation id.","additionalProperties":false,"required":["webhooks"],"properties":{"webhooks":{"type":"object","minProperties":1,"additionalProperties":{"type":"string","format":"uri"},"description":"Map of conversation id to its webhook URL."},"defaultTo":{"type":"string","minLength":1,"description":"Default conversation id (a key of webhooks)."}}};

function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate43.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((((((key0 === "whatsapp") || (key0 === "telegram")) || (key0 === "discord")) || (key0 === "slack")) || (key0 === "mattermost")) || (key0 === "signal")) || (key0 === "imessage")) || (key0 === "msteams"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema66,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.whatsapp !== undefined){
let data0 = data.whatsapp;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.accessToken === undefined){
const err1 = {instancePath:instancePath+"/whatsapp",schemaPath:"#/$defs/whatsappChannel/required",keyword:"required",params:{missingProperty: "accessToken"},message:"must have required property '"+"accessToken"+"'",schema:schema67.required,parentSchema:schema67,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0.phoneNumberId === undefined){
const err2 = {instancePath:instancePath+"/whatsapp",schemaPath:"#/$defs/whatsappChannel/required",keyword:"required",params:{missingProperty: "phoneNumberId"},message:"must have required property '"+"phoneNumberId"+"'",schema:schema67.required,parentSchema:schema67,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key1 in data0){
if(!((((key1 === "accessToken") || (key1 === "phoneNumberId")) || (key1 === "apiBaseUrl")) || (key1 === "defaultTo"))){
const err3 = {instancePath:instancePath+"/whatsapp",schemaPath:"#/$defs/whatsappChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema67,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data0.accessToken !== undefined){
let data1 = data0.accessToken;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err4 = {instancePath:instancePath+"/whatsapp/accessToken",schemaPath:"#/$defs/whatsappChannel/properties/accessToken/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema67.properties.accessToken,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/whatsapp/accessToken",schemaPath:"#/$defs/whatsappChannel/properties/accessToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema67.properties.accessToken.type,parentSchema:schema67.properties.accessToken,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data0.phoneNumberId !== undefined){
let data2 = data0.phoneNumberId;
if(typeof data2 === "string"){
if(func3(data2) < 1){
const err6 = {instancePath:instancePath+"/whatsapp/phoneNumberId",schemaPath:"#/$defs/whatsappChannel/properties/phoneNumberId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema67.properties.phoneNumberId,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/whatsapp/phoneNumberId",schemaPath:"#/$defs/whatsappChannel/properties/phoneNumberId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema67.properties.phoneNumberId.type,parentSchema:schema67.properties.phoneNumberId,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data0.apiBaseUrl !== undefined){
let data3 = data0.apiBaseUrl;
if(typeof data3 === "string"){
if(!(formats0(data3))){
const err8 = {instancePath:instancePath+"/whatsapp/apiBaseUrl",schemaPath:"#/$defs/whatsappChannel/properties/apiBaseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema67.properties.apiBaseUrl,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/whatsapp/apiBaseUrl",schemaPath:"#/$defs/whatsappChannel/properties/apiBaseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema67.properties.apiBaseUrl.type,parentSchema:schema67.properties.apiBaseUrl,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data0.defaultTo !== undefined){
let data4 = data0.defaultTo;
if(typeof data4 === "string"){
if(func3(data4) < 1){
const err10 = {instancePath:instancePath+"/whatsapp/defaultTo",schemaPath:"#/$defs/whatsappChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema67.properties.defaultTo,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/whatsapp/defaultTo",schemaPath:"#/$defs/whatsappChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema67.properties.defaultTo.type,parentSchema:schema67.properties.defaultTo,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/whatsapp",schemaPath:"#/$defs/whatsappChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema67.type,parentSchema:schema67,data:data0};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.telegram !== undefined){
let data5 = data.telegram;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.botToken === undefined){
const err13 = {instancePath:instancePath+"/telegram",schemaPath:"#/$defs/telegramChannel/required",keyword:"required",params:{missingProperty: "botToken"},message:"must have required property '"+"botToken"+"'",schema:schema68.required,parentSchema:schema68,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
for(const key2 in data5){
if(!(((key2 === "botToken") || (key2 === "apiBaseUrl")) || (key2 === "defaultTo"))){
const err14 = {instancePath:instancePath+"/telegram",schemaPath:"#/$defs/telegramChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema68,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data5.botToken !== undefined){
let data6 = data5.botToken;
if(typeof data6 === "string"){
if(func3(data6) < 1){
const err15 = {instancePath:instancePath+"/telegram/botToken",schemaPath:"#/$defs/telegramChannel/properties/botToken/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema68.properties.botToken,data:data6};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/telegram/botToken",schemaPath:"#/$defs/telegramChannel/properties/botToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema68.properties.botToken.type,parentSchema:schema68.properties.botToken,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data5.apiBaseUrl !== undefined){
let data7 = data5.apiBaseUrl;
if(typeof data7 === "string"){
if(!(formats0(data7))){
const err17 = {instancePath:instancePath+"/telegram/apiBaseUrl",schemaPath:"#/$defs/telegramChannel/properties/apiBaseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema68.properties.apiBaseUrl,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/telegram/apiBaseUrl",schemaPath:"#/$defs/telegramChannel/properties/apiBaseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema68.properties.apiBaseUrl.type,parentSchema:schema68.properties.apiBaseUrl,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data5.defaultTo !== undefined){
let data8 = data5.defaultTo;
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err19 = {instancePath:instancePath+"/telegram/defaultTo",schemaPath:"#/$defs/telegramChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema68.properties.defaultTo,data:data8};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/telegram/defaultTo",schemaPath:"#/$defs/telegramChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema68.properties.defaultTo.type,parentSchema:schema68.properties.defaultTo,data:data8};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/telegram",schemaPath:"#/$defs/telegramChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema68.type,parentSchema:schema68,data:data5};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.discord !== undefined){
let data9 = data.discord;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.botToken === undefined){
const err22 = {instancePath:instancePath+"/discord",schemaPath:"#/$defs/discordChannel/required",keyword:"required",params:{missingProperty: "botToken"},message:"must have required property '"+"botToken"+"'",schema:schema69.required,parentSchema:schema69,data:data9};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key3 in data9){
if(!(((key3 === "botToken") || (key3 === "apiBaseUrl")) || (key3 === "defaultTo"))){
const err23 = {instancePath:instancePath+"/discord",schemaPath:"#/$defs/discordChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema69,data:data9};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data9.botToken !== undefined){
let data10 = data9.botToken;
if(typeof data10 === "string"){
if(func3(data10) < 1){
const err24 = {instancePath:instancePath+"/discord/botToken",schemaPath:"#/$defs/discordChannel/properties/botToken/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema69.properties.botToken,data:data10};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/discord/botToken",schemaPath:"#/$defs/discordChannel/properties/botToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema69.properties.botToken.type,parentSchema:schema69.properties.botToken,data:data10};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data9.apiBaseUrl !== undefined){
let data11 = data9.apiBaseUrl;
if(typeof data11 === "string"){
if(!(formats0(data11))){
const err26 = {instancePath:instancePath+"/discord/apiBaseUrl",schemaPath:"#/$defs/discordChannel/properties/apiBaseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema69.properties.apiBaseUrl,data:data11};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/discord/apiBaseUrl",schemaPath:"#/$defs/discordChannel/properties/apiBaseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema69.properties.apiBaseUrl.type,parentSchema:schema69.properties.apiBaseUrl,data:data11};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data9.defaultTo !== undefined){
let data12 = data9.defaultTo;
if(typeof data12 === "string"){
if(func3(data12) < 1){
const err28 = {instancePath:instancePath+"/discord/defaultTo",schemaPath:"#/$defs/discordChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema69.properties.defaultTo,data:data12};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/discord/defaultTo",schemaPath:"#/$defs/discordChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema69.properties.defaultTo.type,parentSchema:schema69.properties.defaultTo,data:data12};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/discord",schemaPath:"#/$defs/discordChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema69.type,parentSchema:schema69,data:data9};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.slack !== undefined){
let data13 = data.slack;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.botToken === undefined){
const err31 = {instancePath:instancePath+"/slack",schemaPath:"#/$defs/slackChannel/required",keyword:"required",params:{missingProperty: "botToken"},message:"must have required property '"+"botToken"+"'",schema:schema70.required,parentSchema:schema70,data:data13};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key4 in data13){
if(!(((key4 === "botToken") || (key4 === "apiBaseUrl")) || (key4 === "defaultTo"))){
const err32 = {instancePath:instancePath+"/slack",schemaPath:"#/$defs/slackChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema70,data:data13};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data13.botToken !== undefined){
let data14 = data13.botToken;
if(typeof data14 === "string"){
if(func3(data14) < 1){
const err33 = {instancePath:instancePath+"/slack/botToken",schemaPath:"#/$defs/slackChannel/properties/botToken/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema70.properties.botToken,data:data14};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/slack/botToken",schemaPath:"#/$defs/slackChannel/properties/botToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema70.properties.botToken.type,parentSchema:schema70.properties.botToken,data:data14};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data13.apiBaseUrl !== undefined){
let data15 = data13.apiBaseUrl;
if(typeof data15 === "string"){
if(!(formats0(data15))){
const err35 = {instancePath:instancePath+"/slack/apiBaseUrl",schemaPath:"#/$defs/slackChannel/properties/apiBaseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema70.properties.apiBaseUrl,data:data15};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/slack/apiBaseUrl",schemaPath:"#/$defs/slackChannel/properties/apiBaseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema70.properties.apiBaseUrl.type,parentSchema:schema70.properties.apiBaseUrl,data:data15};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data13.defaultTo !== undefined){
let data16 = data13.defaultTo;
if(typeof data16 === "string"){
if(func3(data16) < 1){
const err37 = {instancePath:instancePath+"/slack/defaultTo",schemaPath:"#/$defs/slackChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema70.properties.defaultTo,data:data16};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/slack/defaultTo",schemaPath:"#/$defs/slackChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema70.properties.defaultTo.type,parentSchema:schema70.properties.defaultTo,data:data16};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/slack",schemaPath:"#/$defs/slackChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema70.type,parentSchema:schema70,data:data13};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.mattermost !== undefined){
let data17 = data.mattermost;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.baseUrl === undefined){
const err40 = {instancePath:instancePath+"/mattermost",schemaPath:"#/$defs/mattermostChannel/required",keyword:"required",params:{missingProperty: "baseUrl"},message:"must have required property '"+"baseUrl"+"'",schema:schema71.required,parentSchema:schema71,data:data17};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data17.token === undefined){
const err41 = {instancePath:instancePath+"/mattermost",schemaPath:"#/$defs/mattermostChannel/required",keyword:"required",params:{missingProperty: "token"},message:"must have required property '"+"token"+"'",schema:schema71.required,parentSchema:schema71,data:data17};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key5 in data17){
if(!(((key5 === "baseUrl") || (key5 === "token")) || (key5 === "defaultTo"))){
const err42 = {instancePath:instancePath+"/mattermost",schemaPath:"#/$defs/mattermostChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties",schema:false,parentSchema:schema71,data:data17};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data17.baseUrl !== undefined){
let data18 = data17.baseUrl;
if(typeof data18 === "string"){
if(!(formats0(data18))){
const err43 = {instancePath:instancePath+"/mattermost/baseUrl",schemaPath:"#/$defs/mattermostChannel/properties/baseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema71.properties.baseUrl,data:data18};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/mattermost/baseUrl",schemaPath:"#/$defs/mattermostChannel/properties/baseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema71.properties.baseUrl.type,parentSchema:schema71.properties.baseUrl,data:data18};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data17.token !== undefined){
let data19 = data17.token;
if(typeof data19 === "string"){
if(func3(data19) < 1){
const err45 = {instancePath:instancePath+"/mattermost/token",schemaPath:"#/$defs/mattermostChannel/properties/token/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema71.properties.token,data:data19};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/mattermost/token",schemaPath:"#/$defs/mattermostChannel/properties/token/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema71.properties.token.type,parentSchema:schema71.properties.token,data:data19};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data17.defaultTo !== undefined){
let data20 = data17.defaultTo;
if(typeof data20 === "string"){
if(func3(data20) < 1){
const err47 = {instancePath:instancePath+"/mattermost/defaultTo",schemaPath:"#/$defs/mattermostChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema71.properties.defaultTo,data:data20};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/mattermost/defaultTo",schemaPath:"#/$defs/mattermostChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema71.properties.defaultTo.type,parentSchema:schema71.properties.defaultTo,data:data20};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/mattermost",schemaPath:"#/$defs/mattermostChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema71.type,parentSchema:schema71,data:data17};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.signal !== undefined){
let data21 = data.signal;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.baseUrl === undefined){
const err50 = {instancePath:instancePath+"/signal",schemaPath:"#/$defs/signalChannel/required",keyword:"required",params:{missingProperty: "baseUrl"},message:"must have required property '"+"baseUrl"+"'",schema:schema72.required,parentSchema:schema72,data:data21};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(data21.number === undefined){
const err51 = {instancePath:instancePath+"/signal",schemaPath:"#/$defs/signalChannel/required",keyword:"required",params:{missingProperty: "number"},message:"must have required property '"+"number"+"'",schema:schema72.required,parentSchema:schema72,data:data21};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
for(const key6 in data21){
if(!(((key6 === "baseUrl") || (key6 === "number")) || (key6 === "defaultTo"))){
const err52 = {instancePath:instancePath+"/signal",schemaPath:"#/$defs/signalChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties",schema:false,parentSchema:schema72,data:data21};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data21.baseUrl !== undefined){
let data22 = data21.baseUrl;
if(typeof data22 === "string"){
if(!(formats0(data22))){
const err53 = {instancePath:instancePath+"/signal/baseUrl",schemaPath:"#/$defs/signalChannel/properties/baseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema72.properties.baseUrl,data:data22};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/signal/baseUrl",schemaPath:"#/$defs/signalChannel/properties/baseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema72.properties.baseUrl.type,parentSchema:schema72.properties.baseUrl,data:data22};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data21.number !== undefined){
let data23 = data21.number;
if(typeof data23 === "string"){
if(func3(data23) < 1){
const err55 = {instancePath:instancePath+"/signal/number",schemaPath:"#/$defs/signalChannel/properties/number/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema72.properties.number,data:data23};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/signal/number",schemaPath:"#/$defs/signalChannel/properties/number/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema72.properties.number.type,parentSchema:schema72.properties.number,data:data23};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data21.defaultTo !== undefined){
let data24 = data21.defaultTo;
if(typeof data24 === "string"){
if(func3(data24) < 1){
const err57 = {instancePath:instancePath+"/signal/defaultTo",schemaPath:"#/$defs/signalChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema72.properties.defaultTo,data:data24};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/signal/defaultTo",schemaPath:"#/$defs/signalChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema72.properties.defaultTo.type,parentSchema:schema72.properties.defaultTo,data:data24};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
else {
const err59 = {instancePath:instancePath+"/signal",schemaPath:"#/$defs/signalChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema72.type,parentSchema:schema72,data:data21};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.imessage !== undefined){
let data25 = data.imessage;
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
if(data25.baseUrl === undefined){
const err60 = {instancePath:instancePath+"/imessage",schemaPath:"#/$defs/imessageChannel/required",keyword:"required",params:{missingProperty: "baseUrl"},message:"must have required property '"+"baseUrl"+"'",schema:schema73.required,parentSchema:schema73,data:data25};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data25.password === undefined){
const err61 = {instancePath:instancePath+"/imessage",schemaPath:"#/$defs/imessageChannel/required",keyword:"required",params:{missingProperty: "password"},message:"must have required property '"+"password"+"'",schema:schema73.required,parentSchema:schema73,data:data25};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
for(const key7 in data25){
if(!(((key7 === "baseUrl") || (key7 === "password")) || (key7 === "defaultTo"))){
const err62 = {instancePath:instancePath+"/imessage",schemaPath:"#/$defs/imessageChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties",schema:false,parentSchema:schema73,data:data25};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data25.baseUrl !== undefined){
let data26 = data25.baseUrl;
if(typeof data26 === "string"){
if(!(formats0(data26))){
const err63 = {instancePath:instancePath+"/imessage/baseUrl",schemaPath:"#/$defs/imessageChannel/properties/baseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema73.properties.baseUrl,data:data26};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/imessage/baseUrl",schemaPath:"#/$defs/imessageChannel/properties/baseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema73.properties.baseUrl.type,parentSchema:schema73.properties.baseUrl,data:data26};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data25.password !== undefined){
let data27 = data25.password;
if(typeof data27 === "string"){
if(func3(data27) < 1){
const err65 = {instancePath:instancePath+"/imessage/password",schemaPath:"#/$defs/imessageChannel/properties/password/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema73.properties.password,data:data27};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/imessage/password",schemaPath:"#/$defs/imessageChannel/properties/password/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema73.properties.password.type,parentSchema:schema73.properties.password,data:data27};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data25.defaultTo !== undefined){
let data28 = data25.defaultTo;
if(typeof data28 === "string"){
if(func3(data28) < 1){
const err67 = {instancePath:instancePath+"/imessage/defaultTo",schemaPath:"#/$defs/imessageChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema73.properties.defaultTo,data:data28};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
else {
const err68 = {instancePath:instancePath+"/imessage/defaultTo",schemaPath:"#/$defs/imessageChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema73.properties.defaultTo.type,parentSchema:schema73.properties.defaultTo,data:data28};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
}
else {
const err69 = {instancePath:instancePath+"/imessage",schemaPath:"#/$defs/imessageChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema73.type,parentSchema:schema73,data:data25};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data.msteams !== undefined){
let data29 = data.msteams;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.webhooks === undefined){
const err70 = {instancePath:instancePath+"/msteams",schemaPath:"#/$defs/msteamsChannel/required",keyword:"required",params:{missingProperty: "webhooks"},message:"must have required property '"+"webhooks"+"'",schema:schema74.required,parentSchema:schema74,data:data29};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
for(const key8 in data29){
if(!((key8 === "webhooks") || (key8 === "defaultTo"))){
const err71 = {instancePath:instancePath+"/msteams",schemaPath:"#/$defs/msteamsChannel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties",schema:false,parentSchema:schema74,data:data29};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data29.webhooks !== undefined){
let data30 = data29.webhooks;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(Object.keys(data30).length < 1){
const err72 = {instancePath:instancePath+"/msteams/webhooks",schemaPath:"#/$defs/msteamsChannel/properties/webhooks/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties",schema:1,parentSchema:schema74.properties.webhooks,data:data30};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
for(const key9 in data30){
let data31 = data30[key9];
if(typeof data31 === "string"){
if(!(formats0(data31))){
const err73 = {instancePath:instancePath+"/msteams/webhooks/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/msteamsChannel/properties/webhooks/additionalProperties/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema74.properties.webhooks.additionalProperties,data:data31};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/msteams/webhooks/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/msteamsChannel/properties/webhooks/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema74.properties.webhooks.additionalProperties.type,parentSchema:schema74.properties.webhooks.additionalProperties,data:data31};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
else {
const err75 = {instancePath:instancePath+"/msteams/webhooks",schemaPath:"#/$defs/msteamsChannel/properties/webhooks/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema74.properties.webhooks.type,parentSchema:schema74.properties.webhooks,data:data30};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data29.defaultTo !== undefined){
let data32 = data29.defaultTo;
if(typeof data32 === "string"){
if(func3(data32) < 1){
const err76 = {instancePath:instancePath+"/msteams/defaultTo",schemaPath:"#/$defs/msteamsChannel/properties/defaultTo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema74.properties.defaultTo,data:data32};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
else {
const err77 = {instancePath:instancePath+"/msteams/defaultTo",schemaPath:"#/$defs/msteamsChannel/properties/defaultTo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema74.properties.defaultTo.type,parentSchema:schema74.properties.defaultTo,data:data32};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/msteams",schemaPath:"#/$defs/msteamsChannel/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema74.type,parentSchema:schema74,data:data29};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
}
else {
const err79 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema66.type,parentSchema:schema66,data};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
validate43.errors = vErrors;
return errors === 0;
}
validate43.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema78 = {"title":"StoreConfig","type":"object","description":"Where events, runs and sessions are kept: an embedded SQLite file for one instance (the default), or a PostgreSQL database that several instances share (see Running several instances).","additionalProperties":false,"properties":{"kind":{"enum":["sqlite","postgres"],"default":"sqlite","description":"sqlite: embedded file, one instance. postgres: a PostgreSQL database (12 or newer) shared by every instance that names it; needs store.url."},"path":{"type":"string","minLength":1,"default":".hookgate/state.db","description":"SQLite file, relative to the config file (kind sqlite)."},"url":{"type":"string","minLength":1,"description":"PostgreSQL connection URL (kind postgres), for example postgres://hookgate@db.internal:5432/hookgate. Keep the password out of the file: url: ${HOOKGATE_DATABASE_URL}, or set PGPASSWORD in the environment."},"poolSize":{"type":"integer","minimum":2,"maximum":1000,"default":10,"description":"Connections each instance opens at most (kind postgres); each instance also keeps one more for LISTEN."},"schema":{"type":"string","pattern":"^[a-z_][a-z0-9_]{0,47}$","default":"hookgate","description":"PostgreSQL schema that holds hookgate's tables (kind postgres): lower-case letters, digits and _, at most 48 characters; created at start when missing. Instances that share their work name the same schema."},"leaseSeconds":{"type":"integer","minimum":2,"maximum":3600,"default":30,"description":"Kind postgres: a run (or its delivery) an instance took stays that instance's for this long without renewal; instances renew every third of it. When an instance dies, its runs go back to the queue this long after its last renewal and another instance finishes them."},"tls":{"$ref":"#/$defs/storeTls"}}};
const schema79 = {"title":"StoreTlsConfig","type":"object","description":"TLS to PostgreSQL (kind postgres). Without this section the URL decides (its sslmode parameter; none = no TLS). Give either this section or sslmode in the URL, not both.","additionalProperties":false,"properties":{"mode":{"enum":["disable","require","verify-ca","verify-full"],"default":"verify-full","description":"disable: no TLS. require: encrypted, the server's certificate is not checked. verify-ca: the certificate must chain to a trusted CA. verify-full: verify-ca and the certificate must name the host."},"ca":{"type":"string","minLength":1,"description":"PEM file of the certificate authorities to trust, relative to the config file; default: Node's built-in list."},"cert":{"type":"string","minLength":1,"description":"PEM file of a client certificate, relative to the config file (with key)."},"key":{"type":"string","minLength":1,"description":"PEM file of the client certificate's private key, relative to the config file (with cert)."}}};
const pattern22 = new RegExp("^[a-z_][a-z0-9_]{0,47}$", "u");

function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate45.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((((((key0 === "kind") || (key0 === "path")) || (key0 === "url")) || (key0 === "poolSize")) || (key0 === "schema")) || (key0 === "leaseSeconds")) || (key0 === "tls"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema78,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.kind !== undefined){
let data0 = data.kind;
if(!((data0 === "sqlite") || (data0 === "postgres"))){
const err1 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema78.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema78.properties.kind.enum,parentSchema:schema78.properties.kind,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.path !== undefined){
let data1 = data.path;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err2 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema78.properties.path,data:data1};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema78.properties.path.type,parentSchema:schema78.properties.path,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.url !== undefined){
let data2 = data.url;
if(typeof data2 === "string"){
if(func3(data2) < 1){
const err4 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema78.properties.url,data:data2};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema78.properties.url.type,parentSchema:schema78.properties.url,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.poolSize !== undefined){
let data3 = data.poolSize;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err6 = {instancePath:instancePath+"/poolSize",schemaPath:"#/properties/poolSize/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema78.properties.poolSize.type,parentSchema:schema78.properties.poolSize,data:data3};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 1000 || isNaN(data3)){
const err7 = {instancePath:instancePath+"/poolSize",schemaPath:"#/properties/poolSize/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema78.properties.poolSize,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3 < 2 || isNaN(data3)){
const err8 = {instancePath:instancePath+"/poolSize",schemaPath:"#/properties/poolSize/minimum",keyword:"minimum",params:{comparison: ">=", limit: 2},message:"must be >= 2",schema:2,parentSchema:schema78.properties.poolSize,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data.schema !== undefined){
let data4 = data.schema;
if(typeof data4 === "string"){
if(!pattern22.test(data4)){
const err9 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/pattern",keyword:"pattern",params:{pattern: "^[a-z_][a-z0-9_]{0,47}$"},message:"must match pattern \""+"^[a-z_][a-z0-9_]{0,47}$"+"\"",schema:"^[a-z_][a-z0-9_]{0,47}$",parentSchema:schema78.properties.schema,data:data4};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema78.properties.schema.type,parentSchema:schema78.properties.schema,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.leaseSeconds !== undefined){
let data5 = data.leaseSeconds;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err11 = {instancePath:instancePath+"/leaseSeconds",schemaPath:"#/properties/leaseSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema78.properties.leaseSeconds.type,parentSchema:schema78.properties.leaseSeconds,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 3600 || isNaN(data5)){
const err12 = {instancePath:instancePath+"/leaseSeconds",schemaPath:"#/properties/leaseSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600},message:"must be <= 3600",schema:3600,parentSchema:schema78.properties.leaseSeconds,data:data5};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data5 < 2 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/leaseSeconds",schemaPath:"#/properties/leaseSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 2},message:"must be >= 2",schema:2,parentSchema:schema78.properties.leaseSeconds,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.tls !== undefined){
let data6 = data.tls;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
for(const key1 in data6){
if(!((((key1 === "mode") || (key1 === "ca")) || (key1 === "cert")) || (key1 === "key"))){
const err14 = {instancePath:instancePath+"/tls",schemaPath:"#/$defs/storeTls/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema79,data:data6};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data6.mode !== undefined){
let data7 = data6.mode;
if(!((((data7 === "disable") || (data7 === "require")) || (data7 === "verify-ca")) || (data7 === "verify-full"))){
const err15 = {instancePath:instancePath+"/tls/mode",schemaPath:"#/$defs/storeTls/properties/mode/enum",keyword:"enum",params:{allowedValues: schema79.properties.mode.enum},message:"must be equal to one of the allowed values",schema:schema79.properties.mode.enum,parentSchema:schema79.properties.mode,data:data7};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data6.ca !== undefined){
let data8 = data6.ca;
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err16 = {instancePath:instancePath+"/tls/ca",schemaPath:"#/$defs/storeTls/properties/ca/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema79.properties.ca,data:data8};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/tls/ca",schemaPath:"#/$defs/storeTls/properties/ca/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema79.properties.ca.type,parentSchema:schema79.properties.ca,data:data8};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data6.cert !== undefined){
let data9 = data6.cert;
if(typeof data9 === "string"){
if(func3(data9) < 1){
const err18 = {instancePath:instancePath+"/tls/cert",schemaPath:"#/$defs/storeTls/properties/cert/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema79.properties.cert,data:data9};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/tls/cert",schemaPath:"#/$defs/storeTls/properties/cert/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema79.properties.cert.type,parentSchema:schema79.properties.cert,data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.key !== undefined){
let data10 = data6.key;
if(typeof data10 === "string"){
if(func3(data10) < 1){
const err20 = {instancePath:instancePath+"/tls/key",schemaPath:"#/$defs/storeTls/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema79.properties.key,data:data10};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/tls/key",schemaPath:"#/$defs/storeTls/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema79.properties.key.type,parentSchema:schema79.properties.key,data:data10};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/tls",schemaPath:"#/$defs/storeTls/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema79.type,parentSchema:schema79,data:data6};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema78.type,parentSchema:schema78,data};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate45.errors = vErrors;
return errors === 0;
}
validate45.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const pattern21 = new RegExp("^(0|[0-9]+(\\.[0-9]+)?(ms|s|m|h|d))$", "u");
const pattern23 = new RegExp("^(0|[0-9]+(\\.[0-9]+)?(m|h|d))$", "u");
const pattern24 = new RegExp("^[0-9]+(\\.[0-9]+)?(s|m|h)$", "u");

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://hookgate.dev/schemas/config.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema31.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.$schema !== undefined){
let data0 = data.$schema;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.$schema.type,parentSchema:schema31.properties.$schema,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.server !== undefined){
if(!(validate21(data.server, {instancePath:instancePath+"/server",parentData:data,parentDataProperty:"server",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
}
if(data.hooks !== undefined){
if(!(validate23(data.hooks, {instancePath:instancePath+"/hooks",parentData:data,parentDataProperty:"hooks",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
if(data.agents !== undefined){
if(!(validate37(data.agents, {instancePath:instancePath+"/agents",parentData:data,parentDataProperty:"agents",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
}
if(data.providers !== undefined){
let data4 = data.providers;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
for(const key1 in data4){
const _errs9 = errors;
if(typeof key1 === "string"){
if(!pattern16.test(key1)){
const err2 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]+$"+"\"",schema:"^[A-Za-z0-9_.-]+$",parentSchema:schema31.properties.providers.propertyNames,data:key1,propertyName:key1};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var valid1 = _errs9 === errors;
if(!valid1){
const err3 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid",schema:schema31.properties.providers.propertyNames,parentSchema:schema31.properties.providers,data:data4};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
for(const key2 in data4){
let data5 = data4[key2];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.baseUrl === undefined){
const err4 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/provider/required",keyword:"required",params:{missingProperty: "baseUrl"},message:"must have required property '"+"baseUrl"+"'",schema:schema65.required,parentSchema:schema65,data:data5};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key3 in data5){
if(!((((((key3 === "baseUrl") || (key3 === "apiKey")) || (key3 === "thinkingParam")) || (key3 === "api")) || (key3 === "maxTokens")) || (key3 === "headers"))){
const err5 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/provider/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema65,data:data5};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data5.baseUrl !== undefined){
let data6 = data5.baseUrl;
if(typeof data6 === "string"){
if(!(formats0(data6))){
const err6 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/baseUrl",schemaPath:"#/$defs/provider/properties/baseUrl/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema65.properties.baseUrl,data:data6};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/baseUrl",schemaPath:"#/$defs/provider/properties/baseUrl/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema65.properties.baseUrl.type,parentSchema:schema65.properties.baseUrl,data:data6};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data5.apiKey !== undefined){
let data7 = data5.apiKey;
if(typeof data7 !== "string"){
const err8 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/apiKey",schemaPath:"#/$defs/provider/properties/apiKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema65.properties.apiKey.type,parentSchema:schema65.properties.apiKey,data:data7};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data5.thinkingParam !== undefined){
let data8 = data5.thinkingParam;
if(!((((data8 === "auto") || (data8 === "reasoning_effort")) || (data8 === "reasoning")) || (data8 === "none"))){
const err9 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/thinkingParam",schemaPath:"#/$defs/provider/properties/thinkingParam/enum",keyword:"enum",params:{allowedValues: schema65.properties.thinkingParam.enum},message:"must be equal to one of the allowed values",schema:schema65.properties.thinkingParam.enum,parentSchema:schema65.properties.thinkingParam,data:data8};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data5.api !== undefined){
let data9 = data5.api;
if(!((((((data9 === "openai") || (data9 === "openrouter")) || (data9 === "ollama")) || (data9 === "vllm")) || (data9 === "llamacpp")) || (data9 === "compatible"))){
const err10 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/api",schemaPath:"#/$defs/provider/properties/api/enum",keyword:"enum",params:{allowedValues: schema65.properties.api.enum},message:"must be equal to one of the allowed values",schema:schema65.properties.api.enum,parentSchema:schema65.properties.api,data:data9};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data5.maxTokens !== undefined){
let data10 = data5.maxTokens;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err11 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/maxTokens",schemaPath:"#/$defs/provider/properties/maxTokens/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema65.properties.maxTokens.type,parentSchema:schema65.properties.maxTokens,data:data10};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 10000000 || isNaN(data10)){
const err12 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/maxTokens",schemaPath:"#/$defs/provider/properties/maxTokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000000},message:"must be <= 10000000",schema:10000000,parentSchema:schema65.properties.maxTokens,data:data10};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data10 < 0 || isNaN(data10)){
const err13 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/maxTokens",schemaPath:"#/$defs/provider/properties/maxTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema65.properties.maxTokens,data:data10};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data5.headers !== undefined){
let data11 = data5.headers;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key4 in data11){
let data12 = data11[key4];
if(typeof data12 !== "string"){
const err14 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/headers/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/provider/properties/headers/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema65.properties.headers.additionalProperties.type,parentSchema:schema65.properties.headers.additionalProperties,data:data12};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/headers",schemaPath:"#/$defs/provider/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema65.properties.headers.type,parentSchema:schema65.properties.headers,data:data11};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/provider/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema65.type,parentSchema:schema65,data:data5};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/providers",schemaPath:"#/properties/providers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.providers.type,parentSchema:schema31.properties.providers,data:data4};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.channels !== undefined){
if(!(validate43(data.channels, {instancePath:instancePath+"/channels",parentData:data,parentDataProperty:"channels",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate43.errors : vErrors.concat(validate43.errors);
errors = vErrors.length;
}
}
if(data.delivery !== undefined){
let data14 = data.delivery;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
for(const key5 in data14){
if(!((((key5 === "maxAttempts") || (key5 === "baseDelayMs")) || (key5 === "maxDelayMs")) || (key5 === "maxRetryAfterMs"))){
const err18 = {instancePath:instancePath+"/delivery",schemaPath:"#/$defs/delivery/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties",schema:false,parentSchema:schema75,data:data14};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data14.maxAttempts !== undefined){
let data15 = data14.maxAttempts;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err19 = {instancePath:instancePath+"/delivery/maxAttempts",schemaPath:"#/$defs/delivery/properties/maxAttempts/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema75.properties.maxAttempts.type,parentSchema:schema75.properties.maxAttempts,data:data15};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 > 20 || isNaN(data15)){
const err20 = {instancePath:instancePath+"/delivery/maxAttempts",schemaPath:"#/$defs/delivery/properties/maxAttempts/maximum",keyword:"maximum",params:{comparison: "<=", limit: 20},message:"must be <= 20",schema:20,parentSchema:schema75.properties.maxAttempts,data:data15};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data15 < 1 || isNaN(data15)){
const err21 = {instancePath:instancePath+"/delivery/maxAttempts",schemaPath:"#/$defs/delivery/properties/maxAttempts/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema75.properties.maxAttempts,data:data15};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data14.baseDelayMs !== undefined){
let data16 = data14.baseDelayMs;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err22 = {instancePath:instancePath+"/delivery/baseDelayMs",schemaPath:"#/$defs/delivery/properties/baseDelayMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema75.properties.baseDelayMs.type,parentSchema:schema75.properties.baseDelayMs,data:data16};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 > 2147483647 || isNaN(data16)){
const err23 = {instancePath:instancePath+"/delivery/baseDelayMs",schemaPath:"#/$defs/delivery/properties/baseDelayMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema75.properties.baseDelayMs,data:data16};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data16 < 0 || isNaN(data16)){
const err24 = {instancePath:instancePath+"/delivery/baseDelayMs",schemaPath:"#/$defs/delivery/properties/baseDelayMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema75.properties.baseDelayMs,data:data16};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
if(data14.maxDelayMs !== undefined){
let data17 = data14.maxDelayMs;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err25 = {instancePath:instancePath+"/delivery/maxDelayMs",schemaPath:"#/$defs/delivery/properties/maxDelayMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema75.properties.maxDelayMs.type,parentSchema:schema75.properties.maxDelayMs,data:data17};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 > 2147483647 || isNaN(data17)){
const err26 = {instancePath:instancePath+"/delivery/maxDelayMs",schemaPath:"#/$defs/delivery/properties/maxDelayMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema75.properties.maxDelayMs,data:data17};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data17 < 0 || isNaN(data17)){
const err27 = {instancePath:instancePath+"/delivery/maxDelayMs",schemaPath:"#/$defs/delivery/properties/maxDelayMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema75.properties.maxDelayMs,data:data17};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data14.maxRetryAfterMs !== undefined){
let data18 = data14.maxRetryAfterMs;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err28 = {instancePath:instancePath+"/delivery/maxRetryAfterMs",schemaPath:"#/$defs/delivery/properties/maxRetryAfterMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema75.properties.maxRetryAfterMs.type,parentSchema:schema75.properties.maxRetryAfterMs,data:data18};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 > 2147483647 || isNaN(data18)){
const err29 = {instancePath:instancePath+"/delivery/maxRetryAfterMs",schemaPath:"#/$defs/delivery/properties/maxRetryAfterMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema75.properties.maxRetryAfterMs,data:data18};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data18 < 0 || isNaN(data18)){
const err30 = {instancePath:instancePath+"/delivery/maxRetryAfterMs",schemaPath:"#/$defs/delivery/properties/maxRetryAfterMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema75.properties.maxRetryAfterMs,data:data18};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
}
else {
const err31 = {instancePath:instancePath+"/delivery",schemaPath:"#/$defs/delivery/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema75.type,parentSchema:schema75,data:data14};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.alerts !== undefined){
let data19 = data.alerts;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.channel === undefined){
const err32 = {instancePath:instancePath+"/alerts",schemaPath:"#/$defs/alerts/required",keyword:"required",params:{missingProperty: "channel"},message:"must have required property '"+"channel"+"'",schema:schema76.required,parentSchema:schema76,data:data19};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
for(const key6 in data19){
if(!(((key6 === "channel") || (key6 === "to")) || (key6 === "minIntervalSeconds"))){
const err33 = {instancePath:instancePath+"/alerts",schemaPath:"#/$defs/alerts/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties",schema:false,parentSchema:schema76,data:data19};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data19.channel !== undefined){
let data20 = data19.channel;
if(typeof data20 !== "string"){
const err34 = {instancePath:instancePath+"/alerts/channel",schemaPath:"#/$defs/alerts/properties/channel/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema76.properties.channel.type,parentSchema:schema76.properties.channel,data:data20};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(!((((((((data20 === "whatsapp") || (data20 === "telegram")) || (data20 === "discord")) || (data20 === "slack")) || (data20 === "mattermost")) || (data20 === "signal")) || (data20 === "imessage")) || (data20 === "msteams"))){
const err35 = {instancePath:instancePath+"/alerts/channel",schemaPath:"#/$defs/alerts/properties/channel/enum",keyword:"enum",params:{allowedValues: schema76.properties.channel.enum},message:"must be equal to one of the allowed values",schema:schema76.properties.channel.enum,parentSchema:schema76.properties.channel,data:data20};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data19.to !== undefined){
let data21 = data19.to;
if(typeof data21 === "string"){
if(func3(data21) < 1){
const err36 = {instancePath:instancePath+"/alerts/to",schemaPath:"#/$defs/alerts/properties/to/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema76.properties.to,data:data21};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/alerts/to",schemaPath:"#/$defs/alerts/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema76.properties.to.type,parentSchema:schema76.properties.to,data:data21};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data19.minIntervalSeconds !== undefined){
let data22 = data19.minIntervalSeconds;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err38 = {instancePath:instancePath+"/alerts/minIntervalSeconds",schemaPath:"#/$defs/alerts/properties/minIntervalSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema76.properties.minIntervalSeconds.type,parentSchema:schema76.properties.minIntervalSeconds,data:data22};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 > 86400 || isNaN(data22)){
const err39 = {instancePath:instancePath+"/alerts/minIntervalSeconds",schemaPath:"#/$defs/alerts/properties/minIntervalSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema76.properties.minIntervalSeconds,data:data22};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data22 < 1 || isNaN(data22)){
const err40 = {instancePath:instancePath+"/alerts/minIntervalSeconds",schemaPath:"#/$defs/alerts/properties/minIntervalSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema76.properties.minIntervalSeconds,data:data22};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
}
else {
const err41 = {instancePath:instancePath+"/alerts",schemaPath:"#/$defs/alerts/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema76.type,parentSchema:schema76,data:data19};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.heartbeat !== undefined){
let data23 = data.heartbeat;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
for(const key7 in data23){
if(!((((key7 === "every") || (key7 === "prompt")) || (key7 === "ackToken")) || (key7 === "coalesceMs"))){
const err42 = {instancePath:instancePath+"/heartbeat",schemaPath:"#/$defs/heartbeat/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties",schema:false,parentSchema:schema77,data:data23};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data23.every !== undefined){
let data24 = data23.every;
if(typeof data24 === "string"){
if(!pattern21.test(data24)){
const err43 = {instancePath:instancePath+"/heartbeat/every",schemaPath:"#/$defs/heartbeat/properties/every/pattern",keyword:"pattern",params:{pattern: "^(0|[0-9]+(\\.[0-9]+)?(ms|s|m|h|d))$"},message:"must match pattern \""+"^(0|[0-9]+(\\.[0-9]+)?(ms|s|m|h|d))$"+"\"",schema:"^(0|[0-9]+(\\.[0-9]+)?(ms|s|m|h|d))$",parentSchema:schema77.properties.every,data:data24};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/heartbeat/every",schemaPath:"#/$defs/heartbeat/properties/every/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema77.properties.every.type,parentSchema:schema77.properties.every,data:data24};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data23.prompt !== undefined){
let data25 = data23.prompt;
if(typeof data25 !== "string"){
const err45 = {instancePath:instancePath+"/heartbeat/prompt",schemaPath:"#/$defs/heartbeat/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema77.properties.prompt.type,parentSchema:schema77.properties.prompt,data:data25};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data23.ackToken !== undefined){
let data26 = data23.ackToken;
if(typeof data26 === "string"){
if(func3(data26) < 1){
const err46 = {instancePath:instancePath+"/heartbeat/ackToken",schemaPath:"#/$defs/heartbeat/properties/ackToken/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema77.properties.ackToken,data:data26};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/heartbeat/ackToken",schemaPath:"#/$defs/heartbeat/properties/ackToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema77.properties.ackToken.type,parentSchema:schema77.properties.ackToken,data:data26};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data23.coalesceMs !== undefined){
let data27 = data23.coalesceMs;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err48 = {instancePath:instancePath+"/heartbeat/coalesceMs",schemaPath:"#/$defs/heartbeat/properties/coalesceMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema77.properties.coalesceMs.type,parentSchema:schema77.properties.coalesceMs,data:data27};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 > 60000 || isNaN(data27)){
const err49 = {instancePath:instancePath+"/heartbeat/coalesceMs",schemaPath:"#/$defs/heartbeat/properties/coalesceMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 60000},message:"must be <= 60000",schema:60000,parentSchema:schema77.properties.coalesceMs,data:data27};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data27 < 0 || isNaN(data27)){
const err50 = {instancePath:instancePath+"/heartbeat/coalesceMs",schemaPath:"#/$defs/heartbeat/properties/coalesceMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema77.properties.coalesceMs,data:data27};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
}
else {
const err51 = {instancePath:instancePath+"/heartbeat",schemaPath:"#/$defs/heartbeat/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema77.type,parentSchema:schema77,data:data23};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.store !== undefined){
if(!(validate45(data.store, {instancePath:instancePath+"/store",parentData:data,parentDataProperty:"store",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate45.errors : vErrors.concat(validate45.errors);
errors = vErrors.length;
}
}
if(data.requestLog !== undefined){
let data29 = data.requestLog;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
for(const key8 in data29){
if(!((key8 === "enabled") || (key8 === "maxBodyBytes"))){
const err52 = {instancePath:instancePath+"/requestLog",schemaPath:"#/$defs/requestLog/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties",schema:false,parentSchema:schema80,data:data29};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data29.enabled !== undefined){
let data30 = data29.enabled;
if(typeof data30 !== "boolean"){
const err53 = {instancePath:instancePath+"/requestLog/enabled",schemaPath:"#/$defs/requestLog/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema80.properties.enabled.type,parentSchema:schema80.properties.enabled,data:data30};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data29.maxBodyBytes !== undefined){
let data31 = data29.maxBodyBytes;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err54 = {instancePath:instancePath+"/requestLog/maxBodyBytes",schemaPath:"#/$defs/requestLog/properties/maxBodyBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema80.properties.maxBodyBytes.type,parentSchema:schema80.properties.maxBodyBytes,data:data31};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err55 = {instancePath:instancePath+"/requestLog/maxBodyBytes",schemaPath:"#/$defs/requestLog/properties/maxBodyBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema80.properties.maxBodyBytes,data:data31};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
}
else {
const err56 = {instancePath:instancePath+"/requestLog",schemaPath:"#/$defs/requestLog/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema80.type,parentSchema:schema80,data:data29};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.retention !== undefined){
let data32 = data.retention;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
for(const key9 in data32){
if(!(((key9 === "maxAge") || (key9 === "maxRows")) || (key9 === "pruneEvery"))){
const err57 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/retention/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties",schema:false,parentSchema:schema81,data:data32};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data32.maxAge !== undefined){
let data33 = data32.maxAge;
if(typeof data33 === "string"){
if(!pattern23.test(data33)){
const err58 = {instancePath:instancePath+"/retention/maxAge",schemaPath:"#/$defs/retention/properties/maxAge/pattern",keyword:"pattern",params:{pattern: "^(0|[0-9]+(\\.[0-9]+)?(m|h|d))$"},message:"must match pattern \""+"^(0|[0-9]+(\\.[0-9]+)?(m|h|d))$"+"\"",schema:"^(0|[0-9]+(\\.[0-9]+)?(m|h|d))$",parentSchema:schema81.properties.maxAge,data:data33};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/retention/maxAge",schemaPath:"#/$defs/retention/properties/maxAge/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema81.properties.maxAge.type,parentSchema:schema81.properties.maxAge,data:data33};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data32.maxRows !== undefined){
let data34 = data32.maxRows;
if(!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))){
const err60 = {instancePath:instancePath+"/retention/maxRows",schemaPath:"#/$defs/retention/properties/maxRows/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema81.properties.maxRows.type,parentSchema:schema81.properties.maxRows,data:data34};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 0 || isNaN(data34)){
const err61 = {instancePath:instancePath+"/retention/maxRows",schemaPath:"#/$defs/retention/properties/maxRows/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema81.properties.maxRows,data:data34};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
if(data32.pruneEvery !== undefined){
let data35 = data32.pruneEvery;
if(typeof data35 === "string"){
if(!pattern24.test(data35)){
const err62 = {instancePath:instancePath+"/retention/pruneEvery",schemaPath:"#/$defs/retention/properties/pruneEvery/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)?(s|m|h)$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)?(s|m|h)$"+"\"",schema:"^[0-9]+(\\.[0-9]+)?(s|m|h)$",parentSchema:schema81.properties.pruneEvery,data:data35};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/retention/pruneEvery",schemaPath:"#/$defs/retention/properties/pruneEvery/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema81.properties.pruneEvery.type,parentSchema:schema81.properties.pruneEvery,data:data35};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
else {
const err64 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/retention/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema81.type,parentSchema:schema81,data:data32};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
}
else {
const err65 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.type,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateRulesFile = validate47;
const schema82 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://hookgate.dev/schemas/rules-file.schema.json","title":"RulesFile","description":"A rule file (hooks.rules entries and the built-in presets in rules/presets/): a list of mappings with optional pack metadata.","type":"object","additionalProperties":false,"required":["mappings"],"properties":{"$schema":{"type":"string","description":"Path or URL of this schema, for editors."},"preset":{"type":"string","pattern":"^[a-z0-9-]+$","description":"Preset name (files in rules/presets/ only); hooks.presets enables it by this name."},"aliases":{"type":"array","items":{"type":"string","pattern":"^[a-z0-9-]+$"},"description":"Other names that enable the same preset."},"description":{"type":"string","description":"What the pack is for."},"mappings":{"type":"array","items":{"$ref":"config.schema.json#/$defs/mapping"},"description":"The rules, in order."},"tests":{"type":"array","items":{"$ref":"test-case.schema.json"},"description":"Test cases: requests and the outcome each must get. hookgate test (without a hook name) runs them."}}};
const pattern25 = new RegExp("^[a-z0-9-]+$", "u");

function validate48(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate48.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema36.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema36,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err1 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.:-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.:-]+$"+"\"",schema:"^[A-Za-z0-9_.:-]+$",parentSchema:schema36.properties.id,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.id.type,parentSchema:schema36.properties.id,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.name.type,parentSchema:schema36.properties.name,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.match !== undefined){
let data2 = data.match;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key1 in data2){
if(!(((key1 === "path") || (key1 === "source")) || (key1 === "when"))){
const err4 = {instancePath:instancePath+"/match",schemaPath:"#/$defs/match/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema37,data:data2};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data2.path !== undefined){
let data3 = data2.path;
if(typeof data3 !== "string"){
const err5 = {instancePath:instancePath+"/match/path",schemaPath:"#/$defs/match/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema37.properties.path.type,parentSchema:schema37.properties.path,data:data3};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data2.source !== undefined){
let data4 = data2.source;
if(typeof data4 !== "string"){
const err6 = {instancePath:instancePath+"/match/source",schemaPath:"#/$defs/match/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema37.properties.source.type,parentSchema:schema37.properties.source,data:data4};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data2.when !== undefined){
let data5 = data2.when;
if((!(data5 && typeof data5 == "object" && !Array.isArray(data5))) && (typeof data5 !== "boolean")){
const err7 = {instancePath:instancePath+"/match/when",schemaPath:"#/$defs/match/properties/when/type",keyword:"type",params:{type: schema37.properties.when.type},message:"must be object,boolean",schema:schema37.properties.when.type,parentSchema:schema37.properties.when,data:data5};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/match",schemaPath:"#/$defs/match/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema37.type,parentSchema:schema37,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.action !== undefined){
let data6 = data.action;
if(!(((data6 === "wake") || (data6 === "agent")) || (data6 === "ignore"))){
const err9 = {instancePath:instancePath+"/action",schemaPath:"#/properties/action/enum",keyword:"enum",params:{allowedValues: schema36.properties.action.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.action.enum,parentSchema:schema36.properties.action,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.forEach !== undefined){
let data7 = data.forEach;
if(typeof data7 === "string"){
if(func3(data7) < 1){
const err10 = {instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.forEach,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.forEach.type,parentSchema:schema36.properties.forEach,data:data7};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.forEachMax !== undefined){
let data8 = data.forEachMax;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err12 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.forEachMax.type,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 1000 || isNaN(data8)){
const err13 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data8 < 1 || isNaN(data8)){
const err14 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.wakeMode !== undefined){
let data9 = data.wakeMode;
if(!((data9 === "now") || (data9 === "next-heartbeat"))){
const err15 = {instancePath:instancePath+"/wakeMode",schemaPath:"#/properties/wakeMode/enum",keyword:"enum",params:{allowedValues: schema36.properties.wakeMode.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.wakeMode.enum,parentSchema:schema36.properties.wakeMode,data:data9};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.textTemplate !== undefined){
let data10 = data.textTemplate;
if(typeof data10 !== "string"){
const err16 = {instancePath:instancePath+"/textTemplate",schemaPath:"#/properties/textTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.textTemplate.type,parentSchema:schema36.properties.textTemplate,data:data10};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.messageTemplate !== undefined){
let data11 = data.messageTemplate;
if(typeof data11 !== "string"){
const err17 = {instancePath:instancePath+"/messageTemplate",schemaPath:"#/properties/messageTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.messageTemplate.type,parentSchema:schema36.properties.messageTemplate,data:data11};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.sessionKey !== undefined){
let data12 = data.sessionKey;
if(typeof data12 !== "string"){
const err18 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.sessionKey.type,parentSchema:schema36.properties.sessionKey,data:data12};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.sessionMode !== undefined){
let data13 = data.sessionMode;
if(!((data13 === "persistent") || (data13 === "isolated"))){
const err19 = {instancePath:instancePath+"/sessionMode",schemaPath:"#/$defs/sessionMode/enum",keyword:"enum",params:{allowedValues: schema38.enum},message:"must be equal to one of the allowed values",schema:schema38.enum,parentSchema:schema38,data:data13};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.deliver !== undefined){
let data14 = data.deliver;
if(typeof data14 !== "boolean"){
const err20 = {instancePath:instancePath+"/deliver",schemaPath:"#/properties/deliver/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.deliver.type,parentSchema:schema36.properties.deliver,data:data14};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.channel !== undefined){
let data15 = data.channel;
if(!(((((((((data15 === "last") || (data15 === "whatsapp")) || (data15 === "telegram")) || (data15 === "discord")) || (data15 === "slack")) || (data15 === "mattermost")) || (data15 === "signal")) || (data15 === "imessage")) || (data15 === "msteams"))){
const err21 = {instancePath:instancePath+"/channel",schemaPath:"#/$defs/channelName/enum",keyword:"enum",params:{allowedValues: schema39.enum},message:"must be equal to one of the allowed values",schema:schema39.enum,parentSchema:schema39,data:data15};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.to !== undefined){
let data16 = data.to;
if(typeof data16 !== "string"){
const err22 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.to.type,parentSchema:schema36.properties.to,data:data16};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.agentId !== undefined){
let data17 = data.agentId;
if(typeof data17 === "string"){
if(func3(data17) < 1){
const err23 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.agentId,data:data17};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.agentId.type,parentSchema:schema36.properties.agentId,data:data17};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.model !== undefined){
let data18 = data.model;
if(typeof data18 !== "string"){
const err25 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.model.type,parentSchema:schema36.properties.model,data:data18};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.thinking !== undefined){
let data19 = data.thinking;
if(typeof data19 !== "string"){
const err26 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.thinking.type,parentSchema:schema36.properties.thinking,data:data19};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data20 = data.timeoutSeconds;
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 86400 || isNaN(data20)){
const err27 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data20 <= 0 || isNaN(data20)){
const err28 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema36.properties.timeoutSeconds.type,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.allowUnsafeExternalContent !== undefined){
let data21 = data.allowUnsafeExternalContent;
if(typeof data21 !== "boolean"){
const err30 = {instancePath:instancePath+"/allowUnsafeExternalContent",schemaPath:"#/properties/allowUnsafeExternalContent/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.allowUnsafeExternalContent.type,parentSchema:schema36.properties.allowUnsafeExternalContent,data:data21};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.contentSource !== undefined){
let data22 = data.contentSource;
if(typeof data22 === "string"){
if(func3(data22) < 1){
const err31 = {instancePath:instancePath+"/contentSource",schemaPath:"#/properties/contentSource/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.contentSource,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/contentSource",schemaPath:"#/properties/contentSource/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.contentSource.type,parentSchema:schema36.properties.contentSource,data:data22};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.transform !== undefined){
let data23 = data.transform;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.module === undefined){
const err33 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/required",keyword:"required",params:{missingProperty: "module"},message:"must have required property '"+"module"+"'",schema:schema40.required,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
for(const key2 in data23){
if(!((key2 === "module") || (key2 === "export"))){
const err34 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data23.module !== undefined){
let data24 = data23.module;
if(typeof data24 === "string"){
if(func3(data24) < 1){
const err35 = {instancePath:instancePath+"/transform/module",schemaPath:"#/$defs/transform/properties/module/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema40.properties.module,data:data24};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/transform/module",schemaPath:"#/$defs/transform/properties/module/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema40.properties.module.type,parentSchema:schema40.properties.module,data:data24};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data23.export !== undefined){
let data25 = data23.export;
if(typeof data25 === "string"){
if(func3(data25) < 1){
const err37 = {instancePath:instancePath+"/transform/export",schemaPath:"#/$defs/transform/properties/export/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema40.properties.export,data:data25};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/transform/export",schemaPath:"#/$defs/transform/properties/export/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema40.properties.export.type,parentSchema:schema40.properties.export,data:data25};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema40.type,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.verify !== undefined){
let data26 = data.verify;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.scheme === undefined){
const err40 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/required",keyword:"required",params:{missingProperty: "scheme"},message:"must have required property '"+"scheme"+"'",schema:schema41.required,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
for(const key3 in data26){
if(!(func1.call(schema41.properties, key3))){
const err41 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data26.scheme !== undefined){
let data27 = data26.scheme;
if(!((((((((((((((((data27 === "github") || (data27 === "gitlab")) || (data27 === "stripe")) || (data27 === "slack")) || (data27 === "standard-webhooks")) || (data27 === "shopify")) || (data27 === "linear")) || (data27 === "sentry")) || (data27 === "pagerduty")) || (data27 === "twilio")) || (data27 === "ed25519")) || (data27 === "zoom")) || (data27 === "meta")) || (data27 === "header")) || (data27 === "basic")) || (data27 === "hmac"))){
const err42 = {instancePath:instancePath+"/verify/scheme",schemaPath:"#/$defs/verify/properties/scheme/enum",keyword:"enum",params:{allowedValues: schema41.properties.scheme.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.scheme.enum,parentSchema:schema41.properties.scheme,data:data27};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data26.secret !== undefined){
let data28 = data26.secret;
if(typeof data28 !== "string"){
const err43 = {instancePath:instancePath+"/verify/secret",schemaPath:"#/$defs/verify/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secret.type,parentSchema:schema41.properties.secret,data:data28};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data26.publicKey !== undefined){
let data29 = data26.publicKey;
if(typeof data29 !== "string"){
const err44 = {instancePath:instancePath+"/verify/publicKey",schemaPath:"#/$defs/verify/properties/publicKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKey.type,parentSchema:schema41.properties.publicKey,data:data29};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data26.publicKeys !== undefined){
let data30 = data26.publicKeys;
if(Array.isArray(data30)){
if(data30.length < 1){
const err45 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"#/$defs/verify/properties/publicKeys/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.publicKeys,data:data30};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
const len0 = data30.length;
for(let i0=0; i0<len0; i0++){
let data31 = data30[i0];
if(typeof data31 !== "string"){
const err46 = {instancePath:instancePath+"/verify/publicKeys/" + i0,schemaPath:"#/$defs/verify/properties/publicKeys/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKeys.items.type,parentSchema:schema41.properties.publicKeys.items,data:data31};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"#/$defs/verify/properties/publicKeys/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.publicKeys.type,parentSchema:schema41.properties.publicKeys,data:data30};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data26.secrets !== undefined){
let data32 = data26.secrets;
if(Array.isArray(data32)){
if(data32.length < 1){
const err48 = {instancePath:instancePath+"/verify/secrets",schemaPath:"#/$defs/verify/properties/secrets/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.secrets,data:data32};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
const len1 = data32.length;
for(let i1=0; i1<len1; i1++){
let data33 = data32[i1];
if(typeof data33 !== "string"){
const err49 = {instancePath:instancePath+"/verify/secrets/" + i1,schemaPath:"#/$defs/verify/properties/secrets/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secrets.items.type,parentSchema:schema41.properties.secrets.items,data:data33};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/verify/secrets",schemaPath:"#/$defs/verify/properties/secrets/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.secrets.type,parentSchema:schema41.properties.secrets,data:data32};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data26.username !== undefined){
let data34 = data26.username;
if(typeof data34 === "string"){
if(func3(data34) < 1){
const err51 = {instancePath:instancePath+"/verify/username",schemaPath:"#/$defs/verify/properties/username/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.username,data:data34};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/verify/username",schemaPath:"#/$defs/verify/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.username.type,parentSchema:schema41.properties.username,data:data34};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data26.header !== undefined){
let data35 = data26.header;
if(typeof data35 === "string"){
if(func3(data35) < 1){
const err53 = {instancePath:instancePath+"/verify/header",schemaPath:"#/$defs/verify/properties/header/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.header,data:data35};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/verify/header",schemaPath:"#/$defs/verify/properties/header/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.header.type,parentSchema:schema41.properties.header,data:data35};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data26.algorithm !== undefined){
let data36 = data26.algorithm;
if(!(((data36 === "sha1") || (data36 === "sha256")) || (data36 === "sha512"))){
const err55 = {instancePath:instancePath+"/verify/algorithm",schemaPath:"#/$defs/verify/properties/algorithm/enum",keyword:"enum",params:{allowedValues: schema41.properties.algorithm.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.algorithm.enum,parentSchema:schema41.properties.algorithm,data:data36};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data26.encoding !== undefined){
let data37 = data26.encoding;
if(!(((data37 === "hex") || (data37 === "base64")) || (data37 === "base64url"))){
const err56 = {instancePath:instancePath+"/verify/encoding",schemaPath:"#/$defs/verify/properties/encoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.encoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.encoding.enum,parentSchema:schema41.properties.encoding,data:data37};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data26.prefix !== undefined){
let data38 = data26.prefix;
if(typeof data38 !== "string"){
const err57 = {instancePath:instancePath+"/verify/prefix",schemaPath:"#/$defs/verify/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.prefix.type,parentSchema:schema41.properties.prefix,data:data38};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data26.signed !== undefined){
let data39 = data26.signed;
if(typeof data39 === "string"){
if(func3(data39) < 1){
const err58 = {instancePath:instancePath+"/verify/signed",schemaPath:"#/$defs/verify/properties/signed/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.signed,data:data39};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/verify/signed",schemaPath:"#/$defs/verify/properties/signed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.signed.type,parentSchema:schema41.properties.signed,data:data39};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data26.secretEncoding !== undefined){
let data40 = data26.secretEncoding;
if(!(((data40 === "utf8") || (data40 === "base64")) || (data40 === "hex"))){
const err60 = {instancePath:instancePath+"/verify/secretEncoding",schemaPath:"#/$defs/verify/properties/secretEncoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.secretEncoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.secretEncoding.enum,parentSchema:schema41.properties.secretEncoding,data:data40};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data26.timestampHeader !== undefined){
let data41 = data26.timestampHeader;
if(typeof data41 === "string"){
if(func3(data41) < 1){
const err61 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"#/$defs/verify/properties/timestampHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.timestampHeader,data:data41};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"#/$defs/verify/properties/timestampHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.timestampHeader.type,parentSchema:schema41.properties.timestampHeader,data:data41};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data26.idHeader !== undefined){
let data42 = data26.idHeader;
if(typeof data42 === "string"){
if(func3(data42) < 1){
const err63 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"#/$defs/verify/properties/idHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idHeader,data:data42};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"#/$defs/verify/properties/idHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idHeader.type,parentSchema:schema41.properties.idHeader,data:data42};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data26.idField !== undefined){
let data43 = data26.idField;
if(typeof data43 === "string"){
if(func3(data43) < 1){
const err65 = {instancePath:instancePath+"/verify/idField",schemaPath:"#/$defs/verify/properties/idField/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idField,data:data43};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/verify/idField",schemaPath:"#/$defs/verify/properties/idField/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idField.type,parentSchema:schema41.properties.idField,data:data43};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data26.toleranceSeconds !== undefined){
let data44 = data26.toleranceSeconds;
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 > 604800 || isNaN(data44)){
const err67 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 604800},message:"must be <= 604800",schema:604800,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data44 <= 0 || isNaN(data44)){
const err68 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema41.properties.toleranceSeconds.type,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data26.idempotencyTtlSeconds !== undefined){
let data45 = data26.idempotencyTtlSeconds;
if(!(((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45))) && (isFinite(data45)))){
const err70 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema41.properties.idempotencyTtlSeconds.type,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if((typeof data45 == "number") && (isFinite(data45))){
if(data45 > 2592000 || isNaN(data45)){
const err71 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2592000},message:"must be <= 2592000",schema:2592000,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data45 < 1 || isNaN(data45)){
const err72 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
}
else {
const err73 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema41.type,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data.challenge !== undefined){
let data46 = data.challenge;
if(data46 && typeof data46 == "object" && !Array.isArray(data46)){
if(data46.kind === undefined){
const err74 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema42.required,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
for(const key4 in data46){
if(!((key4 === "kind") || (key4 === "verifyToken"))){
const err75 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data46.kind !== undefined){
let data47 = data46.kind;
if(!((((data47 === "slack") || (data47 === "zoom")) || (data47 === "discord")) || (data47 === "meta"))){
const err76 = {instancePath:instancePath+"/challenge/kind",schemaPath:"#/$defs/challenge/properties/kind/enum",keyword:"enum",params:{allowedValues: schema42.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema42.properties.kind.enum,parentSchema:schema42.properties.kind,data:data47};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data46.verifyToken !== undefined){
let data48 = data46.verifyToken;
if(typeof data48 !== "string"){
const err77 = {instancePath:instancePath+"/challenge/verifyToken",schemaPath:"#/$defs/challenge/properties/verifyToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema42.properties.verifyToken.type,parentSchema:schema42.properties.verifyToken,data:data48};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema42.type,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.cloudevents !== undefined){
let data49 = data.cloudevents;
if(typeof data49 !== "boolean"){
const err79 = {instancePath:instancePath+"/cloudevents",schemaPath:"#/properties/cloudevents/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.cloudevents.type,parentSchema:schema36.properties.cloudevents,data:data49};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data.maxBodyBytes !== undefined){
let data50 = data.maxBodyBytes;
if(!(((typeof data50 == "number") && (!(data50 % 1) && !isNaN(data50))) && (isFinite(data50)))){
const err80 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.maxBodyBytes.type,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data50 == "number") && (isFinite(data50))){
if(data50 > 67108864 || isNaN(data50)){
const err81 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 67108864},message:"must be <= 67108864",schema:67108864,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(data50 < 1 || isNaN(data50)){
const err82 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
if(data.flow !== undefined){
if(!(validate25(data.flow, {instancePath:instancePath+"/flow",parentData:data,parentDataProperty:"flow",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.coalesceTemplate !== undefined){
let data52 = data.coalesceTemplate;
if(typeof data52 !== "string"){
const err83 = {instancePath:instancePath+"/coalesceTemplate",schemaPath:"#/properties/coalesceTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.coalesceTemplate.type,parentSchema:schema36.properties.coalesceTemplate,data:data52};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data.successStatus !== undefined){
let data53 = data.successStatus;
if(!(((data53 === 200) || (data53 === 202)) || (data53 === 204))){
const err84 = {instancePath:instancePath+"/successStatus",schemaPath:"#/properties/successStatus/enum",keyword:"enum",params:{allowedValues: schema36.properties.successStatus.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.successStatus.enum,parentSchema:schema36.properties.successStatus,data:data53};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data.successBody !== undefined){
let data54 = data.successBody;
const _errs110 = errors;
let valid15 = false;
let passing0 = null;
const _errs111 = errors;
if(false !== data54){
const err85 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf/0/const",keyword:"const",params:{allowedValue: false},message:"must be equal to constant",schema:false,parentSchema:schema36.properties.successBody.oneOf[0],data:data54};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid0 = _errs111 === errors;
if(_valid0){
valid15 = true;
passing0 = 0;
}
const _errs112 = errors;
if(!(data54 && typeof data54 == "object" && !Array.isArray(data54))){
const err86 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.properties.successBody.oneOf[1].type,parentSchema:schema36.properties.successBody.oneOf[1],data:data54};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
var _valid0 = _errs112 === errors;
if(_valid0 && valid15){
valid15 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid15 = true;
passing0 = 1;
}
}
if(!valid15){
const err87 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf",schema:schema36.properties.successBody.oneOf,parentSchema:schema36.properties.successBody,data:data54};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
else {
errors = _errs110;
if(vErrors !== null){
if(_errs110){
vErrors.length = _errs110;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err88 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.type,parentSchema:schema36,data};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
validate48.errors = vErrors;
return errors === 0;
}
validate48.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema90 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://hookgate.dev/schemas/test-case.schema.json","title":"TestCase","description":"One embedded test case of a rule file or pack (its `tests:` list): a request and the outcome it must get. `hookgate test` with no hook name runs every case of everything enabled.","type":"object","additionalProperties":false,"required":["name","expect"],"properties":{"name":{"type":"string","minLength":1,"description":"What the case shows; printed with PASS or FAIL."},"path":{"type":"string","minLength":1,"description":"Hook name after hooks.path (github for /hooks/github). Default: the match.path of the first mapping of this file that has one."},"method":{"enum":["POST","GET"],"description":"POST (default), or GET for Meta's subscription check (the path's mappings need challenge kind meta)."},"headers":{"type":"object","additionalProperties":{"type":"string"},"description":"Request headers (names are compared lower-case). A sender's signature header here, without sign, is verified as given (for refused-signature cases)."},"query":{"type":"object","additionalProperties":{"type":"string"},"description":"Query parameters."},"payload":{"description":"The body, inline (any JSON value). Give this or payloadFile; neither sends an empty object."},"payloadFile":{"type":"string","minLength":1,"description":"File holding the body, relative to the rule or pack file; sent byte for byte (so JSON is signed exactly as written there)."},"form":{"type":"boolean","description":"Send the payload (an object of fields) as application/x-www-form-urlencoded."},"sign":{"description":"Sign the body with the verify of the mapping the path's verifying mappings start with, and send it without the hook token. true signs with its secret; { secret } signs with another secret (a refused-signature case).","oneOf":[{"type":"boolean"},{"type":"object","additionalProperties":false,"required":["secret"],"properties":{"secret":{"type":"string","description":"Sign with this secret instead of the mapping's."}}}]},"now":{"type":"string","format":"date-time","description":"The time {{now}} renders and signatures are made and checked at (default: the current time)."},"params":{"type":"object","description":"Packs only: parameter values for this case, over the pack's defaults."},"expect":{"$ref":"#/$defs/expectation"}},"$defs":{"expectation":{"type":"object","additionalProperties":false,"minProperties":1,"description":"The outcome the case must get; only the fields given are compared.","properties":{"status":{"type":"integer","minimum":100,"maximum":599,"description":"HTTP status the server answers (202 agent run, 200 wake or handshake, 204 ignored, 404 no match, 401 refused signature ...)."},"mapping":{"type":"string","description":"Id of the mapping that owns the request."},"kind":{"enum":["agent","wake","ignore","no-match","refused","challenge"],"description":"agent run, wake, ignore (204, nothing stored), no-match (404), refused (any other error answer), challenge (a handshake hookgate answers)."},"count":{"type":"integer","minimum":0,"description":"Number of actions the request makes (fan-out); 0 for an ignored or refused request."},"action":{"$ref":"#/$defs/actionExpectation"},"actions":{"type":"array","items":{"$ref":"#/$defs/actionExpectation"},"description":"Selected fields of each action, in order (fan-out); the count must match too."},"reason":{"type":"string","minLength":1,"description":"refused: a piece of the error code or of the error message (case-insensitive)."}}},"actionExpectation":{"type":"object","description":"Selected fields of an action (agent: message, name, sessionKey, agentId, channel, to, deliver, model, ...; wake: text, mode, name; both: coalesceKey and dedupeKey, the rendered keys of the mapping's flow, null when it has none). A string compares exactly; { contains } and { matches } compare a part or a regular expression.","additionalProperties":{"$ref":"#/$defs/valueMatch"}},"valueMatch":{"anyOf":[{"type":["string","number","boolean","null"]},{"type":"object","additionalProperties":false,"minProperties":1,"maxProperties":1,"properties":{"contains":{"type":"string","description":"The value is a string containing this."},"matches":{"type":"string","description":"The value is a string this regular expression (JavaScript syntax) finds a match in."}}}]}}};
const formats22 = require("ajv-formats/dist/formats").fullFormats["date-time"];
const schema91 = {"type":"object","additionalProperties":false,"minProperties":1,"description":"The outcome the case must get; only the fields given are compared.","properties":{"status":{"type":"integer","minimum":100,"maximum":599,"description":"HTTP status the server answers (202 agent run, 200 wake or handshake, 204 ignored, 404 no match, 401 refused signature ...)."},"mapping":{"type":"string","description":"Id of the mapping that owns the request."},"kind":{"enum":["agent","wake","ignore","no-match","refused","challenge"],"description":"agent run, wake, ignore (204, nothing stored), no-match (404), refused (any other error answer), challenge (a handshake hookgate answers)."},"count":{"type":"integer","minimum":0,"description":"Number of actions the request makes (fan-out); 0 for an ignored or refused request."},"action":{"$ref":"#/$defs/actionExpectation"},"actions":{"type":"array","items":{"$ref":"#/$defs/actionExpectation"},"description":"Selected fields of each action, in order (fan-out); the count must match too."},"reason":{"type":"string","minLength":1,"description":"refused: a piece of the error code or of the error message (case-insensitive)."}}};
const schema92 = {"type":"object","description":"Selected fields of an action (agent: message, name, sessionKey, agentId, channel, to, deliver, model, ...; wake: text, mode, name; both: coalesceKey and dedupeKey, the rendered keys of the mapping's flow, null when it has none). A string compares exactly; { contains } and { matches } compare a part or a regular expression.","additionalProperties":{"$ref":"#/$defs/valueMatch"}};
const schema93 = {"anyOf":[{"type":["string","number","boolean","null"]},{"type":"object","additionalProperties":false,"minProperties":1,"maxProperties":1,"properties":{"contains":{"type":"string","description":"The value is a string containing this."},"matches":{"type":"string","description":"The value is a string this regular expression (JavaScript syntax) finds a match in."}}}]};

function validate53(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate53.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
let data0 = data[key0];
const _errs4 = errors;
let valid2 = false;
const _errs5 = errors;
if((((typeof data0 !== "string") && (!((typeof data0 == "number") && (isFinite(data0))))) && (typeof data0 !== "boolean")) && (data0 !== null)){
const err0 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/valueMatch/anyOf/0/type",keyword:"type",params:{type: schema93.anyOf[0].type},message:"must be string,number,boolean,null",schema:schema93.anyOf[0].type,parentSchema:schema93.anyOf[0],data:data0};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs5 === errors;
valid2 = valid2 || _valid0;
const _errs7 = errors;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(Object.keys(data0).length > 1){
const err1 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/valueMatch/anyOf/1/maxProperties",keyword:"maxProperties",params:{limit: 1},message:"must NOT have more than 1 properties",schema:1,parentSchema:schema93.anyOf[1],data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(Object.keys(data0).length < 1){
const err2 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/valueMatch/anyOf/1/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties",schema:1,parentSchema:schema93.anyOf[1],data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key1 in data0){
if(!((key1 === "contains") || (key1 === "matches"))){
const err3 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/valueMatch/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema93.anyOf[1],data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data0.contains !== undefined){
let data1 = data0.contains;
if(typeof data1 !== "string"){
const err4 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/contains",schemaPath:"#/$defs/valueMatch/anyOf/1/properties/contains/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema93.anyOf[1].properties.contains.type,parentSchema:schema93.anyOf[1].properties.contains,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data0.matches !== undefined){
let data2 = data0.matches;
if(typeof data2 !== "string"){
const err5 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/matches",schemaPath:"#/$defs/valueMatch/anyOf/1/properties/matches/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema93.anyOf[1].properties.matches.type,parentSchema:schema93.anyOf[1].properties.matches,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/valueMatch/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema93.anyOf[1].type,parentSchema:schema93.anyOf[1],data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid0 = _errs7 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err7 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/valueMatch/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema93.anyOf,parentSchema:schema93,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs4;
if(vErrors !== null){
if(_errs4){
vErrors.length = _errs4;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema92.type,parentSchema:schema92,data};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate53.errors = vErrors;
return errors === 0;
}
validate53.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate52(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate52.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(Object.keys(data).length < 1){
const err0 = {instancePath,schemaPath:"#/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties",schema:1,parentSchema:schema91,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "status") || (key0 === "mapping")) || (key0 === "kind")) || (key0 === "count")) || (key0 === "action")) || (key0 === "actions")) || (key0 === "reason"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema91,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.status !== undefined){
let data0 = data.status;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema91.properties.status.type,parentSchema:schema91.properties.status,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 > 599 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/maximum",keyword:"maximum",params:{comparison: "<=", limit: 599},message:"must be <= 599",schema:599,parentSchema:schema91.properties.status,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 100 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100",schema:100,parentSchema:schema91.properties.status,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
if(data.mapping !== undefined){
let data1 = data.mapping;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/mapping",schemaPath:"#/properties/mapping/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema91.properties.mapping.type,parentSchema:schema91.properties.mapping,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.kind !== undefined){
let data2 = data.kind;
if(!((((((data2 === "agent") || (data2 === "wake")) || (data2 === "ignore")) || (data2 === "no-match")) || (data2 === "refused")) || (data2 === "challenge"))){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema91.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema91.properties.kind.enum,parentSchema:schema91.properties.kind,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.count !== undefined){
let data3 = data.count;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err7 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema91.properties.count.type,parentSchema:schema91.properties.count,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err8 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema91.properties.count,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data.action !== undefined){
if(!(validate53(data.action, {instancePath:instancePath+"/action",parentData:data,parentDataProperty:"action",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate53.errors : vErrors.concat(validate53.errors);
errors = vErrors.length;
}
}
if(data.actions !== undefined){
let data5 = data.actions;
if(Array.isArray(data5)){
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
if(!(validate53(data5[i0], {instancePath:instancePath+"/actions/" + i0,parentData:data5,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate53.errors : vErrors.concat(validate53.errors);
errors = vErrors.length;
}
}
}
else {
const err9 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema91.properties.actions.type,parentSchema:schema91.properties.actions,data:data5};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.reason !== undefined){
let data7 = data.reason;
if(typeof data7 === "string"){
if(func3(data7) < 1){
const err10 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema91.properties.reason,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema91.properties.reason.type,parentSchema:schema91.properties.reason,data:data7};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema91.type,parentSchema:schema91,data};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate52.errors = vErrors;
return errors === 0;
}
validate52.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate51(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://hookgate.dev/schemas/test-case.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate51.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.expect === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema90.properties, key0))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema90.properties.name,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.name.type,parentSchema:schema90.properties.name,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.path !== undefined){
let data1 = data.path;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema90.properties.path,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.path.type,parentSchema:schema90.properties.path,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.method !== undefined){
let data2 = data.method;
if(!((data2 === "POST") || (data2 === "GET"))){
const err7 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/enum",keyword:"enum",params:{allowedValues: schema90.properties.method.enum},message:"must be equal to one of the allowed values",schema:schema90.properties.method.enum,parentSchema:schema90.properties.method,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.headers !== undefined){
let data3 = data.headers;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
for(const key1 in data3){
let data4 = data3[key1];
if(typeof data4 !== "string"){
const err8 = {instancePath:instancePath+"/headers/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/headers/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.headers.additionalProperties.type,parentSchema:schema90.properties.headers.additionalProperties,data:data4};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/headers",schemaPath:"#/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema90.properties.headers.type,parentSchema:schema90.properties.headers,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.query !== undefined){
let data5 = data.query;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
for(const key2 in data5){
let data6 = data5[key2];
if(typeof data6 !== "string"){
const err10 = {instancePath:instancePath+"/query/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/query/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.query.additionalProperties.type,parentSchema:schema90.properties.query.additionalProperties,data:data6};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema90.properties.query.type,parentSchema:schema90.properties.query,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.payloadFile !== undefined){
let data7 = data.payloadFile;
if(typeof data7 === "string"){
if(func3(data7) < 1){
const err12 = {instancePath:instancePath+"/payloadFile",schemaPath:"#/properties/payloadFile/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema90.properties.payloadFile,data:data7};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/payloadFile",schemaPath:"#/properties/payloadFile/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.payloadFile.type,parentSchema:schema90.properties.payloadFile,data:data7};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.form !== undefined){
let data8 = data.form;
if(typeof data8 !== "boolean"){
const err14 = {instancePath:instancePath+"/form",schemaPath:"#/properties/form/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema90.properties.form.type,parentSchema:schema90.properties.form,data:data8};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.sign !== undefined){
let data9 = data.sign;
const _errs22 = errors;
let valid3 = false;
let passing0 = null;
const _errs23 = errors;
if(typeof data9 !== "boolean"){
const err15 = {instancePath:instancePath+"/sign",schemaPath:"#/properties/sign/oneOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema90.properties.sign.oneOf[0].type,parentSchema:schema90.properties.sign.oneOf[0],data:data9};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs23 === errors;
if(_valid0){
valid3 = true;
passing0 = 0;
}
const _errs25 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.secret === undefined){
const err16 = {instancePath:instancePath+"/sign",schemaPath:"#/properties/sign/oneOf/1/required",keyword:"required",params:{missingProperty: "secret"},message:"must have required property '"+"secret"+"'",schema:schema90.properties.sign.oneOf[1].required,parentSchema:schema90.properties.sign.oneOf[1],data:data9};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key3 in data9){
if(!(key3 === "secret")){
const err17 = {instancePath:instancePath+"/sign",schemaPath:"#/properties/sign/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema90.properties.sign.oneOf[1],data:data9};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data9.secret !== undefined){
let data10 = data9.secret;
if(typeof data10 !== "string"){
const err18 = {instancePath:instancePath+"/sign/secret",schemaPath:"#/properties/sign/oneOf/1/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.sign.oneOf[1].properties.secret.type,parentSchema:schema90.properties.sign.oneOf[1].properties.secret,data:data10};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/sign",schemaPath:"#/properties/sign/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema90.properties.sign.oneOf[1].type,parentSchema:schema90.properties.sign.oneOf[1],data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid0 = _errs25 === errors;
if(_valid0 && valid3){
valid3 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid3 = true;
passing0 = 1;
}
}
if(!valid3){
const err20 = {instancePath:instancePath+"/sign",schemaPath:"#/properties/sign/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf",schema:schema90.properties.sign.oneOf,parentSchema:schema90.properties.sign,data:data9};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs22;
if(vErrors !== null){
if(_errs22){
vErrors.length = _errs22;
}
else {
vErrors = null;
}
}
}
}
if(data.now !== undefined){
let data11 = data.now;
if(typeof data11 === "string"){
if(!(formats22.validate(data11))){
const err21 = {instancePath:instancePath+"/now",schemaPath:"#/properties/now/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema90.properties.now,data:data11};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/now",schemaPath:"#/properties/now/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.now.type,parentSchema:schema90.properties.now,data:data11};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.params !== undefined){
let data12 = data.params;
if(!(data12 && typeof data12 == "object" && !Array.isArray(data12))){
const err23 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema90.properties.params.type,parentSchema:schema90.properties.params,data:data12};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.expect !== undefined){
if(!(validate52(data.expect, {instancePath:instancePath+"/expect",parentData:data,parentDataProperty:"expect",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate52.errors : vErrors.concat(validate52.errors);
errors = vErrors.length;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema90.type,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate51.errors = vErrors;
return errors === 0;
}
validate51.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate47(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://hookgate.dev/schemas/rules-file.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate47.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mappings === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mappings"},message:"must have required property '"+"mappings"+"'",schema:schema82.required,parentSchema:schema82,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "$schema") || (key0 === "preset")) || (key0 === "aliases")) || (key0 === "description")) || (key0 === "mappings")) || (key0 === "tests"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema82,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.$schema !== undefined){
let data0 = data.$schema;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema82.properties.$schema.type,parentSchema:schema82.properties.$schema,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.preset !== undefined){
let data1 = data.preset;
if(typeof data1 === "string"){
if(!pattern25.test(data1)){
const err3 = {instancePath:instancePath+"/preset",schemaPath:"#/properties/preset/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9-]+$"},message:"must match pattern \""+"^[a-z0-9-]+$"+"\"",schema:"^[a-z0-9-]+$",parentSchema:schema82.properties.preset,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/preset",schemaPath:"#/properties/preset/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema82.properties.preset.type,parentSchema:schema82.properties.preset,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.aliases !== undefined){
let data2 = data.aliases;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 === "string"){
if(!pattern25.test(data3)){
const err5 = {instancePath:instancePath+"/aliases/" + i0,schemaPath:"#/properties/aliases/items/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9-]+$"},message:"must match pattern \""+"^[a-z0-9-]+$"+"\"",schema:"^[a-z0-9-]+$",parentSchema:schema82.properties.aliases.items,data:data3};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/aliases/" + i0,schemaPath:"#/properties/aliases/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema82.properties.aliases.items.type,parentSchema:schema82.properties.aliases.items,data:data3};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/aliases",schemaPath:"#/properties/aliases/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema82.properties.aliases.type,parentSchema:schema82.properties.aliases,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.description !== undefined){
let data4 = data.description;
if(typeof data4 !== "string"){
const err8 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema82.properties.description.type,parentSchema:schema82.properties.description,data:data4};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.mappings !== undefined){
let data5 = data.mappings;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
if(!(validate48(data5[i1], {instancePath:instancePath+"/mappings/" + i1,parentData:data5,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate48.errors : vErrors.concat(validate48.errors);
errors = vErrors.length;
}
}
}
else {
const err9 = {instancePath:instancePath+"/mappings",schemaPath:"#/properties/mappings/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema82.properties.mappings.type,parentSchema:schema82.properties.mappings,data:data5};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.tests !== undefined){
let data7 = data.tests;
if(Array.isArray(data7)){
const len2 = data7.length;
for(let i2=0; i2<len2; i2++){
if(!(validate51(data7[i2], {instancePath:instancePath+"/tests/" + i2,parentData:data7,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate51.errors : vErrors.concat(validate51.errors);
errors = vErrors.length;
}
}
}
else {
const err10 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema82.properties.tests.type,parentSchema:schema82.properties.tests,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema82.type,parentSchema:schema82,data};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate47.errors = vErrors;
return errors === 0;
}
validate47.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validatePack = validate58;
const schema94 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://hookgate.dev/schemas/pack.schema.json","title":"Pack","description":"A pack: the rules for one sender, with typed parameters, enabled by hooks.presets and configured under hooks.packs.<id>. Built-in packs live in rules/presets/; hooks.packDirs folders and installed hookgate-pack-<name> packages add more.","type":"object","additionalProperties":false,"required":["id","version","mappings"],"properties":{"$schema":{"type":"string","description":"Path or URL of this schema, for editors."},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$","description":"Name hooks.presets enables the pack by and hooks.packs.<id> configures it under."},"version":{"type":"string","pattern":"^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$","description":"Semantic version of the pack (major.minor.patch)."},"description":{"type":"string","description":"What the pack does, in a sentence or two."},"aliases":{"type":"array","items":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"uniqueItems":true,"description":"Other names that enable the same pack (in hooks.presets) and configure it (in hooks.packs)."},"docs":{"type":"array","items":{"type":"string","format":"uri"},"description":"Links to the sender's documentation of these webhooks."},"params":{"type":"object","propertyNames":{"pattern":"^[A-Za-z][A-Za-z0-9_]*$"},"additionalProperties":{"$ref":"#/$defs/param"},"description":"Typed parameters. Values come from hooks.packs.<id>; verify, challenge and mappings use them as ${param:NAME}."},"verify":{"$ref":"config.schema.json#/$defs/verify","description":"Default verify of every mapping of the pack that has none of its own."},"challenge":{"$ref":"config.schema.json#/$defs/challenge","description":"Default challenge of every mapping of the pack that has none of its own."},"mappings":{"type":"array","items":{"$ref":"config.schema.json#/$defs/mapping"},"description":"The rules, in order; they come after hooks.mappings and hooks.rules."},"tests":{"type":"array","items":{"$ref":"test-case.schema.json"},"description":"Test cases run by hookgate test --config F (no hook name)."}},"$defs":{"param":{"title":"PackParam","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"enum":["string","boolean","integer","number","array"],"description":"Type of the value; array holds strings."},"items":{"type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"const":"string"}},"description":"Type of an array's elements (string)."},"description":{"type":"string","description":"What the parameter does; hookgate packs show prints it."},"default":{"description":"Value when hooks.packs.<id> gives none. In a built-in pack, strings in it may use ${ENV} and ${ENV:-fallback}, expanded only when the default is used (an unset variable leaves the parameter without a value); any other pack's default is taken as written, and one that reads ${ENV} or ${file:PATH} is a load error: its user sets such a parameter."},"enum":{"type":"array","minItems":1,"items":{"type":["string","number","integer","boolean"]},"description":"The values allowed."},"required":{"type":"boolean","default":false,"description":"true: loading fails when neither hooks.packs.<id> nor the default gives a value."},"secret":{"type":"boolean","default":false,"description":"true: the value is never printed (hookgate packs show, validate, test output, logs)."}}}}};
const schema95 = {"title":"PackParam","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"enum":["string","boolean","integer","number","array"],"description":"Type of the value; array holds strings."},"items":{"type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"const":"string"}},"description":"Type of an array's elements (string)."},"description":{"type":"string","description":"What the parameter does; hookgate packs show prints it."},"default":{"description":"Value when hooks.packs.<id> gives none. In a built-in pack, strings in it may use ${ENV} and ${ENV:-fallback}, expanded only when the default is used (an unset variable leaves the parameter without a value); any other pack's default is taken as written, and one that reads ${ENV} or ${file:PATH} is a load error: its user sets such a parameter."},"enum":{"type":"array","minItems":1,"items":{"type":["string","number","integer","boolean"]},"description":"The values allowed."},"required":{"type":"boolean","default":false,"description":"true: loading fails when neither hooks.packs.<id> nor the default gives a value."},"secret":{"type":"boolean","default":false,"description":"true: the value is never printed (hookgate packs show, validate, test output, logs)."}}};
const pattern29 = new RegExp("^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$", "u");
const pattern31 = new RegExp("^[A-Za-z][A-Za-z0-9_]*$", "u");

function validate59(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate59.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema36.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema36,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err1 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.:-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.:-]+$"+"\"",schema:"^[A-Za-z0-9_.:-]+$",parentSchema:schema36.properties.id,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.id.type,parentSchema:schema36.properties.id,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.name.type,parentSchema:schema36.properties.name,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.match !== undefined){
let data2 = data.match;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key1 in data2){
if(!(((key1 === "path") || (key1 === "source")) || (key1 === "when"))){
const err4 = {instancePath:instancePath+"/match",schemaPath:"#/$defs/match/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema37,data:data2};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data2.path !== undefined){
let data3 = data2.path;
if(typeof data3 !== "string"){
const err5 = {instancePath:instancePath+"/match/path",schemaPath:"#/$defs/match/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema37.properties.path.type,parentSchema:schema37.properties.path,data:data3};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data2.source !== undefined){
let data4 = data2.source;
if(typeof data4 !== "string"){
const err6 = {instancePath:instancePath+"/match/source",schemaPath:"#/$defs/match/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema37.properties.source.type,parentSchema:schema37.properties.source,data:data4};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data2.when !== undefined){
let data5 = data2.when;
if((!(data5 && typeof data5 == "object" && !Array.isArray(data5))) && (typeof data5 !== "boolean")){
const err7 = {instancePath:instancePath+"/match/when",schemaPath:"#/$defs/match/properties/when/type",keyword:"type",params:{type: schema37.properties.when.type},message:"must be object,boolean",schema:schema37.properties.when.type,parentSchema:schema37.properties.when,data:data5};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/match",schemaPath:"#/$defs/match/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema37.type,parentSchema:schema37,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.action !== undefined){
let data6 = data.action;
if(!(((data6 === "wake") || (data6 === "agent")) || (data6 === "ignore"))){
const err9 = {instancePath:instancePath+"/action",schemaPath:"#/properties/action/enum",keyword:"enum",params:{allowedValues: schema36.properties.action.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.action.enum,parentSchema:schema36.properties.action,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.forEach !== undefined){
let data7 = data.forEach;
if(typeof data7 === "string"){
if(func3(data7) < 1){
const err10 = {instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.forEach,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.forEach.type,parentSchema:schema36.properties.forEach,data:data7};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.forEachMax !== undefined){
let data8 = data.forEachMax;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err12 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.forEachMax.type,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 1000 || isNaN(data8)){
const err13 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000",schema:1000,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data8 < 1 || isNaN(data8)){
const err14 = {instancePath:instancePath+"/forEachMax",schemaPath:"#/properties/forEachMax/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.forEachMax,data:data8};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.wakeMode !== undefined){
let data9 = data.wakeMode;
if(!((data9 === "now") || (data9 === "next-heartbeat"))){
const err15 = {instancePath:instancePath+"/wakeMode",schemaPath:"#/properties/wakeMode/enum",keyword:"enum",params:{allowedValues: schema36.properties.wakeMode.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.wakeMode.enum,parentSchema:schema36.properties.wakeMode,data:data9};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.textTemplate !== undefined){
let data10 = data.textTemplate;
if(typeof data10 !== "string"){
const err16 = {instancePath:instancePath+"/textTemplate",schemaPath:"#/properties/textTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.textTemplate.type,parentSchema:schema36.properties.textTemplate,data:data10};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.messageTemplate !== undefined){
let data11 = data.messageTemplate;
if(typeof data11 !== "string"){
const err17 = {instancePath:instancePath+"/messageTemplate",schemaPath:"#/properties/messageTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.messageTemplate.type,parentSchema:schema36.properties.messageTemplate,data:data11};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.sessionKey !== undefined){
let data12 = data.sessionKey;
if(typeof data12 !== "string"){
const err18 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.sessionKey.type,parentSchema:schema36.properties.sessionKey,data:data12};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.sessionMode !== undefined){
let data13 = data.sessionMode;
if(!((data13 === "persistent") || (data13 === "isolated"))){
const err19 = {instancePath:instancePath+"/sessionMode",schemaPath:"#/$defs/sessionMode/enum",keyword:"enum",params:{allowedValues: schema38.enum},message:"must be equal to one of the allowed values",schema:schema38.enum,parentSchema:schema38,data:data13};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.deliver !== undefined){
let data14 = data.deliver;
if(typeof data14 !== "boolean"){
const err20 = {instancePath:instancePath+"/deliver",schemaPath:"#/properties/deliver/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.deliver.type,parentSchema:schema36.properties.deliver,data:data14};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.channel !== undefined){
let data15 = data.channel;
if(!(((((((((data15 === "last") || (data15 === "whatsapp")) || (data15 === "telegram")) || (data15 === "discord")) || (data15 === "slack")) || (data15 === "mattermost")) || (data15 === "signal")) || (data15 === "imessage")) || (data15 === "msteams"))){
const err21 = {instancePath:instancePath+"/channel",schemaPath:"#/$defs/channelName/enum",keyword:"enum",params:{allowedValues: schema39.enum},message:"must be equal to one of the allowed values",schema:schema39.enum,parentSchema:schema39,data:data15};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.to !== undefined){
let data16 = data.to;
if(typeof data16 !== "string"){
const err22 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.to.type,parentSchema:schema36.properties.to,data:data16};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.agentId !== undefined){
let data17 = data.agentId;
if(typeof data17 === "string"){
if(func3(data17) < 1){
const err23 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.agentId,data:data17};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.agentId.type,parentSchema:schema36.properties.agentId,data:data17};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.model !== undefined){
let data18 = data.model;
if(typeof data18 !== "string"){
const err25 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.model.type,parentSchema:schema36.properties.model,data:data18};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.thinking !== undefined){
let data19 = data.thinking;
if(typeof data19 !== "string"){
const err26 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.thinking.type,parentSchema:schema36.properties.thinking,data:data19};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data20 = data.timeoutSeconds;
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 86400 || isNaN(data20)){
const err27 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data20 <= 0 || isNaN(data20)){
const err28 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema36.properties.timeoutSeconds.type,parentSchema:schema36.properties.timeoutSeconds,data:data20};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.allowUnsafeExternalContent !== undefined){
let data21 = data.allowUnsafeExternalContent;
if(typeof data21 !== "boolean"){
const err30 = {instancePath:instancePath+"/allowUnsafeExternalContent",schemaPath:"#/properties/allowUnsafeExternalContent/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.allowUnsafeExternalContent.type,parentSchema:schema36.properties.allowUnsafeExternalContent,data:data21};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.contentSource !== undefined){
let data22 = data.contentSource;
if(typeof data22 === "string"){
if(func3(data22) < 1){
const err31 = {instancePath:instancePath+"/contentSource",schemaPath:"#/properties/contentSource/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema36.properties.contentSource,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/contentSource",schemaPath:"#/properties/contentSource/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.contentSource.type,parentSchema:schema36.properties.contentSource,data:data22};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.transform !== undefined){
let data23 = data.transform;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.module === undefined){
const err33 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/required",keyword:"required",params:{missingProperty: "module"},message:"must have required property '"+"module"+"'",schema:schema40.required,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
for(const key2 in data23){
if(!((key2 === "module") || (key2 === "export"))){
const err34 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data23.module !== undefined){
let data24 = data23.module;
if(typeof data24 === "string"){
if(func3(data24) < 1){
const err35 = {instancePath:instancePath+"/transform/module",schemaPath:"#/$defs/transform/properties/module/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema40.properties.module,data:data24};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/transform/module",schemaPath:"#/$defs/transform/properties/module/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema40.properties.module.type,parentSchema:schema40.properties.module,data:data24};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data23.export !== undefined){
let data25 = data23.export;
if(typeof data25 === "string"){
if(func3(data25) < 1){
const err37 = {instancePath:instancePath+"/transform/export",schemaPath:"#/$defs/transform/properties/export/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema40.properties.export,data:data25};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/transform/export",schemaPath:"#/$defs/transform/properties/export/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema40.properties.export.type,parentSchema:schema40.properties.export,data:data25};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/transform",schemaPath:"#/$defs/transform/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema40.type,parentSchema:schema40,data:data23};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.verify !== undefined){
let data26 = data.verify;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.scheme === undefined){
const err40 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/required",keyword:"required",params:{missingProperty: "scheme"},message:"must have required property '"+"scheme"+"'",schema:schema41.required,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
for(const key3 in data26){
if(!(func1.call(schema41.properties, key3))){
const err41 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data26.scheme !== undefined){
let data27 = data26.scheme;
if(!((((((((((((((((data27 === "github") || (data27 === "gitlab")) || (data27 === "stripe")) || (data27 === "slack")) || (data27 === "standard-webhooks")) || (data27 === "shopify")) || (data27 === "linear")) || (data27 === "sentry")) || (data27 === "pagerduty")) || (data27 === "twilio")) || (data27 === "ed25519")) || (data27 === "zoom")) || (data27 === "meta")) || (data27 === "header")) || (data27 === "basic")) || (data27 === "hmac"))){
const err42 = {instancePath:instancePath+"/verify/scheme",schemaPath:"#/$defs/verify/properties/scheme/enum",keyword:"enum",params:{allowedValues: schema41.properties.scheme.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.scheme.enum,parentSchema:schema41.properties.scheme,data:data27};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data26.secret !== undefined){
let data28 = data26.secret;
if(typeof data28 !== "string"){
const err43 = {instancePath:instancePath+"/verify/secret",schemaPath:"#/$defs/verify/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secret.type,parentSchema:schema41.properties.secret,data:data28};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data26.publicKey !== undefined){
let data29 = data26.publicKey;
if(typeof data29 !== "string"){
const err44 = {instancePath:instancePath+"/verify/publicKey",schemaPath:"#/$defs/verify/properties/publicKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKey.type,parentSchema:schema41.properties.publicKey,data:data29};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data26.publicKeys !== undefined){
let data30 = data26.publicKeys;
if(Array.isArray(data30)){
if(data30.length < 1){
const err45 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"#/$defs/verify/properties/publicKeys/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.publicKeys,data:data30};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
const len0 = data30.length;
for(let i0=0; i0<len0; i0++){
let data31 = data30[i0];
if(typeof data31 !== "string"){
const err46 = {instancePath:instancePath+"/verify/publicKeys/" + i0,schemaPath:"#/$defs/verify/properties/publicKeys/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKeys.items.type,parentSchema:schema41.properties.publicKeys.items,data:data31};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"#/$defs/verify/properties/publicKeys/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.publicKeys.type,parentSchema:schema41.properties.publicKeys,data:data30};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data26.secrets !== undefined){
let data32 = data26.secrets;
if(Array.isArray(data32)){
if(data32.length < 1){
const err48 = {instancePath:instancePath+"/verify/secrets",schemaPath:"#/$defs/verify/properties/secrets/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.secrets,data:data32};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
const len1 = data32.length;
for(let i1=0; i1<len1; i1++){
let data33 = data32[i1];
if(typeof data33 !== "string"){
const err49 = {instancePath:instancePath+"/verify/secrets/" + i1,schemaPath:"#/$defs/verify/properties/secrets/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secrets.items.type,parentSchema:schema41.properties.secrets.items,data:data33};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/verify/secrets",schemaPath:"#/$defs/verify/properties/secrets/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.secrets.type,parentSchema:schema41.properties.secrets,data:data32};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data26.username !== undefined){
let data34 = data26.username;
if(typeof data34 === "string"){
if(func3(data34) < 1){
const err51 = {instancePath:instancePath+"/verify/username",schemaPath:"#/$defs/verify/properties/username/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.username,data:data34};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/verify/username",schemaPath:"#/$defs/verify/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.username.type,parentSchema:schema41.properties.username,data:data34};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data26.header !== undefined){
let data35 = data26.header;
if(typeof data35 === "string"){
if(func3(data35) < 1){
const err53 = {instancePath:instancePath+"/verify/header",schemaPath:"#/$defs/verify/properties/header/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.header,data:data35};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/verify/header",schemaPath:"#/$defs/verify/properties/header/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.header.type,parentSchema:schema41.properties.header,data:data35};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data26.algorithm !== undefined){
let data36 = data26.algorithm;
if(!(((data36 === "sha1") || (data36 === "sha256")) || (data36 === "sha512"))){
const err55 = {instancePath:instancePath+"/verify/algorithm",schemaPath:"#/$defs/verify/properties/algorithm/enum",keyword:"enum",params:{allowedValues: schema41.properties.algorithm.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.algorithm.enum,parentSchema:schema41.properties.algorithm,data:data36};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data26.encoding !== undefined){
let data37 = data26.encoding;
if(!(((data37 === "hex") || (data37 === "base64")) || (data37 === "base64url"))){
const err56 = {instancePath:instancePath+"/verify/encoding",schemaPath:"#/$defs/verify/properties/encoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.encoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.encoding.enum,parentSchema:schema41.properties.encoding,data:data37};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data26.prefix !== undefined){
let data38 = data26.prefix;
if(typeof data38 !== "string"){
const err57 = {instancePath:instancePath+"/verify/prefix",schemaPath:"#/$defs/verify/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.prefix.type,parentSchema:schema41.properties.prefix,data:data38};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data26.signed !== undefined){
let data39 = data26.signed;
if(typeof data39 === "string"){
if(func3(data39) < 1){
const err58 = {instancePath:instancePath+"/verify/signed",schemaPath:"#/$defs/verify/properties/signed/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.signed,data:data39};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/verify/signed",schemaPath:"#/$defs/verify/properties/signed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.signed.type,parentSchema:schema41.properties.signed,data:data39};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data26.secretEncoding !== undefined){
let data40 = data26.secretEncoding;
if(!(((data40 === "utf8") || (data40 === "base64")) || (data40 === "hex"))){
const err60 = {instancePath:instancePath+"/verify/secretEncoding",schemaPath:"#/$defs/verify/properties/secretEncoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.secretEncoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.secretEncoding.enum,parentSchema:schema41.properties.secretEncoding,data:data40};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data26.timestampHeader !== undefined){
let data41 = data26.timestampHeader;
if(typeof data41 === "string"){
if(func3(data41) < 1){
const err61 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"#/$defs/verify/properties/timestampHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.timestampHeader,data:data41};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"#/$defs/verify/properties/timestampHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.timestampHeader.type,parentSchema:schema41.properties.timestampHeader,data:data41};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data26.idHeader !== undefined){
let data42 = data26.idHeader;
if(typeof data42 === "string"){
if(func3(data42) < 1){
const err63 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"#/$defs/verify/properties/idHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idHeader,data:data42};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"#/$defs/verify/properties/idHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idHeader.type,parentSchema:schema41.properties.idHeader,data:data42};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data26.idField !== undefined){
let data43 = data26.idField;
if(typeof data43 === "string"){
if(func3(data43) < 1){
const err65 = {instancePath:instancePath+"/verify/idField",schemaPath:"#/$defs/verify/properties/idField/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idField,data:data43};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/verify/idField",schemaPath:"#/$defs/verify/properties/idField/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idField.type,parentSchema:schema41.properties.idField,data:data43};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data26.toleranceSeconds !== undefined){
let data44 = data26.toleranceSeconds;
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 > 604800 || isNaN(data44)){
const err67 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 604800},message:"must be <= 604800",schema:604800,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data44 <= 0 || isNaN(data44)){
const err68 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"#/$defs/verify/properties/toleranceSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema41.properties.toleranceSeconds.type,parentSchema:schema41.properties.toleranceSeconds,data:data44};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data26.idempotencyTtlSeconds !== undefined){
let data45 = data26.idempotencyTtlSeconds;
if(!(((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45))) && (isFinite(data45)))){
const err70 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema41.properties.idempotencyTtlSeconds.type,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if((typeof data45 == "number") && (isFinite(data45))){
if(data45 > 2592000 || isNaN(data45)){
const err71 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2592000},message:"must be <= 2592000",schema:2592000,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data45 < 1 || isNaN(data45)){
const err72 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"#/$defs/verify/properties/idempotencyTtlSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data45};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
}
else {
const err73 = {instancePath:instancePath+"/verify",schemaPath:"#/$defs/verify/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema41.type,parentSchema:schema41,data:data26};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data.challenge !== undefined){
let data46 = data.challenge;
if(data46 && typeof data46 == "object" && !Array.isArray(data46)){
if(data46.kind === undefined){
const err74 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema42.required,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
for(const key4 in data46){
if(!((key4 === "kind") || (key4 === "verifyToken"))){
const err75 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data46.kind !== undefined){
let data47 = data46.kind;
if(!((((data47 === "slack") || (data47 === "zoom")) || (data47 === "discord")) || (data47 === "meta"))){
const err76 = {instancePath:instancePath+"/challenge/kind",schemaPath:"#/$defs/challenge/properties/kind/enum",keyword:"enum",params:{allowedValues: schema42.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema42.properties.kind.enum,parentSchema:schema42.properties.kind,data:data47};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data46.verifyToken !== undefined){
let data48 = data46.verifyToken;
if(typeof data48 !== "string"){
const err77 = {instancePath:instancePath+"/challenge/verifyToken",schemaPath:"#/$defs/challenge/properties/verifyToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema42.properties.verifyToken.type,parentSchema:schema42.properties.verifyToken,data:data48};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/challenge",schemaPath:"#/$defs/challenge/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema42.type,parentSchema:schema42,data:data46};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.cloudevents !== undefined){
let data49 = data.cloudevents;
if(typeof data49 !== "boolean"){
const err79 = {instancePath:instancePath+"/cloudevents",schemaPath:"#/properties/cloudevents/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema36.properties.cloudevents.type,parentSchema:schema36.properties.cloudevents,data:data49};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data.maxBodyBytes !== undefined){
let data50 = data.maxBodyBytes;
if(!(((typeof data50 == "number") && (!(data50 % 1) && !isNaN(data50))) && (isFinite(data50)))){
const err80 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.maxBodyBytes.type,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data50 == "number") && (isFinite(data50))){
if(data50 > 67108864 || isNaN(data50)){
const err81 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 67108864},message:"must be <= 67108864",schema:67108864,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(data50 < 1 || isNaN(data50)){
const err82 = {instancePath:instancePath+"/maxBodyBytes",schemaPath:"#/properties/maxBodyBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.maxBodyBytes,data:data50};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
if(data.flow !== undefined){
if(!(validate25(data.flow, {instancePath:instancePath+"/flow",parentData:data,parentDataProperty:"flow",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.coalesceTemplate !== undefined){
let data52 = data.coalesceTemplate;
if(typeof data52 !== "string"){
const err83 = {instancePath:instancePath+"/coalesceTemplate",schemaPath:"#/properties/coalesceTemplate/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.coalesceTemplate.type,parentSchema:schema36.properties.coalesceTemplate,data:data52};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data.successStatus !== undefined){
let data53 = data.successStatus;
if(!(((data53 === 200) || (data53 === 202)) || (data53 === 204))){
const err84 = {instancePath:instancePath+"/successStatus",schemaPath:"#/properties/successStatus/enum",keyword:"enum",params:{allowedValues: schema36.properties.successStatus.enum},message:"must be equal to one of the allowed values",schema:schema36.properties.successStatus.enum,parentSchema:schema36.properties.successStatus,data:data53};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data.successBody !== undefined){
let data54 = data.successBody;
const _errs110 = errors;
let valid15 = false;
let passing0 = null;
const _errs111 = errors;
if(false !== data54){
const err85 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf/0/const",keyword:"const",params:{allowedValue: false},message:"must be equal to constant",schema:false,parentSchema:schema36.properties.successBody.oneOf[0],data:data54};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid0 = _errs111 === errors;
if(_valid0){
valid15 = true;
passing0 = 0;
}
const _errs112 = errors;
if(!(data54 && typeof data54 == "object" && !Array.isArray(data54))){
const err86 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.properties.successBody.oneOf[1].type,parentSchema:schema36.properties.successBody.oneOf[1],data:data54};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
var _valid0 = _errs112 === errors;
if(_valid0 && valid15){
valid15 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid15 = true;
passing0 = 1;
}
}
if(!valid15){
const err87 = {instancePath:instancePath+"/successBody",schemaPath:"#/properties/successBody/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf",schema:schema36.properties.successBody.oneOf,parentSchema:schema36.properties.successBody,data:data54};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
else {
errors = _errs110;
if(vErrors !== null){
if(_errs110){
vErrors.length = _errs110;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err88 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.type,parentSchema:schema36,data};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
validate59.errors = vErrors;
return errors === 0;
}
validate59.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate58(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://hookgate.dev/schemas/pack.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate58.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'",schema:schema94.required,parentSchema:schema94,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.version === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema94.required,parentSchema:schema94,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.mappings === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mappings"},message:"must have required property '"+"mappings"+"'",schema:schema94.required,parentSchema:schema94,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema94.properties, key0))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema94,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.$schema !== undefined){
let data0 = data.$schema;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema94.properties.$schema.type,parentSchema:schema94.properties.$schema,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.id !== undefined){
let data1 = data.id;
if(typeof data1 === "string"){
if(!pattern6.test(data1)){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\"",schema:"^[a-z][a-z0-9-]*$",parentSchema:schema94.properties.id,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema94.properties.id.type,parentSchema:schema94.properties.id,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.version !== undefined){
let data2 = data.version;
if(typeof data2 === "string"){
if(!pattern29.test(data2)){
const err7 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/pattern",keyword:"pattern",params:{pattern: "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$"},message:"must match pattern \""+"^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$"+"\"",schema:"^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$",parentSchema:schema94.properties.version,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema94.properties.version.type,parentSchema:schema94.properties.version,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.description !== undefined){
let data3 = data.description;
if(typeof data3 !== "string"){
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema94.properties.description.type,parentSchema:schema94.properties.description,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.aliases !== undefined){
let data4 = data.aliases;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(!pattern6.test(data5)){
const err10 = {instancePath:instancePath+"/aliases/" + i0,schemaPath:"#/properties/aliases/items/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\"",schema:"^[a-z][a-z0-9-]*$",parentSchema:schema94.properties.aliases.items,data:data5};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/aliases/" + i0,schemaPath:"#/properties/aliases/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema94.properties.aliases.items.type,parentSchema:schema94.properties.aliases.items,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
let i1 = data4.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data4[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err12 = {instancePath:instancePath+"/aliases",schemaPath:"#/properties/aliases/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)",schema:true,parentSchema:schema94.properties.aliases,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err13 = {instancePath:instancePath+"/aliases",schemaPath:"#/properties/aliases/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema94.properties.aliases.type,parentSchema:schema94.properties.aliases,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.docs !== undefined){
let data6 = data.docs;
if(Array.isArray(data6)){
const len1 = data6.length;
for(let i2=0; i2<len1; i2++){
let data7 = data6[i2];
if(typeof data7 === "string"){
if(!(formats0(data7))){
const err14 = {instancePath:instancePath+"/docs/" + i2,schemaPath:"#/properties/docs/items/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema94.properties.docs.items,data:data7};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/docs/" + i2,schemaPath:"#/properties/docs/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema94.properties.docs.items.type,parentSchema:schema94.properties.docs.items,data:data7};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/docs",schemaPath:"#/properties/docs/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema94.properties.docs.type,parentSchema:schema94.properties.docs,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.params !== undefined){
let data8 = data.params;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key1 in data8){
const _errs20 = errors;
if(typeof key1 === "string"){
if(!pattern31.test(key1)){
const err17 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]*$"+"\"",schema:"^[A-Za-z][A-Za-z0-9_]*$",parentSchema:schema94.properties.params.propertyNames,data:key1,propertyName:key1};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var valid6 = _errs20 === errors;
if(!valid6){
const err18 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid",schema:schema94.properties.params.propertyNames,parentSchema:schema94.properties.params,data:data8};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
for(const key2 in data8){
let data9 = data8[key2];
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.type === undefined){
const err19 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/param/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema95.required,parentSchema:schema95,data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key3 in data9){
if(!(((((((key3 === "type") || (key3 === "items")) || (key3 === "description")) || (key3 === "default")) || (key3 === "enum")) || (key3 === "required")) || (key3 === "secret"))){
const err20 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/param/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema95,data:data9};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data9.type !== undefined){
let data10 = data9.type;
if(!(((((data10 === "string") || (data10 === "boolean")) || (data10 === "integer")) || (data10 === "number")) || (data10 === "array"))){
const err21 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/$defs/param/properties/type/enum",keyword:"enum",params:{allowedValues: schema95.properties.type.enum},message:"must be equal to one of the allowed values",schema:schema95.properties.type.enum,parentSchema:schema95.properties.type,data:data10};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data9.items !== undefined){
let data11 = data9.items;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.type === undefined){
const err22 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/items",schemaPath:"#/$defs/param/properties/items/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema95.properties.items.required,parentSchema:schema95.properties.items,data:data11};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key4 in data11){
if(!(key4 === "type")){
const err23 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/items",schemaPath:"#/$defs/param/properties/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema95.properties.items,data:data11};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data11.type !== undefined){
let data12 = data11.type;
if("string" !== data12){
const err24 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/items/type",schemaPath:"#/$defs/param/properties/items/properties/type/const",keyword:"const",params:{allowedValue: "string"},message:"must be equal to constant",schema:"string",parentSchema:schema95.properties.items.properties.type,data:data12};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/items",schemaPath:"#/$defs/param/properties/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema95.properties.items.type,parentSchema:schema95.properties.items,data:data11};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data9.description !== undefined){
let data13 = data9.description;
if(typeof data13 !== "string"){
const err26 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/description",schemaPath:"#/$defs/param/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema95.properties.description.type,parentSchema:schema95.properties.description,data:data13};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data9.enum !== undefined){
let data14 = data9.enum;
if(Array.isArray(data14)){
if(data14.length < 1){
const err27 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/enum",schemaPath:"#/$defs/param/properties/enum/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema95.properties.enum,data:data14};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const len2 = data14.length;
for(let i3=0; i3<len2; i3++){
let data15 = data14[i3];
if(((typeof data15 !== "string") && (!((typeof data15 == "number") && (isFinite(data15))))) && (typeof data15 !== "boolean")){
const err28 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/enum/" + i3,schemaPath:"#/$defs/param/properties/enum/items/type",keyword:"type",params:{type: schema95.properties.enum.items.type},message:"must be string,number,integer,boolean",schema:schema95.properties.enum.items.type,parentSchema:schema95.properties.enum.items,data:data15};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/enum",schemaPath:"#/$defs/param/properties/enum/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema95.properties.enum.type,parentSchema:schema95.properties.enum,data:data14};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data9.required !== undefined){
let data16 = data9.required;
if(typeof data16 !== "boolean"){
const err30 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/required",schemaPath:"#/$defs/param/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema95.properties.required.type,parentSchema:schema95.properties.required,data:data16};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data9.secret !== undefined){
let data17 = data9.secret;
if(typeof data17 !== "boolean"){
const err31 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/secret",schemaPath:"#/$defs/param/properties/secret/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema95.properties.secret.type,parentSchema:schema95.properties.secret,data:data17};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/params/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/param/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema95.type,parentSchema:schema95,data:data9};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema94.properties.params.type,parentSchema:schema94.properties.params,data:data8};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.verify !== undefined){
let data18 = data.verify;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.scheme === undefined){
const err34 = {instancePath:instancePath+"/verify",schemaPath:"config.schema.json#/$defs/verify/required",keyword:"required",params:{missingProperty: "scheme"},message:"must have required property '"+"scheme"+"'",schema:schema41.required,parentSchema:schema41,data:data18};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
for(const key5 in data18){
if(!(func1.call(schema41.properties, key5))){
const err35 = {instancePath:instancePath+"/verify",schemaPath:"config.schema.json#/$defs/verify/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties",schema:false,parentSchema:schema41,data:data18};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data18.scheme !== undefined){
let data19 = data18.scheme;
if(!((((((((((((((((data19 === "github") || (data19 === "gitlab")) || (data19 === "stripe")) || (data19 === "slack")) || (data19 === "standard-webhooks")) || (data19 === "shopify")) || (data19 === "linear")) || (data19 === "sentry")) || (data19 === "pagerduty")) || (data19 === "twilio")) || (data19 === "ed25519")) || (data19 === "zoom")) || (data19 === "meta")) || (data19 === "header")) || (data19 === "basic")) || (data19 === "hmac"))){
const err36 = {instancePath:instancePath+"/verify/scheme",schemaPath:"config.schema.json#/$defs/verify/properties/scheme/enum",keyword:"enum",params:{allowedValues: schema41.properties.scheme.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.scheme.enum,parentSchema:schema41.properties.scheme,data:data19};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data18.secret !== undefined){
let data20 = data18.secret;
if(typeof data20 !== "string"){
const err37 = {instancePath:instancePath+"/verify/secret",schemaPath:"config.schema.json#/$defs/verify/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secret.type,parentSchema:schema41.properties.secret,data:data20};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data18.publicKey !== undefined){
let data21 = data18.publicKey;
if(typeof data21 !== "string"){
const err38 = {instancePath:instancePath+"/verify/publicKey",schemaPath:"config.schema.json#/$defs/verify/properties/publicKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKey.type,parentSchema:schema41.properties.publicKey,data:data21};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data18.publicKeys !== undefined){
let data22 = data18.publicKeys;
if(Array.isArray(data22)){
if(data22.length < 1){
const err39 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"config.schema.json#/$defs/verify/properties/publicKeys/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.publicKeys,data:data22};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
const len3 = data22.length;
for(let i4=0; i4<len3; i4++){
let data23 = data22[i4];
if(typeof data23 !== "string"){
const err40 = {instancePath:instancePath+"/verify/publicKeys/" + i4,schemaPath:"config.schema.json#/$defs/verify/properties/publicKeys/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.publicKeys.items.type,parentSchema:schema41.properties.publicKeys.items,data:data23};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/verify/publicKeys",schemaPath:"config.schema.json#/$defs/verify/properties/publicKeys/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.publicKeys.type,parentSchema:schema41.properties.publicKeys,data:data22};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data18.secrets !== undefined){
let data24 = data18.secrets;
if(Array.isArray(data24)){
if(data24.length < 1){
const err42 = {instancePath:instancePath+"/verify/secrets",schemaPath:"config.schema.json#/$defs/verify/properties/secrets/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema41.properties.secrets,data:data24};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
const len4 = data24.length;
for(let i5=0; i5<len4; i5++){
let data25 = data24[i5];
if(typeof data25 !== "string"){
const err43 = {instancePath:instancePath+"/verify/secrets/" + i5,schemaPath:"config.schema.json#/$defs/verify/properties/secrets/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.secrets.items.type,parentSchema:schema41.properties.secrets.items,data:data25};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath:instancePath+"/verify/secrets",schemaPath:"config.schema.json#/$defs/verify/properties/secrets/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema41.properties.secrets.type,parentSchema:schema41.properties.secrets,data:data24};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data18.username !== undefined){
let data26 = data18.username;
if(typeof data26 === "string"){
if(func3(data26) < 1){
const err45 = {instancePath:instancePath+"/verify/username",schemaPath:"config.schema.json#/$defs/verify/properties/username/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.username,data:data26};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/verify/username",schemaPath:"config.schema.json#/$defs/verify/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.username.type,parentSchema:schema41.properties.username,data:data26};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data18.header !== undefined){
let data27 = data18.header;
if(typeof data27 === "string"){
if(func3(data27) < 1){
const err47 = {instancePath:instancePath+"/verify/header",schemaPath:"config.schema.json#/$defs/verify/properties/header/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.header,data:data27};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/verify/header",schemaPath:"config.schema.json#/$defs/verify/properties/header/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.header.type,parentSchema:schema41.properties.header,data:data27};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data18.algorithm !== undefined){
let data28 = data18.algorithm;
if(!(((data28 === "sha1") || (data28 === "sha256")) || (data28 === "sha512"))){
const err49 = {instancePath:instancePath+"/verify/algorithm",schemaPath:"config.schema.json#/$defs/verify/properties/algorithm/enum",keyword:"enum",params:{allowedValues: schema41.properties.algorithm.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.algorithm.enum,parentSchema:schema41.properties.algorithm,data:data28};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data18.encoding !== undefined){
let data29 = data18.encoding;
if(!(((data29 === "hex") || (data29 === "base64")) || (data29 === "base64url"))){
const err50 = {instancePath:instancePath+"/verify/encoding",schemaPath:"config.schema.json#/$defs/verify/properties/encoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.encoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.encoding.enum,parentSchema:schema41.properties.encoding,data:data29};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data18.prefix !== undefined){
let data30 = data18.prefix;
if(typeof data30 !== "string"){
const err51 = {instancePath:instancePath+"/verify/prefix",schemaPath:"config.schema.json#/$defs/verify/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.prefix.type,parentSchema:schema41.properties.prefix,data:data30};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data18.signed !== undefined){
let data31 = data18.signed;
if(typeof data31 === "string"){
if(func3(data31) < 1){
const err52 = {instancePath:instancePath+"/verify/signed",schemaPath:"config.schema.json#/$defs/verify/properties/signed/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.signed,data:data31};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/verify/signed",schemaPath:"config.schema.json#/$defs/verify/properties/signed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.signed.type,parentSchema:schema41.properties.signed,data:data31};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data18.secretEncoding !== undefined){
let data32 = data18.secretEncoding;
if(!(((data32 === "utf8") || (data32 === "base64")) || (data32 === "hex"))){
const err54 = {instancePath:instancePath+"/verify/secretEncoding",schemaPath:"config.schema.json#/$defs/verify/properties/secretEncoding/enum",keyword:"enum",params:{allowedValues: schema41.properties.secretEncoding.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.secretEncoding.enum,parentSchema:schema41.properties.secretEncoding,data:data32};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data18.timestampHeader !== undefined){
let data33 = data18.timestampHeader;
if(typeof data33 === "string"){
if(func3(data33) < 1){
const err55 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"config.schema.json#/$defs/verify/properties/timestampHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.timestampHeader,data:data33};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/verify/timestampHeader",schemaPath:"config.schema.json#/$defs/verify/properties/timestampHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.timestampHeader.type,parentSchema:schema41.properties.timestampHeader,data:data33};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data18.idHeader !== undefined){
let data34 = data18.idHeader;
if(typeof data34 === "string"){
if(func3(data34) < 1){
const err57 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"config.schema.json#/$defs/verify/properties/idHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idHeader,data:data34};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/verify/idHeader",schemaPath:"config.schema.json#/$defs/verify/properties/idHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idHeader.type,parentSchema:schema41.properties.idHeader,data:data34};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data18.idField !== undefined){
let data35 = data18.idField;
if(typeof data35 === "string"){
if(func3(data35) < 1){
const err59 = {instancePath:instancePath+"/verify/idField",schemaPath:"config.schema.json#/$defs/verify/properties/idField/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema41.properties.idField,data:data35};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/verify/idField",schemaPath:"config.schema.json#/$defs/verify/properties/idField/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.idField.type,parentSchema:schema41.properties.idField,data:data35};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data18.toleranceSeconds !== undefined){
let data36 = data18.toleranceSeconds;
if((typeof data36 == "number") && (isFinite(data36))){
if(data36 > 604800 || isNaN(data36)){
const err61 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"config.schema.json#/$defs/verify/properties/toleranceSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 604800},message:"must be <= 604800",schema:604800,parentSchema:schema41.properties.toleranceSeconds,data:data36};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data36 <= 0 || isNaN(data36)){
const err62 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"config.schema.json#/$defs/verify/properties/toleranceSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema41.properties.toleranceSeconds,data:data36};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/verify/toleranceSeconds",schemaPath:"config.schema.json#/$defs/verify/properties/toleranceSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema41.properties.toleranceSeconds.type,parentSchema:schema41.properties.toleranceSeconds,data:data36};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data18.idempotencyTtlSeconds !== undefined){
let data37 = data18.idempotencyTtlSeconds;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
const err64 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"config.schema.json#/$defs/verify/properties/idempotencyTtlSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema41.properties.idempotencyTtlSeconds.type,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data37};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 > 2592000 || isNaN(data37)){
const err65 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"config.schema.json#/$defs/verify/properties/idempotencyTtlSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2592000},message:"must be <= 2592000",schema:2592000,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data37};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data37 < 1 || isNaN(data37)){
const err66 = {instancePath:instancePath+"/verify/idempotencyTtlSeconds",schemaPath:"config.schema.json#/$defs/verify/properties/idempotencyTtlSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema41.properties.idempotencyTtlSeconds,data:data37};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
}
else {
const err67 = {instancePath:instancePath+"/verify",schemaPath:"config.schema.json#/$defs/verify/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema41.type,parentSchema:schema41,data:data18};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data.challenge !== undefined){
let data38 = data.challenge;
if(data38 && typeof data38 == "object" && !Array.isArray(data38)){
if(data38.kind === undefined){
const err68 = {instancePath:instancePath+"/challenge",schemaPath:"config.schema.json#/$defs/challenge/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema42.required,parentSchema:schema42,data:data38};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
for(const key6 in data38){
if(!((key6 === "kind") || (key6 === "verifyToken"))){
const err69 = {instancePath:instancePath+"/challenge",schemaPath:"config.schema.json#/$defs/challenge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties",schema:false,parentSchema:schema42,data:data38};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data38.kind !== undefined){
let data39 = data38.kind;
if(!((((data39 === "slack") || (data39 === "zoom")) || (data39 === "discord")) || (data39 === "meta"))){
const err70 = {instancePath:instancePath+"/challenge/kind",schemaPath:"config.schema.json#/$defs/challenge/properties/kind/enum",keyword:"enum",params:{allowedValues: schema42.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema42.properties.kind.enum,parentSchema:schema42.properties.kind,data:data39};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data38.verifyToken !== undefined){
let data40 = data38.verifyToken;
if(typeof data40 !== "string"){
const err71 = {instancePath:instancePath+"/challenge/verifyToken",schemaPath:"config.schema.json#/$defs/challenge/properties/verifyToken/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema42.properties.verifyToken.type,parentSchema:schema42.properties.verifyToken,data:data40};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
else {
const err72 = {instancePath:instancePath+"/challenge",schemaPath:"config.schema.json#/$defs/challenge/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema42.type,parentSchema:schema42,data:data38};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data.mappings !== undefined){
let data41 = data.mappings;
if(Array.isArray(data41)){
const len5 = data41.length;
for(let i6=0; i6<len5; i6++){
if(!(validate59(data41[i6], {instancePath:instancePath+"/mappings/" + i6,parentData:data41,parentDataProperty:i6,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate59.errors : vErrors.concat(validate59.errors);
errors = vErrors.length;
}
}
}
else {
const err73 = {instancePath:instancePath+"/mappings",schemaPath:"#/properties/mappings/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema94.properties.mappings.type,parentSchema:schema94.properties.mappings,data:data41};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data.tests !== undefined){
let data43 = data.tests;
if(Array.isArray(data43)){
const len6 = data43.length;
for(let i7=0; i7<len6; i7++){
if(!(validate51(data43[i7], {instancePath:instancePath+"/tests/" + i7,parentData:data43,parentDataProperty:i7,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate51.errors : vErrors.concat(validate51.errors);
errors = vErrors.length;
}
}
}
else {
const err74 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema94.properties.tests.type,parentSchema:schema94.properties.tests,data:data43};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
else {
const err75 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema94.type,parentSchema:schema94,data};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
validate58.errors = vErrors;
return errors === 0;
}
validate58.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWake = validate63;
const schema105 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://hookgate.dev/schemas/wake-payload.schema.json","title":"WakePayload","description":"Body of POST <hooks.path>/wake, and the action a mapped wake builds. Other fields in a request body are ignored.","type":"object","additionalProperties":false,"required":["text"],"properties":{"text":{"type":"string","minLength":1,"pattern":"\\S","description":"Description of the event; becomes a system event of the main session. As long as the body limit (hooks.maxBodyBytes) allows."},"mode":{"enum":["now","next-heartbeat"],"default":"now","description":"now: heartbeat at once; next-heartbeat: wait for the periodic heartbeat."},"idempotencyKey":{"type":"string","minLength":1,"maxLength":256,"pattern":"\\S","description":"Same as the Idempotency-Key header (OpenClaw's field): a repeat within hooks.idempotencyTtlSeconds returns the first answer. When the header is sent too, both must carry the same key."}}};
const pattern33 = new RegExp("\\S", "u");

function validate63(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://hookgate.dev/schemas/wake-payload.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate63.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.text === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'",schema:schema105.required,parentSchema:schema105,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "text") || (key0 === "mode")) || (key0 === "idempotencyKey"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema105,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.text !== undefined){
let data0 = data.text;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err2 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema105.properties.text,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!pattern33.test(data0)){
const err3 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\"",schema:"\\S",parentSchema:schema105.properties.text,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema105.properties.text.type,parentSchema:schema105.properties.text,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.mode !== undefined){
let data1 = data.mode;
if(!((data1 === "now") || (data1 === "next-heartbeat"))){
const err5 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/enum",keyword:"enum",params:{allowedValues: schema105.properties.mode.enum},message:"must be equal to one of the allowed values",schema:schema105.properties.mode.enum,parentSchema:schema105.properties.mode,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.idempotencyKey !== undefined){
let data2 = data.idempotencyKey;
if(typeof data2 === "string"){
if(func3(data2) > 256){
const err6 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters",schema:256,parentSchema:schema105.properties.idempotencyKey,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func3(data2) < 1){
const err7 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema105.properties.idempotencyKey,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern33.test(data2)){
const err8 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\"",schema:"\\S",parentSchema:schema105.properties.idempotencyKey,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema105.properties.idempotencyKey.type,parentSchema:schema105.properties.idempotencyKey,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema105.type,parentSchema:schema105,data};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate63.errors = vErrors;
return errors === 0;
}
validate63.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateAgent = validate64;
const schema106 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://hookgate.dev/schemas/agent-payload.schema.json","title":"AgentPayload","description":"Body of POST <hooks.path>/agent, and the action a mapped agent hook builds. Other fields in a request body are ignored.","type":"object","additionalProperties":false,"required":["message"],"properties":{"message":{"type":"string","minLength":1,"pattern":"\\S","maxLength":1048576,"description":"Prompt or message for the agent."},"name":{"type":"string","maxLength":200,"description":"Human-readable hook name, the prefix of the summary posted into the main session."},"agentId":{"type":"string","minLength":1,"maxLength":200,"description":"Agent to run; unknown ids fall back to the default agent. Subject to hooks.allowedAgentIds."},"sessionKey":{"type":"string","minLength":1,"maxLength":512,"description":"Session of the run. Rejected unless hooks.allowRequestSessionKey is true; must match hooks.allowedSessionKeyPrefixes."},"wakeMode":{"enum":["now","next-heartbeat"],"default":"now","description":"now: heartbeat at once after the run; next-heartbeat: wait for the periodic one."},"deliver":{"type":"boolean","default":true,"description":"Whether the reply is sent to a chat channel (heartbeat acknowledgements never are)."},"channel":{"enum":["last","whatsapp","telegram","discord","slack","mattermost","signal","imessage","msteams"],"default":"last","description":"Delivery channel; last = the main session's last route."},"to":{"type":"string","minLength":1,"maxLength":512,"description":"Recipient on the channel: phone number (whatsapp, signal), chat id (telegram), channel id (discord, slack, mattermost), conversation id (msteams)."},"model":{"type":"string","minLength":1,"maxLength":200,"description":"Model override, provider/model or alias; must be allowed by agents.defaults.models."},"thinking":{"type":"string","minLength":1,"maxLength":32,"description":"Thinking-level override (for example low, medium, high)."},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Maximum duration of the run, in seconds."},"sessionMode":{"enum":["persistent","isolated"],"description":"persistent: the run continues the conversation of its session key. isolated: it starts from an empty conversation and leaves nothing in the session's. Default: hooks.sessionMode."},"idempotencyKey":{"type":"string","minLength":1,"maxLength":256,"pattern":"\\S","description":"Same as the Idempotency-Key header (OpenClaw's field): a repeat within hooks.idempotencyTtlSeconds returns the first answer. When the header is sent too, both must carry the same key."},"waitForCompletion":{"type":"boolean","description":"Accepted for OpenClaw senders and not waited on: the answer is always 202 as soon as the run is stored (hookgate runs shows its outcome)."}}};

function validate64(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://hookgate.dev/schemas/agent-payload.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate64.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.message === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'",schema:schema106.required,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema106.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.message !== undefined){
let data0 = data.message;
if(typeof data0 === "string"){
if(func3(data0) > 1048576){
const err2 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/maxLength",keyword:"maxLength",params:{limit: 1048576},message:"must NOT have more than 1048576 characters",schema:1048576,parentSchema:schema106.properties.message,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func3(data0) < 1){
const err3 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.message,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!pattern33.test(data0)){
const err4 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\"",schema:"\\S",parentSchema:schema106.properties.message,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.message.type,parentSchema:schema106.properties.message,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func3(data1) > 200){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema106.properties.name,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.name.type,parentSchema:schema106.properties.name,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.agentId !== undefined){
let data2 = data.agentId;
if(typeof data2 === "string"){
if(func3(data2) > 200){
const err8 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema106.properties.agentId,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func3(data2) < 1){
const err9 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.agentId,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.agentId.type,parentSchema:schema106.properties.agentId,data:data2};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.sessionKey !== undefined){
let data3 = data.sessionKey;
if(typeof data3 === "string"){
if(func3(data3) > 512){
const err11 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters",schema:512,parentSchema:schema106.properties.sessionKey,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func3(data3) < 1){
const err12 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.sessionKey,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.sessionKey.type,parentSchema:schema106.properties.sessionKey,data:data3};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.wakeMode !== undefined){
let data4 = data.wakeMode;
if(!((data4 === "now") || (data4 === "next-heartbeat"))){
const err14 = {instancePath:instancePath+"/wakeMode",schemaPath:"#/properties/wakeMode/enum",keyword:"enum",params:{allowedValues: schema106.properties.wakeMode.enum},message:"must be equal to one of the allowed values",schema:schema106.properties.wakeMode.enum,parentSchema:schema106.properties.wakeMode,data:data4};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.deliver !== undefined){
let data5 = data.deliver;
if(typeof data5 !== "boolean"){
const err15 = {instancePath:instancePath+"/deliver",schemaPath:"#/properties/deliver/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema106.properties.deliver.type,parentSchema:schema106.properties.deliver,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.channel !== undefined){
let data6 = data.channel;
if(!(((((((((data6 === "last") || (data6 === "whatsapp")) || (data6 === "telegram")) || (data6 === "discord")) || (data6 === "slack")) || (data6 === "mattermost")) || (data6 === "signal")) || (data6 === "imessage")) || (data6 === "msteams"))){
const err16 = {instancePath:instancePath+"/channel",schemaPath:"#/properties/channel/enum",keyword:"enum",params:{allowedValues: schema106.properties.channel.enum},message:"must be equal to one of the allowed values",schema:schema106.properties.channel.enum,parentSchema:schema106.properties.channel,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.to !== undefined){
let data7 = data.to;
if(typeof data7 === "string"){
if(func3(data7) > 512){
const err17 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters",schema:512,parentSchema:schema106.properties.to,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(func3(data7) < 1){
const err18 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.to,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.to.type,parentSchema:schema106.properties.to,data:data7};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.model !== undefined){
let data8 = data.model;
if(typeof data8 === "string"){
if(func3(data8) > 200){
const err20 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema106.properties.model,data:data8};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(func3(data8) < 1){
const err21 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.model,data:data8};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.model.type,parentSchema:schema106.properties.model,data:data8};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.thinking !== undefined){
let data9 = data.thinking;
if(typeof data9 === "string"){
if(func3(data9) > 32){
const err23 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters",schema:32,parentSchema:schema106.properties.thinking,data:data9};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(func3(data9) < 1){
const err24 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.thinking,data:data9};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.thinking.type,parentSchema:schema106.properties.thinking,data:data9};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data10 = data.timeoutSeconds;
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 86400 || isNaN(data10)){
const err26 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema106.properties.timeoutSeconds,data:data10};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data10 <= 0 || isNaN(data10)){
const err27 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema106.properties.timeoutSeconds,data:data10};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema106.properties.timeoutSeconds.type,parentSchema:schema106.properties.timeoutSeconds,data:data10};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.sessionMode !== undefined){
let data11 = data.sessionMode;
if(!((data11 === "persistent") || (data11 === "isolated"))){
const err29 = {instancePath:instancePath+"/sessionMode",schemaPath:"#/properties/sessionMode/enum",keyword:"enum",params:{allowedValues: schema106.properties.sessionMode.enum},message:"must be equal to one of the allowed values",schema:schema106.properties.sessionMode.enum,parentSchema:schema106.properties.sessionMode,data:data11};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.idempotencyKey !== undefined){
let data12 = data.idempotencyKey;
if(typeof data12 === "string"){
if(func3(data12) > 256){
const err30 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters",schema:256,parentSchema:schema106.properties.idempotencyKey,data:data12};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(func3(data12) < 1){
const err31 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.idempotencyKey,data:data12};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(!pattern33.test(data12)){
const err32 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\"",schema:"\\S",parentSchema:schema106.properties.idempotencyKey,data:data12};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/idempotencyKey",schemaPath:"#/properties/idempotencyKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.idempotencyKey.type,parentSchema:schema106.properties.idempotencyKey,data:data12};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.waitForCompletion !== undefined){
let data13 = data.waitForCompletion;
if(typeof data13 !== "boolean"){
const err34 = {instancePath:instancePath+"/waitForCompletion",schemaPath:"#/properties/waitForCompletion/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema106.properties.waitForCompletion.type,parentSchema:schema106.properties.waitForCompletion,data:data13};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema106.type,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
validate64.errors = vErrors;
return errors === 0;
}
validate64.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateTransformResult = validate65;
const schema107 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://hookgate.dev/schemas/transform-result.schema.json","title":"TransformResult","description":"What a transform returns besides null: a partial action merged over the one the mapping's templates built. Fields of the other kind are ignored after a kind switch.","type":"object","additionalProperties":false,"properties":{"kind":{"enum":["wake","agent"],"description":"Switches the action kind."},"text":{"type":"string","description":"Wake text (replaces the template's)."},"mode":{"enum":["now","next-heartbeat"],"description":"Wake mode."},"message":{"type":"string","description":"Agent message (replaces the template's)."},"name":{"type":"string","description":"Hook name for summaries."},"agentId":{"type":"string","minLength":1,"description":"Agent to run."},"sessionKey":{"type":"string","minLength":1,"description":"Explicit session key (prefix rules apply)."},"wakeMode":{"enum":["now","next-heartbeat"],"description":"Wake mode after an agent run."},"deliver":{"type":"boolean","description":"Whether the reply is delivered."},"channel":{"enum":["last","whatsapp","telegram","discord","slack","mattermost","signal","imessage","msteams"],"description":"Delivery channel."},"to":{"type":"string","description":"Recipient."},"model":{"type":"string","minLength":1,"description":"Model override."},"thinking":{"type":"string","minLength":1,"description":"Thinking-level override."},"timeoutSeconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Run timeout."},"sessionMode":{"enum":["persistent","isolated"],"description":"Whether the run continues its session's conversation (persistent) or starts afresh (isolated)."}}};

function validate65(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://hookgate.dev/schemas/transform-result.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate65.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema107.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema107,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.kind !== undefined){
let data0 = data.kind;
if(!((data0 === "wake") || (data0 === "agent"))){
const err1 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema107.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema107.properties.kind.enum,parentSchema:schema107.properties.kind,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.text !== undefined){
let data1 = data.text;
if(typeof data1 !== "string"){
const err2 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.text.type,parentSchema:schema107.properties.text,data:data1};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.mode !== undefined){
let data2 = data.mode;
if(!((data2 === "now") || (data2 === "next-heartbeat"))){
const err3 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/enum",keyword:"enum",params:{allowedValues: schema107.properties.mode.enum},message:"must be equal to one of the allowed values",schema:schema107.properties.mode.enum,parentSchema:schema107.properties.mode,data:data2};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.message !== undefined){
let data3 = data.message;
if(typeof data3 !== "string"){
const err4 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.message.type,parentSchema:schema107.properties.message,data:data3};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
let data4 = data.name;
if(typeof data4 !== "string"){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.name.type,parentSchema:schema107.properties.name,data:data4};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.agentId !== undefined){
let data5 = data.agentId;
if(typeof data5 === "string"){
if(func3(data5) < 1){
const err6 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema107.properties.agentId,data:data5};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/agentId",schemaPath:"#/properties/agentId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.agentId.type,parentSchema:schema107.properties.agentId,data:data5};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.sessionKey !== undefined){
let data6 = data.sessionKey;
if(typeof data6 === "string"){
if(func3(data6) < 1){
const err8 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema107.properties.sessionKey,data:data6};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/sessionKey",schemaPath:"#/properties/sessionKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.sessionKey.type,parentSchema:schema107.properties.sessionKey,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.wakeMode !== undefined){
let data7 = data.wakeMode;
if(!((data7 === "now") || (data7 === "next-heartbeat"))){
const err10 = {instancePath:instancePath+"/wakeMode",schemaPath:"#/properties/wakeMode/enum",keyword:"enum",params:{allowedValues: schema107.properties.wakeMode.enum},message:"must be equal to one of the allowed values",schema:schema107.properties.wakeMode.enum,parentSchema:schema107.properties.wakeMode,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.deliver !== undefined){
let data8 = data.deliver;
if(typeof data8 !== "boolean"){
const err11 = {instancePath:instancePath+"/deliver",schemaPath:"#/properties/deliver/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema107.properties.deliver.type,parentSchema:schema107.properties.deliver,data:data8};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.channel !== undefined){
let data9 = data.channel;
if(!(((((((((data9 === "last") || (data9 === "whatsapp")) || (data9 === "telegram")) || (data9 === "discord")) || (data9 === "slack")) || (data9 === "mattermost")) || (data9 === "signal")) || (data9 === "imessage")) || (data9 === "msteams"))){
const err12 = {instancePath:instancePath+"/channel",schemaPath:"#/properties/channel/enum",keyword:"enum",params:{allowedValues: schema107.properties.channel.enum},message:"must be equal to one of the allowed values",schema:schema107.properties.channel.enum,parentSchema:schema107.properties.channel,data:data9};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.to !== undefined){
let data10 = data.to;
if(typeof data10 !== "string"){
const err13 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.to.type,parentSchema:schema107.properties.to,data:data10};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.model !== undefined){
let data11 = data.model;
if(typeof data11 === "string"){
if(func3(data11) < 1){
const err14 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema107.properties.model,data:data11};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.model.type,parentSchema:schema107.properties.model,data:data11};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.thinking !== undefined){
let data12 = data.thinking;
if(typeof data12 === "string"){
if(func3(data12) < 1){
const err16 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema107.properties.thinking,data:data12};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema107.properties.thinking.type,parentSchema:schema107.properties.thinking,data:data12};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data13 = data.timeoutSeconds;
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 > 86400 || isNaN(data13)){
const err18 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400",schema:86400,parentSchema:schema107.properties.timeoutSeconds,data:data13};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data13 <= 0 || isNaN(data13)){
const err19 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema107.properties.timeoutSeconds,data:data13};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema107.properties.timeoutSeconds.type,parentSchema:schema107.properties.timeoutSeconds,data:data13};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.sessionMode !== undefined){
let data14 = data.sessionMode;
if(!((data14 === "persistent") || (data14 === "isolated"))){
const err21 = {instancePath:instancePath+"/sessionMode",schemaPath:"#/properties/sessionMode/enum",keyword:"enum",params:{allowedValues: schema107.properties.sessionMode.enum},message:"must be equal to one of the allowed values",schema:schema107.properties.sessionMode.enum,parentSchema:schema107.properties.sessionMode,data:data14};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema107.type,parentSchema:schema107,data};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
validate65.errors = vErrors;
return errors === 0;
}
validate65.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

