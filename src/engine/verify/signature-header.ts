// How senders write signatures into a header, read back as a list of candidate signatures (and, for
// Stripe, the signed timestamp). Written back the same way when `hookgate sign` signs.

export type SignatureFormat =
  /** One signature after an optional prefix: `sha256=<hex>` (GitHub), `v0=<hex>` (Slack), `<base64>`. */
  | { kind: "prefixed"; prefix: string }
  /** Comma-separated `key=value` items: `t=<ts>,v1=<hex>,v1=<hex>` (Stripe), `v1=<hex>,v1=<hex>` (PagerDuty). */
  | { kind: "pairs"; key: string; timestampKey?: string }
  /** Space-separated `v1,<base64>` items (Standard Webhooks). */
  | { kind: "versioned"; version: string };

export interface ParsedSignatures {
  signatures: string[];
  /** The timestamp the header itself carries (Stripe's `t=`). */
  timestamp?: string;
}

export function parseSignatureHeader(value: string, format: SignatureFormat): ParsedSignatures {
  switch (format.kind) {
    case "prefixed":
      return {
        signatures: value.startsWith(format.prefix) ? [value.slice(format.prefix.length).trim()] : [],
      };
    case "pairs": {
      const out: ParsedSignatures = { signatures: [] };
      for (const item of value.split(",")) {
        const eq = item.indexOf("=");
        if (eq < 0) continue;
        const key = item.slice(0, eq).trim();
        const v = item.slice(eq + 1).trim();
        if (key === format.key) out.signatures.push(v);
        else if (key === format.timestampKey && out.timestamp === undefined) out.timestamp = v;
      }
      return out;
    }
    case "versioned": {
      const signatures: string[] = [];
      for (const item of value.split(" ")) {
        const comma = item.indexOf(",");
        if (comma > 0 && item.slice(0, comma) === format.version) signatures.push(item.slice(comma + 1));
      }
      return { signatures };
    }
  }
}

/** The header value a sender would send for one signature (and timestamp). */
export function formatSignatureHeader(
  signature: string,
  format: SignatureFormat,
  timestamp?: string,
): string {
  switch (format.kind) {
    case "prefixed":
      return `${format.prefix}${signature}`;
    case "pairs":
      return format.timestampKey && timestamp !== undefined
        ? `${format.timestampKey}=${timestamp},${format.key}=${signature}`
        : `${format.key}=${signature}`;
    case "versioned":
      return `${format.version},${signature}`;
  }
}
