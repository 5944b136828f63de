// The fixed secret a pack's secret parameters get in its test cases when no value is given, so that
// `sign: true` works without environment variables. It is the public key of a fixed Ed25519 seed, in
// hex: an HMAC scheme takes it as any other string, and an ed25519 verify (which holds the sender's
// public key) can still be signed for, with the seed below. Known to everyone: never a real secret.
import { createHash, createPublicKey } from "node:crypto";
import { ed25519PrivateKey } from "../../engine/verify/ed25519.js";

/** The private seed (hex) whose public key is TEST_SECRET. */
export const TEST_SIGNING_SEED = createHash("sha256").update("hookgate test secret").digest("hex");

export const TEST_SECRET = createPublicKey(ed25519PrivateKey(TEST_SIGNING_SEED))
  .export({ format: "der", type: "spki" })
  .subarray(-32)
  .toString("hex");
