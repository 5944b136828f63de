// `hookgate sign`: the headers a sender would send with a body, signed as its scheme signs, so that a
// rule author can test a mapping's verify end to end with curl (`curl -H @headers.txt ...`).
import { createPublicKey, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { ConfigError, formatIssue } from "../config/errors.js";
import { configFileNames, loadConfig } from "../config/load.js";
import { ed25519PrivateKey } from "../engine/verify/ed25519.js";
import { signRequest } from "../engine/verify/sign.js";
import type { MappingVerify } from "../types/generated.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";

const SCHEMES: readonly MappingVerify["scheme"][] = [
  "github",
  "gitlab",
  "stripe",
  "slack",
  "standard-webhooks",
  "shopify",
  "linear",
  "sentry",
  "pagerduty",
  "twilio",
  "ed25519",
  "zoom",
  "meta",
  "header",
  "basic",
  "hmac",
];

const help = `Usage: hookgate sign --scheme S --secret SECRET --payload FILE|- [options]
       hookgate sign [--config FILE] --mapping ID --payload FILE|- [options]

Prints the headers a sender of scheme S sends with this body, one per line ("name: value"), so a
request can be sent as the sender would: hookgate sign ... > headers.txt, then
curl -X POST URL -H @headers.txt -H 'content-type: application/json' --data-binary @FILE

  --scheme S            ${SCHEMES.join(", ")}
  --secret SECRET       the secret as configured at the sender (ed25519: the sender's private
                        key, a 32-byte seed in hex; its public key is printed to stderr)
  --secret-env NAME     read the secret from the environment variable NAME instead
                        (keeps it out of the shell history)
  --mapping ID          take scheme, secret and options from the verify of mapping ID
  --config, -c FILE     config file for --mapping. Default: ./${configFileNames.join(", ./")}
  --payload, -p FILE    the body, exactly as it will be sent; - reads it from stdin
  --id ID               the delivery id to send, for schemes that send one (default: a new UUID)
  --timestamp SECONDS   the signing time, Unix seconds (default: now)
  --url URL             twilio: the full URL Twilio posts to (server.publicUrl + the hook's path)
  --form                twilio: the body is a form (application/x-www-form-urlencoded)
  --header NAME         header, hmac: the header's name     --username U   basic: the user name
  --algorithm A         hmac: sha1, sha256 (default), sha512
  --encoding E          hmac: hex (default), base64, base64url
  --prefix TEXT         hmac: text before the signature     --signed TEXT  hmac: what is signed
  --secret-encoding E   hmac: utf8 (default), base64, hex
  --timestamp-header H  hmac: the header with the time      --id-header H  the delivery id's header
  --json                print the headers as a JSON object
  --help, -h            show this help

Exit status: 0 printed, 1 a usage or configuration error.`;

export const command: Command = {
  summary: "print the signed headers a sender would send with a body (to test a verify with curl)",
  async run(argv) {
    const args = parseCommandArgs("sign", help, {
      args: argv,
      options: {
        scheme: { type: "string" },
        secret: { type: "string" },
        "secret-env": { type: "string" },
        mapping: { type: "string" },
        config: { type: "string", short: "c" },
        payload: { type: "string", short: "p" },
        id: { type: "string" },
        timestamp: { type: "string" },
        url: { type: "string" },
        form: { type: "boolean" },
        header: { type: "string" },
        username: { type: "string" },
        algorithm: { type: "string" },
        encoding: { type: "string" },
        prefix: { type: "string" },
        signed: { type: "string" },
        "secret-encoding": { type: "string" },
        "timestamp-header": { type: "string" },
        "id-header": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
    if (typeof args === "number") return args;
    const v = args.values;

    const fail = (message: string) => usageError("sign", help, message);
    if (v.payload === undefined) return fail("--payload FILE (or - for stdin) is required");
    if (v.timestamp !== undefined && !/^\d{1,12}$/.test(v.timestamp)) {
      return fail(`--timestamp ${JSON.stringify(v.timestamp)}: expected Unix seconds, e.g. 1735689600`);
    }

    let verify: MappingVerify;
    if (v.mapping !== undefined) {
      if (v.scheme !== undefined) return fail("give --mapping or --scheme, not both");
      const found = await mappingVerify(v.config, v.mapping);
      if (typeof found === "number") return found;
      verify = found;
    } else {
      if (v.scheme === undefined) return fail("--scheme S (or --mapping ID) is required");
      if (!(SCHEMES as readonly string[]).includes(v.scheme)) {
        return fail(`--scheme ${JSON.stringify(v.scheme)}: expected one of ${SCHEMES.join(", ")}`);
      }
      verify = { scheme: v.scheme as MappingVerify["scheme"], ...options(v) };
    }
    if (v.secret !== undefined || v["secret-env"] !== undefined) {
      if (v.secret !== undefined && v["secret-env"] !== undefined)
        return fail("give --secret or --secret-env, not both");
      const secret = v.secret ?? process.env[v["secret-env"]!];
      if (secret === undefined) return fail(`--secret-env ${v["secret-env"]}: the variable is not set`);
      verify = { ...withoutSecrets(verify), secret };
    } else if (v.mapping !== undefined && verify.scheme === "ed25519") {
      return fail("an ed25519 verify holds the sender's public key; give its private key with --secret");
    } else if (v.mapping === undefined) {
      return fail("--secret SECRET (or --secret-env NAME) is required");
    }

    let body: Buffer;
    try {
      body = v.payload === "-" ? await readStdin() : await readFile(v.payload);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return fail(`--payload ${v.payload}: ${code === "ENOENT" ? "no such file" : (err as Error).message}`);
    }

    const problems: string[] = [];
    const headers = signRequest(
      verify,
      {
        body,
        timestamp: v.timestamp !== undefined ? Number(v.timestamp) : Math.floor(Date.now() / 1000),
        id: v.id ?? randomUUID(),
        ...(v.url !== undefined && { url: v.url }),
        ...(v.form && { form: true }),
      },
      (field, message) => problems.push(`${flagOf(field)} ${message}`),
    );
    if (!headers) return fail(problems.join("; "));
    if (verify.scheme === "ed25519") {
      // A private KeyObject exports only as PKCS#8: take its public half for the SPKI form.
      const pub = createPublicKey(ed25519PrivateKey(verify.secret!.trim())).export({
        format: "der",
        type: "spki",
      });
      process.stderr.write(`public key (the verify's secret): ${pub.subarray(-32).toString("hex")}\n`);
    }
    if (v.json) process.stdout.write(`${JSON.stringify(headers, null, 2)}\n`);
    else for (const [name, value] of Object.entries(headers)) process.stdout.write(`${name}: ${value}\n`);
    return 0;
  },
};

type Values = Record<string, string | boolean | undefined>;

/** The verify keys the options give (hmac, header, basic). */
function options(v: Values): Omit<MappingVerify, "scheme"> {
  const out: Record<string, string> = {};
  const keys: [string, keyof MappingVerify][] = [
    ["header", "header"],
    ["username", "username"],
    ["algorithm", "algorithm"],
    ["encoding", "encoding"],
    ["prefix", "prefix"],
    ["signed", "signed"],
    ["secret-encoding", "secretEncoding"],
    ["timestamp-header", "timestampHeader"],
    ["id-header", "idHeader"],
  ];
  for (const [flag, key] of keys) if (typeof v[flag] === "string") out[key] = v[flag];
  return out as Omit<MappingVerify, "scheme">;
}

function withoutSecrets(verify: MappingVerify): MappingVerify {
  const { secret: _s, secrets: _ss, ...rest } = verify;
  return rest;
}

/** The command-line option a verify field is given with. */
function flagOf(field: string): string {
  const flag: Record<string, string> = {
    secretEncoding: "--secret-encoding",
    timestampHeader: "--timestamp-header",
    idHeader: "--id-header",
  };
  const base = field.replace(/\[\d+\]$/, "").replace(/s$/, "");
  return flag[field] ?? `--${base}`;
}

async function mappingVerify(file: string | undefined, id: string): Promise<MappingVerify | number> {
  try {
    const { config } = await loadConfig({ file, requireToken: false });
    const mapping = config.hooks.mappings.find((m) => m.id === id);
    if (!mapping) {
      const known = config.hooks.mappings.filter((m) => m.verify).map((m) => m.id);
      process.stderr.write(
        `hookgate sign: no mapping ${id}; mappings with a verify: ${known.join(", ") || "(none)"}\n`,
      );
      return 1;
    }
    if (!mapping.verify) {
      process.stderr.write(`hookgate sign: mapping ${id} has no verify; add one, or give --scheme\n`);
      return 1;
    }
    return mapping.verify;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const issue of err.issues) process.stderr.write(`${formatIssue(issue)}\n`);
    return 1;
  }
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
