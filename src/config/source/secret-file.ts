// Reads the secret behind `${file:PATH}`: a small regular file, its trailing newline and spaces
// dropped (`echo token > file` and Kubernetes secrets end in one). Messages name the file, never
// its contents.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";

/** A secret is a token or a key; anything this large is the wrong file. */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

export type SecretFile = { ok: true; value: string; warning?: string } | { ok: false; error: string };

export function readSecretFile(given: string, dir: string | undefined): SecretFile {
  if (given.trim() === "") {
    return { ok: false, error: `\${file:} names no file; write \${file:/run/secrets/NAME}` };
  }
  const file = isAbsolute(given) || dir === undefined ? resolve(given) : resolve(dir, given);
  let fd: number;
  try {
    // Non-blocking, so that a FIFO does not wait for a writer; the checks below run on what was opened.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return { ok: false, error: openError(file, err) };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, error: `secret file ${file} is not a regular file` };
    if (st.size > MAX_SECRET_FILE_BYTES) {
      return {
        ok: false,
        error: `secret file ${file} holds ${st.size} bytes, more than a secret (at most ${MAX_SECRET_FILE_BYTES}); is it the right file?`,
      };
    }
    const buf = Buffer.alloc(st.size);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    const value = buf.subarray(0, got).toString("utf8").trimEnd();
    if (value === "") return { ok: false, error: `secret file ${file} is empty` };
    const warning = openToOthers(file, st.mode);
    return warning ? { ok: true, value, warning } : { ok: true, value };
  } catch (err) {
    return { ok: false, error: `cannot read secret file ${file}: ${(err as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

function openError(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `secret file ${file} not found; create it or correct the path`;
  if (code === "EACCES" || code === "EPERM") {
    return `secret file ${file} cannot be read by this user (permission denied); make it readable by the user hookgate runs as`;
  }
  if (code === "EISDIR") return `secret file ${file} is a folder, not a file`;
  return `cannot read secret file ${file}: ${(err as Error).message}`;
}

/** Group or other users may read or change the file: say so and how to fix it (POSIX modes only). */
function openToOthers(file: string, mode: number): string | undefined {
  if (process.platform === "win32" || (mode & 0o077) === 0) return undefined;
  const shown = (mode & 0o777).toString(8).padStart(3, "0");
  return `secret file ${file} is open to other users (mode ${shown}); restrict it with chmod 600 ${file} (Kubernetes: defaultMode 0400 on the secret volume)`;
}
