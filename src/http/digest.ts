import { createHash, hash } from "node:crypto";

/** SHA-256 in one call (Node >= 20.12 skips a Hash object per request; older 20.x fall back). */
export const sha256: (data: string | Buffer) => Buffer =
  typeof hash === "function"
    ? (data) => hash("sha256", data, "buffer")
    : (data) => createHash("sha256").update(data).digest();
