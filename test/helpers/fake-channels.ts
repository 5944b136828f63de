// Contract fakes of the chat services: each enforces what its real service documents and refuses
// what the real one refuses, with the real answer's status and body: the size limit in the service's
// own unit, empty text, a wrong token, its escaping and mention rules, its idempotency key, its
// rate-limit answer. The rules are plain functions (`rules`), so a property test can hold any
// request against them without a server. A fake can also "process, then hang": it accepts the message
// and never answers, as a service does when the answer is lost on the way back.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChannelsConfig } from "../../src/types/generated.js";
import { type FakeService, fakeService } from "./delivery.js";

export type Service =
  | "telegram"
  | "slack"
  | "discord"
  | "mattermost"
  | "signal"
  | "whatsapp"
  | "imessage"
  | "msteams";

/** A refusal as the real service words it. */
export interface Refusal {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What a rule check makes of one request body: a refusal, or the text as the service shows it. */
export type Verdict = { refused: Refusal } | { shown: string; to: string; key?: string };

export interface Rule {
  /** Checks one request body (credentials are checked by the fake itself). */
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are read field by field, like the service does
  check(body: any): Verdict;
}

const codePoints = (s: string) => [...s].length;
const utf8 = (s: string) => Buffer.byteLength(s, "utf8");
const isText = (v: unknown): v is string => typeof v === "string";

/** Each service's documented message rules. */
export const rules: Record<Service, Rule> = {
  telegram: {
    check(body) {
      const bad = (description: string): Verdict => ({
        refused: { status: 400, body: { ok: false, error_code: 400, description } },
      });
      if (!isText(body?.text) || body.text.trim() === "") return bad("Bad Request: message text is empty");
      // 1-4096 characters after entity parsing; Telegram counts UTF-16 code units.
      if (body.text.length > 4096) return bad("Bad Request: message is too long");
      return { shown: body.text, to: String(body.chat_id) };
    },
  },
  slack: {
    check(body) {
      const bad = (error: string): Verdict => ({ refused: { status: 200, body: { ok: false, error } } });
      if (!isText(body?.text) || body.text.trim() === "") return bad("no_text");
      // Counted as sent, entities included.
      if (body.text.length > 40_000) return bad("msg_too_long");
      return { shown: body.text, to: String(body.channel) };
    },
  },
  discord: {
    check(body) {
      const invalid = (field: string, code: string, message: string): Verdict => ({
        refused: {
          status: 400,
          body: {
            code: 50035,
            errors: { [field]: { _errors: [{ code, message }] } },
            message: "Invalid Form Body",
          },
        },
      });
      if (!isText(body?.content) || body.content.trim() === "") {
        return { refused: { status: 400, body: { message: "Cannot send an empty message", code: 50006 } } };
      }
      if (codePoints(body.content) > 2000) {
        return invalid("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.");
      }
      if (body.nonce !== undefined && String(body.nonce).length > 25) {
        return invalid("nonce", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
      }
      return {
        shown: body.content,
        to: "",
        ...(body.enforce_nonce === true && body.nonce !== undefined ? { key: String(body.nonce) } : {}),
      };
    },
  },
  mattermost: {
    check(body) {
      const bad = (id: string, message: string): Verdict => ({
        refused: {
          status: 400,
          body: { id, message, detailed_error: "", request_id: "fake", status_code: 400 },
        },
      });
      if (!isText(body?.message) || body.message.trim() === "") {
        return bad("api.post.create_post.message_or_files.app_error", "Post must have a message or files.");
      }
      // 16,383 runes.
      if (codePoints(body.message) > 16_383) {
        return bad(
          "model.post.is_valid.message_length.app_error",
          "Post Message property is longer than the maximum permitted length.",
        );
      }
      return {
        shown: body.message,
        to: String(body.channel_id),
        ...(isText(body.pending_post_id) && body.pending_post_id ? { key: body.pending_post_id } : {}),
      };
    },
  },
  signal: {
    check(body) {
      const bad = (error: string): Verdict => ({ refused: { status: 400, body: { error } } });
      if (!isText(body?.message) || body.message === "")
        return bad("Couldn't process request - message missing");
      if (body.text_mode !== undefined && body.text_mode !== "normal" && body.text_mode !== "styled") {
        return bad("Couldn't process request - invalid text mode");
      }
      // Over 2,000 bytes a Signal app shows the body as a "long text" attachment: not an error, but not
      // an ordinary message either. The fake refuses it so that a test notices.
      if (utf8(body.message) > 2000)
        return bad("fake: message over 2000 bytes becomes a long-text attachment");
      return { shown: body.message, to: String(body.recipients?.[0]) };
    },
  },
  whatsapp: {
    check(body) {
      const bad = (message: string): Verdict => ({
        refused: {
          status: 400,
          body: { error: { message, type: "OAuthException", code: 100, fbtrace_id: "AfakeTrace" } },
        },
      });
      const text = body?.text?.body;
      if (body?.messaging_product !== "whatsapp")
        return bad("(#100) The parameter messaging_product is required.");
      if (!isText(text) || text.trim() === "") return bad("(#100) Param text['body'] is required.");
      if (text.length > 4096) return bad("(#100) Param text['body'] must be at most 4096 characters long.");
      return { shown: text, to: String(body.to) };
    },
  },
  imessage: {
    check(body) {
      const bad = (message: string): Verdict => ({
        refused: {
          status: 400,
          body: { status: 400, message: "Bad Request", error: { type: "Validation Error", message } },
        },
      });
      if (!isText(body?.chatGuid) || body.chatGuid === "") return bad("The chatGuid field is required.");
      if (!isText(body?.tempGuid) || body.tempGuid === "") {
        return bad("A 'tempGuid' is required when sending via AppleScript");
      }
      if (!isText(body?.message) || body.message.trim() === "") {
        return bad("A 'message' is required when sending via AppleScript");
      }
      return { shown: body.message, to: body.chatGuid, key: body.tempGuid };
    },
  },
  msteams: {
    check(body) {
      // Teams wraps its own refusals into a 200 with an error sentence (classic incoming webhooks).
      const refusedWith = (status: number): Verdict => ({
        refused: {
          status: 200,
          body: `Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error ${status} with ContextId tcid=0,server=fake,cv=fake.0..`,
        },
      });
      const text = body?.text;
      if (!isText(text) || text.trim() === "")
        return { refused: { status: 400, body: "Summary or Text is required." } };
      // Documented 28 KB, but Teams measures after adding its own properties: about 21 KB in practice.
      if (utf8(JSON.stringify(body)) > 21_000) return refusedWith(413);
      return { shown: text, to: "" };
    },
  },
};

/** A message the service accepted, as its users see it. */
export interface Posted {
  id: string;
  to: string;
  text: string;
}

export interface ChannelFake extends FakeService {
  service: Service;
  /** Channel config pointing at this fake with the right credentials. */
  channels: ChannelsConfig;
  /** Channel config with a wrong credential. */
  wrongCredentials: ChannelsConfig;
  /** Messages accepted, in order (a resend the service recognised is not repeated). */
  posted: Posted[];
  /** Requests refused by a rule, with the refusal. */
  refused: Refusal[];
  /** The next `times` requests get the service's rate-limit answer asking to wait `seconds`. */
  rateLimit(seconds: number, times?: number): void;
  /** The next `times` requests are processed (the message posted), then never answered. */
  hangAfterProcessing(times?: number): void;
  /** Answers the next request with `answer` instead of processing it. */
  answerNext(...answers: Refusal[]): void;
}

const TOKENS = {
  telegram: "123456789:AAH-fake-telegram-token",
  slack: "xoxb-fake-slack-token",
  discord: "MTA.fake-discord-token",
  mattermost: "fake-mattermost-token",
  whatsapp: "EAAG-fake-whatsapp-token",
  imessage: "fake-bluebubbles-password",
} as const;
const TEAMS_PATH = "/webhookb2/fake/IncomingWebhook/abc/sig-fake-teams";
const WHATSAPP_PHONE_ID = "106540352242922";

/** Where each service takes a message, with `:to` where the recipient is in the path. */
const ROUTES: Record<Service, string> = {
  telegram: "/bot:token/sendMessage",
  slack: "/chat.postMessage",
  discord: "/channels/:to/messages",
  mattermost: "/api/v4/posts",
  signal: "/v2/send",
  whatsapp: `/v21.0/${WHATSAPP_PHONE_ID}/messages`,
  imessage: "/api/v1/message/text",
  msteams: TEAMS_PATH,
};

/** Starts the contract fake of `service`. */
export async function channelFake(service: Service): Promise<ChannelFake> {
  const posted: Posted[] = [];
  const refused: Refusal[] = [];
  const scripted: Refusal[] = [];
  const byKey = new Map<string, Posted>();
  const inFlightKeys = new Set<string>();
  let limited = { seconds: 0, times: 0 };
  let hangs = 0;
  let seq = 0;

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const denied = credentialsRefusal(service, req);
    if (denied) return send(reply, denied);
    const next = scripted.shift();
    if (next) return send(reply, next);
    if (limited.times > 0) {
      limited.times -= 1;
      return send(reply, rateLimitAnswer(service, limited.seconds));
    }
    const verdict = rules[service].check(req.body);
    if ("refused" in verdict) {
      refused.push(verdict.refused);
      return send(reply, verdict.refused);
    }
    const to = verdict.to || String((req.params as { to?: string }).to ?? "");
    const key = verdict.key;
    if (key !== undefined) {
      const earlier = byKey.get(key);
      if (earlier) return send(reply, success(service, earlier));
      if (inFlightKeys.has(key)) return send(reply, inFlightAnswer(service, key));
    }
    seq += 1;
    const message: Posted = { id: messageId(service, seq), to, text: verdict.shown };
    posted.push(message);
    if (key !== undefined) {
      // Discord and Mattermost remember the key of a message made (for minutes); BlueBubbles only
      // while its send is still going on, and forgets it once the send ends.
      if (service === "imessage") inFlightKeys.add(key);
      else byKey.set(key, message);
    }
    if (hangs > 0) {
      hangs -= 1;
      // Processed; the answer never comes (an iMessage send still going on in Messages).
      await new Promise<void>((resolve) => req.raw.socket.once("close", () => resolve()));
      return reply;
    }
    if (key !== undefined) inFlightKeys.delete(key);
    return send(reply, success(service, message));
  };

  const svc = await fakeService((app: FastifyInstance) => {
    app.post(ROUTES[service], handler);
  });
  const fake: ChannelFake = {
    ...svc,
    service,
    channels: channelsFor(service, svc.url, true),
    wrongCredentials: channelsFor(service, svc.url, false),
    posted,
    refused,
    rateLimit(seconds, times = 1) {
      limited = { seconds, times };
    },
    hangAfterProcessing(times = 1) {
      hangs = times;
    },
    answerNext(...answers) {
      scripted.push(...answers);
    },
  };
  return fake;
}

function send(reply: FastifyReply, answer: Refusal): FastifyReply {
  reply.code(answer.status);
  for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
  if (typeof answer.body === "string") return reply.type("text/plain; charset=utf-8").send(answer.body);
  return reply.send(answer.body);
}

function channelsFor(service: Service, url: string, right: boolean): ChannelsConfig {
  const secret = (s: string) => (right ? s : `${s}-wrong`);
  switch (service) {
    case "telegram":
      return { telegram: { botToken: secret(TOKENS.telegram), apiBaseUrl: url } };
    case "slack":
      return { slack: { botToken: secret(TOKENS.slack), apiBaseUrl: url } };
    case "discord":
      return { discord: { botToken: secret(TOKENS.discord), apiBaseUrl: url } };
    case "mattermost":
      return { mattermost: { baseUrl: url, token: secret(TOKENS.mattermost) } };
    case "signal":
      return { signal: { baseUrl: url, number: right ? "+15550001111" : "+15559999999" } };
    case "whatsapp":
      return {
        whatsapp: {
          accessToken: secret(TOKENS.whatsapp),
          phoneNumberId: WHATSAPP_PHONE_ID,
          apiBaseUrl: `${url}/v21.0`,
        },
      };
    case "imessage":
      return { imessage: { baseUrl: url, password: secret(TOKENS.imessage) } };
    case "msteams":
      return { msteams: { webhooks: { ops: right ? `${url}${TEAMS_PATH}` : `${url}${TEAMS_PATH}x` } } };
  }
}

/** The real service's answer to a wrong credential, or undefined when the credential is right. */
function credentialsRefusal(service: Service, req: FastifyRequest): Refusal | undefined {
  const auth = req.headers.authorization;
  switch (service) {
    case "telegram":
      return (req.params as { token: string }).token === TOKENS.telegram
        ? undefined
        : { status: 401, body: { ok: false, error_code: 401, description: "Unauthorized" } };
    case "slack":
      if (!auth) return { status: 200, body: { ok: false, error: "not_authed" } };
      return auth === `Bearer ${TOKENS.slack}`
        ? undefined
        : { status: 200, body: { ok: false, error: "invalid_auth" } };
    case "discord": {
      if (auth !== `Bot ${TOKENS.discord}`)
        return { status: 401, body: { message: "401: Unauthorized", code: 0 } };
      // Discord asks for `DiscordBot ($url, $versionNumber)`; Cloudflare turns other agents away.
      const agent = String(req.headers["user-agent"] ?? "");
      return /^DiscordBot \(https?:\/\/[^\s,]+, [0-9][\w.+-]*\)$/.test(agent)
        ? undefined
        : {
            status: 400,
            body: {
              message: `fake: User-Agent must be DiscordBot ($url, $versionNumber), got ${agent}`,
              code: 0,
            },
          };
    }
    case "mattermost":
      return auth === `Bearer ${TOKENS.mattermost}`
        ? undefined
        : {
            status: 401,
            body: {
              id: "api.context.session_expired.app_error",
              message: "Invalid or expired session, please login again.",
              detailed_error: "",
              request_id: "fake",
              status_code: 401,
            },
          };
    case "signal":
      return (req.body as { number?: string })?.number === "+15550001111"
        ? undefined
        : { status: 400, body: { error: "User +15559999999 is not registered." } };
    case "whatsapp":
      return auth === `Bearer ${TOKENS.whatsapp}`
        ? undefined
        : {
            status: 401,
            body: {
              error: {
                message: "Invalid OAuth access token - Cannot parse access token",
                type: "OAuthException",
                code: 190,
                fbtrace_id: "AfakeTrace",
              },
            },
          };
    case "imessage":
      return (req.query as { password?: string }).password === TOKENS.imessage
        ? undefined
        : {
            status: 401,
            body: {
              status: 401,
              message: "You are not authorized to access this resource",
              error: { type: "Authentication Error", message: "Unauthorized" },
            },
          };
    case "msteams":
      return undefined;
  }
}

/** The service's own "slow down" answer. */
export function rateLimitAnswer(service: Service, seconds: number): Refusal {
  const whole = String(Math.ceil(seconds));
  switch (service) {
    case "telegram":
      return {
        status: 429,
        body: {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${whole}`,
          parameters: { retry_after: Math.ceil(seconds) },
        },
      };
    case "slack":
      return { status: 429, headers: { "retry-after": whole }, body: { ok: false, error: "ratelimited" } };
    case "discord":
      // The body's retry_after has fractions; the header is rounded up to whole seconds.
      return {
        status: 429,
        headers: {
          "retry-after": whole,
          "x-ratelimit-scope": "user",
          "x-ratelimit-reset-after": String(seconds),
        },
        body: { message: "You are being rate limited.", retry_after: seconds, global: false },
      };
    case "mattermost":
      return {
        status: 429,
        headers: { "retry-after": whole, "x-ratelimit-remaining": "0" },
        body: { message: "limit exceeded" },
      };
    case "signal":
      return {
        status: 429,
        body: {
          error:
            "Failed to send message due to rate limiting. Use the attached challenge tokens to lift the rate limit restrictions via the '/v1/accounts/{number}/rate-limit-challenge' endpoint.",
          challenge_tokens: ["fake-challenge"],
          account: "+15550001111",
        },
      };
    case "whatsapp":
      return {
        status: 400,
        body: {
          error: {
            message: "(#130429) Rate limit hit",
            type: "OAuthException",
            code: 130429,
            error_data: {
              messaging_product: "whatsapp",
              details: "Cloud API message throughput has been reached.",
            },
            fbtrace_id: "AfakeTrace",
          },
        },
      };
    case "imessage":
      return {
        status: 429,
        headers: { "retry-after": whole },
        body: { status: 429, message: "Too many requests" },
      };
    case "msteams":
      return { status: 429, headers: { "retry-after": whole }, body: "Too Many Requests" };
  }
}

/** What the service answers while a resend's key is still being processed. */
function inFlightAnswer(service: Service, key: string): Refusal {
  if (service === "imessage") {
    return {
      status: 400,
      body: {
        status: 400,
        message: "Bad Request",
        error: { type: "Bad Request", message: `Message is already queued to be sent! (Temp GUID: ${key})` },
      },
    };
  }
  if (service === "mattermost") {
    return {
      status: 500,
      body: {
        id: "api.post.deduplicate_create_post.pending",
        message: "Rejected a post that is still being created.",
        status_code: 500,
      },
    };
  }
  return { status: 500, body: { message: "fake: still processing" } };
}

function messageId(service: Service, n: number): string {
  switch (service) {
    case "slack":
      return `1700000000.${String(n).padStart(6, "0")}`;
    case "whatsapp":
      return `wamid.fake${n}`;
    case "imessage":
      return `p:0/fake-${n}`;
    case "signal":
      return String(1_700_000_000_000 + n);
    case "msteams":
      return "accepted";
    default:
      return String(1000 + n);
  }
}

function success(service: Service, m: Posted): Refusal {
  switch (service) {
    case "telegram":
      return {
        status: 200,
        body: { ok: true, result: { message_id: Number(m.id), chat: { id: m.to }, text: m.text } },
      };
    case "slack":
      return { status: 200, body: { ok: true, channel: m.to, ts: m.id, message: { text: m.text } } };
    case "discord":
      return { status: 200, body: { id: m.id, channel_id: m.to, content: m.text } };
    case "mattermost":
      return { status: 201, body: { id: m.id, channel_id: m.to, message: m.text } };
    case "signal":
      return { status: 201, body: { timestamp: m.id } };
    case "whatsapp":
      return {
        status: 200,
        body: {
          messaging_product: "whatsapp",
          contacts: [{ input: m.to, wa_id: m.to }],
          messages: [{ id: m.id }],
        },
      };
    case "imessage":
      return {
        status: 200,
        body: { status: 200, message: "Message sent!", data: { guid: m.id, text: m.text } },
      };
    case "msteams":
      return { status: 200, body: "1" };
  }
}

/**
 * How Slack reads a text: `&amp;`, `&lt;`, `&gt;` are the characters; anything between a raw `<` and
 * `>` is a control sequence (a link, a mention, `<!channel>`).
 */
export function slackControls(text: string): string[] {
  return text.match(/<[^<>]*>/g) ?? [];
}

export function slackDecode(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** Channel-wide mentions Mattermost would notify for: `@channel`, `@all`, `@here` as whole words. */
export function mattermostChannelMentions(text: string): string[] {
  // Mattermost splits words on anything but letters, digits and . _ - : @, then trims trailing
  // punctuation.
  const words = text.split(/[^\p{L}\p{N}._\-:@]+/u).map((w) => w.replace(/[.:_-]+$/, ""));
  return words.filter((w) => /^@(channel|all|here)$/i.test(w));
}

/** Whether Markdown code fences are balanced: every fence opened in `text` is closed in it. */
export function fencesBalanced(text: string): boolean {
  let open: string | undefined;
  for (const line of text.split("\n")) {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!m) continue;
    const run = m[1]!;
    if (open === undefined) {
      if (run[0] === "`" && m[2]!.includes("`")) continue;
      open = run;
    } else if (run[0] === open[0] && run.length >= open.length && m[2]!.trim() === "") {
      open = undefined;
    }
  }
  return open === undefined;
}
