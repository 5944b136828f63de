// A headless Chromium for the browser tests, with nothing installed by hand. In order: the binary named
// by CHROMIUM_PATH, the system's /usr/bin/chromium, or the one the @sparticuz/chromium dev dependency
// ships inside its npm package (brotli-compressed), unpacked once per checkout into node_modules/.cache.
// That package's own executablePath() unpacks into a shared /tmp/chromium and reuses whatever is there,
// another checkout's version or a half-written file, so the binary is unpacked here instead.
import { execFileSync } from "node:child_process";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, createBrotliDecompress } from "node:zlib";
import { type Browser, chromium } from "playwright-core";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

// This machine's network is closed: nothing may reach out (updates, sync, QUIC probes). playwright-core
// gives every launch a fresh temporary profile (--user-data-dir) of its own and removes it on close.
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface Found {
  executablePath: string;
  /** Extra environment for the browser process (the packaged libraries, when the system lacks them). */
  env?: Record<string, string>;
}

/** Starts a headless Chromium; fails with how to get one when none can be found or started. */
export async function launchChromium(): Promise<Browser> {
  const found = await findChromium();
  return chromium.launch({
    executablePath: found.executablePath,
    args: FLAGS,
    ...(found.env ? { env: { ...process.env, ...found.env } } : {}),
  });
}

async function findChromium(): Promise<Found> {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (!existsSync(named)) throw new Error(`CHROMIUM_PATH names ${named}, which does not exist`);
    return { executablePath: named };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM };
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `no Chromium: the packaged one is for Linux on x64, not ${process.platform} on ${process.arch}; ` +
        "set CHROMIUM_PATH to a Chromium or Chrome binary",
    );
  }
  return unpackPackagedChromium();
}

async function unpackPackagedChromium(): Promise<Found> {
  let pkgDir: string;
  try {
    // Its exports hide package.json: from build/cjs/index.cjs up to the package's folder.
    pkgDir = join(dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..", "..");
  } catch {
    throw new Error(
      "no Chromium: run `npm install` (the @sparticuz/chromium dev dependency brings one), " +
        `install the system's (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  const { version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version: string };
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const cache = join(root, "node_modules", ".cache", `hookgate-chromium-${version}`);
  const executablePath = join(cache, "chromium");
  mkdirSync(cache, { recursive: true });
  if (!existsSync(executablePath)) {
    // Written under a name of its own, then renamed: a test file running at the same time never sees
    // half a binary.
    const partial = `${executablePath}.${process.pid}.partial`;
    await pipeline(
      createReadStream(join(pkgDir, "bin", "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(partial, { mode: 0o755 }),
    );
    renameSync(partial, executablePath);
  }
  if (!missingLibraries(executablePath)) return { executablePath };
  // A machine without NSS (a slim container): the package also ships those libraries.
  const libs = join(cache, "al2023");
  if (!existsSync(join(libs, "lib"))) {
    const partial = `${libs}.${process.pid}.partial`;
    mkdirSync(partial, { recursive: true });
    untarBrotli(join(pkgDir, "bin", "al2023.tar.br"), partial);
    try {
      renameSync(partial, libs);
    } catch (err) {
      // Another test file unpacked them first.
      if (!existsSync(join(libs, "lib"))) throw err;
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return { executablePath, env: { LD_LIBRARY_PATH: join(libs, "lib") } };
}

/** Whether the dynamic linker lacks a library the binary needs (false where ldd is absent). */
function missingLibraries(binary: string): boolean {
  try {
    return /not found/.test(execFileSync("ldd", [binary], { encoding: "utf8" }));
  } catch {
    return false;
  }
}

/** Unpacks a brotli-compressed tar file (a few MB) with the system's tar. */
function untarBrotli(file: string, into: string): void {
  execFileSync("tar", ["-x", "-C", into], { input: brotliDecompressSync(readFileSync(file)) });
}
