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
    destination ?? pino.destination({ fd: 2, sync: false }),
  );
}

export type { Logger };
