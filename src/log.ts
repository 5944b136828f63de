import { type DestinationStream, type Logger, pino } from "pino";
import type { LogLevel } from "./config/types.js";
import { SECRET_HEADER_LOG_PATHS } from "./core/secret-headers.js";

/**
 * JSON logs on stderr (stdout is for what commands print). Secrets are never passed to the logger;
 * the redaction list is a second line of defence for header objects that might be logged by mistake.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [...SECRET_HEADER_LOG_PATHS, "token", "*.token"],
        censor: "[redacted]",
      },
    },
    destination ?? stderr(),
  );
}

/** Log bytes gathered before one write, and how long a line may wait for others at most. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 100;

/**
 * stderr, written off the event loop in batches: under load one write carries many lines instead of
 * one handed to the thread pool per request; a quiet server's lines appear within FLUSH_MS. What
 * is gathered is written at exit (pino flushes its destination then).
 */
function stderr(): DestinationStream {
  const stream = pino.destination({ fd: 2, sync: false, minLength: BATCH_BYTES });
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      // Closed at exit: nothing left to write.
    }
  }, FLUSH_MS).unref();
  return stream;
}

export type { Logger };
