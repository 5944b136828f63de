// The error every HTTP answer other than a success carries: `{ok:false, error, code}`, with the code's
// status from the catalogue (src/core/errors.ts).
import { ERRORS, type ErrorCode, errorBody } from "../core/errors.js";

export type { ErrorCode };

/** An error answered as `{ok:false, error, code}`; `error` defaults to the catalogue's sentence. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  /** true when the failure was already logged with its details where it happened. */
  readonly logged: boolean;

  constructor(
    code: ErrorCode,
    error?: string,
    opts: { status?: number; headers?: Record<string, string>; cause?: unknown; logged?: boolean } = {},
  ) {
    const known = ERRORS[code];
    super(error ?? known.error, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
    this.status = opts.status ?? known.status;
    this.headers = opts.headers ?? {};
    this.logged = opts.logged === true;
  }

  body(): { ok: false; error: string; code: ErrorCode } {
    return errorBody(this.code, this.message);
  }
}
