// Every channel against a fake of its real service: the exact request the service expects (method,
// path, auth, body fields), its success answer, its error answers, its rate-limit answer.
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { DeliveryRequest } from "../../src/runtime/delivery/types.js";
import type { ChannelsConfig } from "../../src/types/generated.js";
import {
  answers,
  closeOpened,
  fakeService,
  finishedRun,
  type Harness,
  harness,
} from "../helpers/delivery.js";

afterEach(closeOpened);

/** A fake service, a delivery configured by `channels(url)`, and a finished run to deliver. */
async function setup(routes: (app: FastifyInstance) => void, channels: (url: string) => ChannelsConfig) {
  const svc = await fakeService(routes);
  const h = await harness({ channels: channels(svc.url) });
  const runId = await finishedRun(h.store);
  const deliver = (req: Omit<DeliveryRequest, "runId">) => h.delivery.deliver({ runId, ...req });
  return { svc, h, runId, deliver };
}

function expectSecretsHidden(harness: Harness, reason: string | undefined, ...secrets: string[]) {
  for (const secret of secrets) {
    expect(reason ?? "").not.toContain(secret);
    expect(harness.logs.join("\n")).not.toContain(secret);
  }
}

describe("telegram (Bot API)", () => {
  const token = "123456789:AAH-telegram-secret-token";
  const config = (url: string): ChannelsConfig => ({ telegram: { botToken: token, apiBaseUrl: url } });
  const ok = {
    status: 200,
    body: { ok: true, result: { message_id: 42, chat: { id: -1001234 }, text: "x" } },
  };

  it("POSTs sendMessage with chat_id and text, and records the message id on the run", async () => {
    const t = await setup((app) => app.post(`/bot${token}/sendMessage`, answers(ok)), config);
    const state = await t.deliver({ text: "Build passed", channel: "telegram", to: "-1001234" });
    expect(state).toMatchObject({ status: "sent", channel: "telegram", to: "-1001234", messageIds: ["42"] });
    expect(t.svc.seen).toHaveLength(1);
    expect(t.svc.seen[0]).toMatchObject({ method: "POST", path: `/bot${token}/sendMessage` });
    expect(t.svc.seen[0]?.headers["content-type"]).toMatch(/^application\/json/);
    expect(t.svc.seen[0]?.body).toEqual({ chat_id: "-1001234", text: "Build passed" });
    expect((await t.h.store.getRun(t.runId))?.delivery).toMatchObject({ status: "sent", messageIds: ["42"] });
  });

  it("fails at once on 400 with Telegram's description", async () => {
    const t = await setup(
      (app) =>
        app.post(
          `/bot${token}/sendMessage`,
          answers({
            status: 400,
            body: { ok: false, error_code: 400, description: "Bad Request: chat not found" },
          }),
        ),
      config,
    );
    const state = await t.deliver({ text: "hi", channel: "telegram", to: "999" });
    expect(state).toMatchObject({
      status: "failed",
      reason: "telegram: HTTP 400: Bad Request: chat not found",
    });
    expect(t.svc.seen).toHaveLength(1);
    expect(t.h.waits).toEqual([]);
    expect((await t.h.store.getRun(t.runId))?.delivery?.status).toBe("failed");
  });

  it("waits parameters.retry_after on 429, then sends", async () => {
    const limited = {
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 7",
        parameters: { retry_after: 7 },
      },
    };
    const t = await setup((app) => app.post(`/bot${token}/sendMessage`, answers(limited, ok)), config);
    const state = await t.deliver({ text: "hi", channel: "telegram", to: "1" });
    expect(t.h.waits).toEqual([7000]);
    expect(state).toMatchObject({ status: "sent", messageIds: ["42"], attempts: 2 });
  });

  it("keeps the token (it is in the URL path) out of errors and logs", async () => {
    // A wrong apiBaseUrl that answers 404 echoing the URL, as many servers do.
    const t = await setup(() => {}, config);
    const state = await t.deliver({ text: "hi", channel: "telegram", to: "1" });
    expect(state.status).toBe("failed");
    expect(state.reason).toContain("HTTP 404");
    expect(state.reason).toContain("/bot[redacted]/sendMessage");
    expectSecretsHidden(t.h, state.reason, token);
  });
});

