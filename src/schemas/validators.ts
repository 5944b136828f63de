// Every validator of schemas/, in one place: compiled ahead of time into compiled-validators.ts (`npm
// run gen:validators`), so that no command compiles a schema when it starts.
import type { ErrorObject } from "ajv";
import * as compiled from "./compiled-validators.js";

/** A compiled validator: true when the data is valid, else false with `errors` set. */
export interface Validator<T = unknown> {
  (data: unknown): data is T;
  errors?: ErrorObject[] | null;
}

const typed = <T = unknown>(fn: unknown) => fn as Validator<T>;

export const validateConfig = typed(compiled.validateConfig);
export const validateRulesFile = typed(compiled.validateRulesFile);
export const validatePack = typed(compiled.validatePack);
export const validateWake = typed(compiled.validateWake);
export const validateAgent = typed(compiled.validateAgent);
export const validateTransformResult = typed(compiled.validateTransformResult);
