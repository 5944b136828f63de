// A mapping's successStatus and successBody, and the answer they make of the usual one: the server's
// reply and `hookgate test`'s report both take it from here, so they cannot drift apart.

/** The status of a mapping's accepting answers, and their body: none (false) or a fixed one. */
export interface SuccessAnswer {
  status?: 200 | 202 | 204;
  body?: false | Record<string, unknown>;
}

export interface Answer {
  status: number;
  /** Absent: the answer has no body. */
  body?: Record<string, unknown>;
}

/** The usual answer (200 / 202 with hookgate's JSON, 204 without a body) as the mapping shapes it. */
export function shapeAnswer(usual: Answer, success: SuccessAnswer | undefined): Answer {
  const status = success?.status ?? usual.status;
  const own = success?.body;
  if (status === 204 || own === false) return { status };
  const body = own ?? usual.body;
  return body === undefined ? { status } : { status, body };
}