describe("slack (Web API chat.postMessage)", () => {
  const token = "xoxb-1111-2222-slack-secret";
  const config = (url: string): ChannelsConfig => ({ slack: { botToken: token, apiBaseUrl: url } });
  const ok = {
    status: 200,
    body: { ok: true, channel: "C0123", ts: "1503435956.000247", message: { text: "x" } },
  };

  it("POSTs chat.postMessage with a bearer token, JSON {channel, text}, and records ts", async () => {
    const t = await setup((app) => app.post("/chat.postMessage", answers(ok)), config);
    const state = await t.deliver({ text: "Deploy done", channel: "slack", to: "C0123" });
    expect(state).toMatchObject({ status: "sent", messageIds: ["1503435956.000247"] });
    const req = t.svc.seen[0];
    expect(req).toMatchObject({ method: "POST", path: "/chat.postMessage" });
    expect(req?.headers.authorization).toBe(`Bearer ${token}`);
    // Slack warns about JSON posted without a charset.
    expect(req?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(req?.body).toEqual({ channel: "C0123", text: "Deploy done" });
  });

  it("treats a 200 {ok:false} error as permanent and reports Slack's error code", async () => {
    const t = await setup(
      (app) =>
        app.post(
          "/chat.postMessage",
          answers({ status: 200, body: { ok: false, error: "channel_not_found" } }),
        ),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "slack", to: "C404" });
    expect(state).toMatchObject({ status: "failed", reason: "slack: Slack error channel_not_found" });
    expect(t.svc.seen).toHaveLength(1);
    expectSecretsHidden(t.h, state.reason, token);
  });

  it("names the missing scope, since adding it is the fix", async () => {
    const body = { ok: false, error: "missing_scope", needed: "chat:write", provided: "channels:read" };
    const t = await setup((app) => app.post("/chat.postMessage", answers({ status: 200, body })), config);
    const state = await t.deliver({ text: "x", channel: "slack", to: "C1" });
    expect(state.reason).toBe("slack: Slack error missing_scope (needed scope: chat:write)");
  });

  it("honours Retry-After on 429 and retries {ok:false, error:ratelimited}", async () => {
    const t = await setup(
      (app) =>
        app.post(
          "/chat.postMessage",
          answers(
            { status: 429, body: { ok: false, error: "ratelimited" }, headers: { "retry-after": "30" } },
            { status: 200, body: { ok: false, error: "ratelimited" } },
            ok,
          ),
        ),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "slack", to: "C1" });
    // 30 s as asked; then exponential backoff with jitter (random = 0.5): 1000·(½ + ½·0.5) for attempt 2.
    expect(t.h.waits).toEqual([30_000, 750]);
    expect(state).toMatchObject({ status: "sent", attempts: 3 });
  });
});

describe("discord (REST create message)", () => {
  const token = "MTA5.discord-secret-token";
  const config = (url: string): ChannelsConfig => ({ discord: { botToken: token, apiBaseUrl: url } });
  const ok = { status: 200, body: { id: "1100223344556677", channel_id: "987", content: "x" } };

  it("POSTs /channels/{id}/messages with Authorization: Bot, a DiscordBot user agent and {content}", async () => {
    const t = await setup((app) => app.post("/channels/987/messages", answers(ok)), config);
    const state = await t.deliver({ text: "Alert resolved", channel: "discord", to: "987" });
    expect(state).toMatchObject({ status: "sent", messageIds: ["1100223344556677"] });
    const req = t.svc.seen[0];
    expect(req).toMatchObject({ method: "POST", path: "/channels/987/messages" });
    expect(req?.headers.authorization).toBe(`Bot ${token}`);
    expect(req?.headers["user-agent"]).toMatch(/^DiscordBot \(https:\/\/\S+, \d+\.\d+\.\d+\)$/);
    // Mentions are switched off: a reply quoting webhook content must not ping @everyone. The nonce
    // lets Discord return the message it already made when a retry repeats the request.
    expect(req?.body).toEqual({
      content: "Alert resolved",
      allowed_mentions: { parse: [] },
      nonce: expect.stringMatching(/^[0-9a-f]{25}$/),
      enforce_nonce: true,
    });
  });

  it("fails at once on 403 with Discord's message and code", async () => {
    const t = await setup(
      (app) =>
        app.post(
          "/channels/987/messages",
          answers({ status: 403, body: { message: "Missing Access", code: 50001 } }),
        ),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "discord", to: "987" });
    expect(state).toMatchObject({
      status: "failed",
      reason: "discord: HTTP 403: Missing Access (code 50001)",
    });
    expect(t.svc.seen).toHaveLength(1);
    expectSecretsHidden(t.h, state.reason, token);
  });

  it("waits the body's retry_after (seconds with fractions) on 429", async () => {
    const limited = {
      status: 429,
      body: { message: "You are being rate limited.", retry_after: 1.5, global: false },
      headers: { "retry-after": "2" },
    };
    const t = await setup((app) => app.post("/channels/987/messages", answers(limited, ok)), config);
    const state = await t.deliver({ text: "x", channel: "discord", to: "987" });
    expect(t.h.waits).toEqual([1500]);
    expect(state.status).toBe("sent");
  });
});

