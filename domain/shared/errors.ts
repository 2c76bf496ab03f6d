/** The kinds of failure the shop reports, each with its HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  out_of_stock: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  unprocessable: 422,
  rate_limited: 429,
  upstream_failed: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type FieldErrors = Record<string, string>;

/** A failure the user can act on. Its message is safe to show; nothing else about the failure is. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  constructor(code: ErrorCode, message: string, fields?: FieldErrors) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new DomainError("not_found", `${what} not found.`);
export const forbidden = (message = "You are not allowed to do that.") => new DomainError("forbidden", message);
export const unauthenticated = () => new DomainError("unauthenticated", "Please sign in first.");
