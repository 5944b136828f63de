// What translating an OpenClaw file produces (a Translation) and what each step of it reports into.
import type { PathSegment } from "../source/key-path.js";
import type { PathOrigins } from "./origins.js";

export interface Finding {
  /** Key path in the OpenClaw file. */
  path: PathSegment[];
  message: string;
}

export interface Translation {
  /** hookgate's raw configuration, `${ENV}` references not yet replaced. */
  config: Record<string, unknown>;
  /** What was left out, one notice per section or key. */
  notices: Finding[];
  /** What hookgate cannot serve as OpenClaw would. */
  errors: Finding[];
  origin(path: readonly PathSegment[]): PathSegment[];
}

/** What a translation step reports into. */
export interface Report {
  notice(path: PathSegment[], message: string): void;
  error(path: PathSegment[], message: string): void;
  origins: PathOrigins;
}

/** A JSON object of either file, as the translation reads and writes it. */
export type Obj = Record<string, unknown>;