describe("mattermost (REST v4 posts)", () => {
  const token = "mm-personal-access-secret";
  const config = (url: string): ChannelsConfig => ({ mattermost: { baseUrl: `${url}/`, token } });

  it("POSTs /api/v4/posts with a bearer token and {channel_id, message}, and records the post id", async () => {
    const t = await setup(
      (app) =>
        app.post(
          "/api/v4/posts",
          answers({ status: 201, body: { id: "p1xq3", channel_id: "ch9", message: "x" } }),
        ),
      config,
    );
    const state = await t.deliver({ text: "Backup finished", channel: "mattermost", to: "ch9" });
    expect(state).toMatchObject({ status: "sent", messageIds: ["p1xq3"] });
    const req = t.svc.seen[0];
    expect(req).toMatchObject({ method: "POST", path: "/api/v4/posts" });
    expect(req?.headers.authorization).toBe(`Bearer ${token}`);
    expect(req?.body).toEqual({
      channel_id: "ch9",
      message: "Backup finished",
      pending_post_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("fails at once on 403 with Mattermost's message", async () => {
    const body = {
      id: "api.context.permissions.app_error",
      message: "You do not have the appropriate permissions.",
      detailed_error: "",
      request_id: "r1",
      status_code: 403,
    };
    const t = await setup((app) => app.post("/api/v4/posts", answers({ status: 403, body })), config);
    const state = await t.deliver({ text: "x", channel: "mattermost", to: "ch9" });
    expect(state).toMatchObject({
      status: "failed",
      reason: "mattermost: HTTP 403: You do not have the appropriate permissions.",
    });
    expectSecretsHidden(t.h, state.reason, token);
  });

  it("honours Retry-After on 429", async () => {
    const t = await setup(
      (app) =>
        app.post(
          "/api/v4/posts",
          answers(
            { status: 429, body: { message: "too many requests" }, headers: { "retry-after": "1" } },
            { status: 201, body: { id: "p2" } },
          ),
        ),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "mattermost", to: "ch9" });
    expect(t.h.waits).toEqual([1000]);
    expect(state).toMatchObject({ status: "sent", messageIds: ["p2"] });
  });
});

describe("signal (signal-cli-rest-api)", () => {
  const config = (url: string): ChannelsConfig => ({ signal: { baseUrl: url, number: "+15550001111" } });

  it("POSTs /v2/send with {message, number, recipients} and records the timestamp", async () => {
    const t = await setup(
      (app) => app.post("/v2/send", answers({ status: 201, body: { timestamp: "1700000000123" } })),
      config,
    );
    const state = await t.deliver({ text: "Door opened", channel: "signal", to: "+15552223333" });
    expect(state).toMatchObject({ status: "sent", messageIds: ["1700000000123"] });
    expect(t.svc.seen[0]).toMatchObject({ method: "POST", path: "/v2/send" });
    expect(t.svc.seen[0]?.body).toEqual({
      message: "Door opened",
      number: "+15550001111",
      recipients: ["+15552223333"],
      text_mode: "normal",
    });
  });

  it("fails at once on 400 with signal-cli's error", async () => {
    const body = { error: "Failed to send message: +15552223333: Unregistered user" };
    const t = await setup((app) => app.post("/v2/send", answers({ status: 400, body })), config);
    const state = await t.deliver({ text: "x", channel: "signal", to: "+15552223333" });
    expect(state).toMatchObject({ status: "failed", reason: `signal: HTTP 400: ${body.error}` });
    expect(t.svc.seen).toHaveLength(1);
  });

  it("retries a 429 rate-limit challenge, then reports it when it persists", async () => {
    const body = {
      error: "Rate limit exceeded. Use the attached challenge tokens",
      challenge_tokens: ["t1"],
    };
    const svc = await fakeService((app) => app.post("/v2/send", answers({ status: 429, body })));
    const h = await harness({ channels: config(svc.url), config: { delivery: { maxAttempts: 3 } } });
    const state = await h.delivery.deliver({ text: "x", channel: "signal", to: "+15552223333" });
    expect(svc.seen).toHaveLength(3);
    expect(h.waits).toHaveLength(2);
    expect(state.status).toBe("failed");
    expect(state.reason).toContain("Rate limit exceeded");
    expect(state.reason).toContain("gave up after 3 attempts");
  });
});

describe("whatsapp (Cloud API)", () => {
  const token = "EAAG-whatsapp-secret-token";
  const config = (url: string): ChannelsConfig => ({
    whatsapp: { accessToken: token, phoneNumberId: "106540352242922", apiBaseUrl: `${url}/v21.0` },
  });
  const ok = {
    status: 200,
    body: {
      messaging_product: "whatsapp",
      contacts: [{ input: "15551234567", wa_id: "15551234567" }],
      messages: [{ id: "wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI" }],
    },
  };
  const graphError = (code: number, message: string, details?: string) => ({
    error: {
      message,
      type: "OAuthException",
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: "AbCdEf",
    },
  });

  it("POSTs /{phoneNumberId}/messages with a bearer token and a text message, and records the wamid", async () => {
    const t = await setup((app) => app.post("/v21.0/106540352242922/messages", answers(ok)), config);
    const state = await t.deliver({ text: "Your order shipped", channel: "whatsapp", to: "15551234567" });
    expect(state).toMatchObject({ status: "sent", messageIds: ["wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI"] });
    const req = t.svc.seen[0];
    expect(req).toMatchObject({ method: "POST", path: "/v21.0/106540352242922/messages" });
    expect(req?.headers.authorization).toBe(`Bearer ${token}`);
    expect(req?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "15551234567",
      type: "text",
      text: { body: "Your order shipped" },
    });
  });

  it("fails at once on a Graph error, with its message and details", async () => {
    const body = graphError(
      131030,
      "(#131030) Recipient phone number not in allowed list",
      "Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.",
    );
    const t = await setup(
      (app) => app.post("/v21.0/106540352242922/messages", answers({ status: 400, body })),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "whatsapp", to: "15550000000" });
    expect(state.status).toBe("failed");
    expect(state.reason).toContain(
      "whatsapp: HTTP 400: (#131030) Recipient phone number not in allowed list: ",
    );
    expect(state.reason).toContain("Add recipient phone number to recipient list");
    expect(t.svc.seen).toHaveLength(1);
    expectSecretsHidden(t.h, state.reason, token);
  });

  it("retries throughput errors although they come as HTTP 400", async () => {
    const throttled = { status: 400, body: graphError(130429, "(#130429) Rate limit hit") };
    const t = await setup(
      (app) => app.post("/v21.0/106540352242922/messages", answers(throttled, ok)),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "whatsapp", to: "15551234567" });
    expect(t.h.waits).toEqual([375]);
    expect(state).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("imessage (BlueBubbles)", () => {
  const password = "bb-server-secret";
  const config = (url: string): ChannelsConfig => ({ imessage: { baseUrl: url, password } });
  const ok = {
    status: 200,
    body: { status: 200, message: "Message sent!", data: { guid: "p:0/5F3C-AA", text: "x" } },
  };

  it("POSTs /api/v1/message/text with the password in the query and {chatGuid, message, method, tempGuid}", async () => {
    const t = await setup((app) => app.post("/api/v1/message/text", answers(ok)), config);
    const state = await t.deliver({
      text: "Dinner at 8",
      channel: "imessage",
      to: "iMessage;-;+15551234567",
    });
    expect(state).toMatchObject({ status: "sent", messageIds: ["p:0/5F3C-AA"] });
    const req = t.svc.seen[0];
    expect(req).toMatchObject({ method: "POST", path: "/api/v1/message/text", query: { password } });
    expect(req?.body).toMatchObject({
      chatGuid: "iMessage;-;+15551234567",
      message: "Dinner at 8",
      method: "apple-script",
    });
    expect(req?.body.tempGuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("turns a bare phone number into its one-to-one chat guid", async () => {
    const t = await setup((app) => app.post("/api/v1/message/text", answers(ok)), config);
    await t.deliver({ text: "x", channel: "imessage", to: "+15551234567" });
    expect(t.svc.seen[0]?.body.chatGuid).toBe("iMessage;-;+15551234567");
  });

  it("retries a 500 iMessage error with the same tempGuid, so the server can spot a duplicate", async () => {
    const failed = {
      status: 500,
      body: {
        status: 500,
        message: "iMessage has encountered an error",
        error: { type: "iMessage Error", message: "Failed to send message!" },
      },
    };
    const t = await setup((app) => app.post("/api/v1/message/text", answers(failed, ok)), config);
    const state = await t.deliver({ text: "x", channel: "imessage", to: "+15551234567" });
    expect(state.status).toBe("sent");
    expect(t.svc.seen).toHaveLength(2);
    expect(t.svc.seen[1]?.body.tempGuid).toBe(t.svc.seen[0]?.body.tempGuid);
  });

  it("fails at once on 401 and keeps the password (it is in the query string) out of errors and logs", async () => {
    const unauthorized = {
      status: 401,
      body: {
        status: 401,
        message: "You are not authorized to access this resource",
        error: { type: "Authentication Error", message: "Unauthorized" },
      },
    };
    const t = await setup((app) => app.post("/api/v1/message/text", answers(unauthorized)), config);
    const state = await t.deliver({ text: "x", channel: "imessage", to: "+15551234567" });
    expect(state).toMatchObject({ status: "failed", reason: "imessage: HTTP 401: Unauthorized" });

    // A wrong base URL whose 404 echoes the full URL, query string included.
    await t.svc.close();
    const svc = await fakeService();
    const wrong = t.h.recreate({ channels: config(`${svc.url}/nothing-here`) });
    const echoed = await wrong.deliver({ text: "x", channel: "imessage", to: "+15551234567" });
    expect(echoed.reason).toContain("password=[redacted]");
    expectSecretsHidden(t.h, echoed.reason, password);
  });
});

describe("msteams (incoming webhook / Workflows)", () => {
  const secretPath = "/webhookb2/0c5d-teams/IncomingWebhook/a1b2c3/sig-teams-secret";
  const config = (url: string): ChannelsConfig => ({ msteams: { webhooks: { ops: `${url}${secretPath}` } } });

  it("POSTs to the conversation's webhook URL with text and an Adaptive Card (classic webhook answers 1)", async () => {
    const t = await setup((app) => app.post(secretPath, answers({ status: 200, body: "1" })), config);
    const state = await t.deliver({ text: "Nightly build failed", channel: "msteams", to: "ops" });
    expect(state).toMatchObject({ status: "sent", channel: "msteams", to: "ops", messageIds: ["accepted"] });
    const req = t.svc.seen[0];
    expect(req).toMatchObject({ method: "POST", path: secretPath });
    expect(req?.body).toMatchObject({ type: "message", text: "Nightly build failed" });
    expect(req?.body.attachments).toEqual([
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [{ type: "TextBlock", text: "Nightly build failed", wrap: true }],
        },
      },
    ]);
  });

  it("records the flow run id of a Workflows webhook (202)", async () => {
    const t = await setup(
      (app) =>
        app.post(
          secretPath,
          answers({ status: 202, headers: { "x-ms-workflow-run-id": "08584712345678901234" } }),
        ),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "msteams", to: "ops" });
    expect(state).toMatchObject({ status: "sent", messageIds: ["08584712345678901234"] });
  });

  it("fails without a request when the conversation id has no webhook", async () => {
    const t = await setup(() => {}, config);
    const state = await t.deliver({ text: "x", channel: "msteams", to: "sales" });
    expect(state).toMatchObject({
      status: "failed",
      reason: 'msteams: no webhook URL for conversation "sales": add it under channels.msteams.webhooks',
    });
    expect(t.svc.seen).toHaveLength(0);
  });

  it("fails on a classic webhook's 200 error sentence and on a Workflows 400, never showing the URL", async () => {
    const t = await setup(
      (app) =>
        app.post(
          secretPath,
          answers(
            {
              status: 200,
              body: "Webhook message delivery failed with error: Microsoft Teams endpoint returned 400",
            },
            {
              status: 400,
              body: {
                error: { code: "TriggerInputSchemaMismatch", message: "The input body does not match" },
              },
            },
          ),
        ),
      config,
    );
    const first = await t.deliver({ text: "x", channel: "msteams", to: "ops" });
    expect(first.status).toBe("failed");
    expect(first.reason).toContain("Webhook message delivery failed");
    const second = await t.deliver({ text: "x", channel: "msteams", to: "ops" });
    expect(second).toMatchObject({
      status: "failed",
      reason: "msteams: HTTP 400: The input body does not match",
    });
    expect(t.svc.seen).toHaveLength(2);
    expectSecretsHidden(t.h, `${first.reason} ${second.reason}`, "sig-teams-secret");
  });

  it("honours Retry-After on 429", async () => {
    const t = await setup(
      (app) =>
        app.post(
          secretPath,
          answers({ status: 429, headers: { "retry-after": "4" } }, { status: 200, body: "1" }),
        ),
      config,
    );
    const state = await t.deliver({ text: "x", channel: "msteams", to: "ops" });
    expect(t.h.waits).toEqual([4000]);
    expect(state.status).toBe("sent");
  });
});
