// Live smoke test: sends ONE REAL MESSAGE to every chat channel whose credentials are in the
// environment, through the same delivery code the server uses (splitting, escaping, retries), and
// prints what each service answered. Channels without credentials are skipped. Never part of
// `npm test` or CI: run it by hand with `npm run smoke:live`. The variables it reads are listed in
// CHANNELS below and in docs/guides/delivering-replies.md (section "Checking a channel setup").
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../../dist/log.js";
import { createDelivery } from "../../dist/runtime/delivery/index.js";
import { SqliteStore } from "../../dist/store/sqlite/store.js";

const env = process.env;

/** Per channel: the variables it needs, and its `channels` section and recipient built from them. */
const CHANNELS = [
  {
    name: "telegram",
    vars: ["SMOKE_TELEGRAM_BOT_TOKEN", "SMOKE_TELEGRAM_TO"],
    config: () => ({ botToken: env.SMOKE_TELEGRAM_BOT_TOKEN }),
    to: () => env.SMOKE_TELEGRAM_TO,
  },
  {
    name: "slack",
    vars: ["SMOKE_SLACK_BOT_TOKEN", "SMOKE_SLACK_TO"],
    config: () => ({ botToken: env.SMOKE_SLACK_BOT_TOKEN }),
    to: () => env.SMOKE_SLACK_TO,
  },
  {
    name: "discord",
    vars: ["SMOKE_DISCORD_BOT_TOKEN", "SMOKE_DISCORD_TO"],
    config: () => ({ botToken: env.SMOKE_DISCORD_BOT_TOKEN }),
    to: () => env.SMOKE_DISCORD_TO,
  },
  {
    name: "mattermost",
    vars: ["SMOKE_MATTERMOST_URL", "SMOKE_MATTERMOST_TOKEN", "SMOKE_MATTERMOST_TO"],
    config: () => ({ baseUrl: env.SMOKE_MATTERMOST_URL, token: env.SMOKE_MATTERMOST_TOKEN }),
    to: () => env.SMOKE_MATTERMOST_TO,
  },
  {
    name: "signal",
    vars: ["SMOKE_SIGNAL_URL", "SMOKE_SIGNAL_NUMBER", "SMOKE_SIGNAL_TO"],
    config: () => ({ baseUrl: env.SMOKE_SIGNAL_URL, number: env.SMOKE_SIGNAL_NUMBER }),
    to: () => env.SMOKE_SIGNAL_TO,
  },
  {
    name: "whatsapp",
    vars: ["SMOKE_WHATSAPP_ACCESS_TOKEN", "SMOKE_WHATSAPP_PHONE_NUMBER_ID", "SMOKE_WHATSAPP_TO"],
    config: () => ({
      accessToken: env.SMOKE_WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: env.SMOKE_WHATSAPP_PHONE_NUMBER_ID,
    }),
    to: () => env.SMOKE_WHATSAPP_TO,
  },
  {
    name: "imessage",
    vars: ["SMOKE_BLUEBUBBLES_URL", "SMOKE_BLUEBUBBLES_PASSWORD", "SMOKE_IMESSAGE_TO"],
    config: () => ({ baseUrl: env.SMOKE_BLUEBUBBLES_URL, password: env.SMOKE_BLUEBUBBLES_PASSWORD }),
    to: () => env.SMOKE_IMESSAGE_TO,
  },
  {
    name: "msteams",
    vars: ["SMOKE_TEAMS_WEBHOOK_URL"],
    config: () => ({ webhooks: { smoke: env.SMOKE_TEAMS_WEBHOOK_URL } }),
    to: () => "smoke",
  },
];

const configured = CHANNELS.filter((c) => c.vars.every((v) => env[v]));
for (const c of CHANNELS) {
  const missing = c.vars.filter((v) => !env[v]);
  if (missing.length > 0 && missing.length < c.vars.length) {
    console.log(`${c.name}: skipped, ${missing.join(" and ")} not set`);
  }
}
if (configured.length === 0) {
  console.log(
    'No channel credentials in the environment: nothing sent. See docs/guides/delivering-replies.md, "Checking a channel setup".',
  );
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), "hookgate-smoke-"));
const store = new SqliteStore(join(dir, "state.db"));
await store.open();
const config = {
  dir,
  channels: Object.fromEntries(configured.map((c) => [c.name, c.config()])),
  delivery: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 },
  heartbeat: { ackToken: "HEARTBEAT_OK" },
};
const delivery = createDelivery({ config, store, log: createLogger(env.SMOKE_LOG_LEVEL ?? "warn") });

let failures = 0;
const stamp = new Date().toISOString();
for (const c of configured) {
  const text =
    `hookgate smoke test, ${stamp}: if you can read this, delivery to ${c.name} works.\n\n` +
    "Characters services treat specially, shown as they are: & < > `code` *not bold*";
  const state = await delivery.deliver({ text, channel: c.name, to: c.to() });
  if (state.status === "sent") {
    console.log(
      `${c.name}: sent (message ids ${state.messageIds?.join(", ")}; ${state.attempts} attempt(s))`,
    );
  } else {
    failures += 1;
    console.log(`${c.name}: ${state.status}: ${state.reason}`);
  }
}
await store.close();
rmSync(dir, { recursive: true, force: true });
process.exit(failures > 0 ? 1 : 0);
