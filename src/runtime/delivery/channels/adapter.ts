// What one chat channel module provides. A module declares its limits and how to send one message;
// everything shared (target resolution, splitting, retries, state) lives outside the channel files.
import type { ChannelsConfig } from "../../../types/generated.js";

export type ChannelId = keyof ChannelsConfig;

/** Per-request facts a channel needs besides its own config. */
export interface SendContext {
  fetch: typeof fetch;
  /** Aborts a request that got no answer in time (treated as a retryable failure). */
  signal: AbortSignal;
  /** Stable across the retries of one message, new for the next: lets a service drop duplicates. */
  idempotencyKey: string;
}

export type SendOutcome =
  | {
      ok: true;
      id: string;
      /** The recipient the service moved the conversation to (a Telegram group that became a supergroup). */
      movedTo?: string;
    }
  | {
      ok: false;
      /** 429, 5xx and the service's own throttling answers; anything else fails at once. */
      retryable: boolean;
      /** What the service said, e.g. `HTTP 400: Bad Request: chat not found`. */
      error: string;
      /** Wait the service asked for (Retry-After, retry_after), in milliseconds. */
      retryAfterMs?: number;
    };

/** A configured channel, bound to its config section. */
export interface BoundChannel {
  name: ChannelId;
  /** Largest message the service accepts, in units of `measure`. */
  maxLength: number;
  /**
   * Size of a text as the service counts it; never smaller than the text's UTF-16 length, so a
   * prefix of `maxLength` code units is an upper bound for what fits.
   */
  measure: (text: string) => number;
  defaultTo?: string;
  /** Credentials and credential-bearing URLs: removed from every error text and log line. */
  secrets: string[];
  send(to: string, text: string, ctx: SendContext): Promise<SendOutcome>;
}

export interface ChannelAdapter {
  name: ChannelId;
  /** The channel bound to its config, or undefined when the config has no section for it. */
  bind(channels: ChannelsConfig): BoundChannel | undefined;
}

interface ChannelDefinition<N extends ChannelId> {
  /** Also the key of the channel's section in `channels`, which gives `send` its config type. */
  name: N;
  maxLength: number;
  measure?: (text: string) => number;
  secrets: (cfg: NonNullable<ChannelsConfig[N]>) => string[];
  send: (
    cfg: NonNullable<ChannelsConfig[N]>,
    to: string,
    text: string,
    ctx: SendContext,
  ) => Promise<SendOutcome>;
}

/** Builds an adapter from a typed definition, so the registry can hold channels of different configs. */
export function defineChannel<N extends ChannelId>(def: ChannelDefinition<N>): ChannelAdapter {
  return {
    name: def.name,
    bind(channels) {
      const cfg = channels[def.name];
      if (cfg === undefined) return undefined;
      return {
        name: def.name,
        maxLength: def.maxLength,
        measure: def.measure ?? utf16Length,
        ...(cfg.defaultTo ? { defaultTo: cfg.defaultTo } : {}),
        secrets: def.secrets(cfg).filter((s) => s.length > 0),
        send: (to, text, ctx) => def.send(cfg, to, text, ctx),
      };
    },
  };
}

function utf16Length(text: string): number {
  return text.length;
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
