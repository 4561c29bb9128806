import type { ErrorCode } from "@balcao/common";

/** A failure the caller can act on; serialized as `{ error: code }` with `status`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status = 400,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export const notFound = (code: ErrorCode = "ERR_NOT_FOUND") => new AppError(code, 404);
export const forbidden = () => new AppError("ERR_NO_PERMISSION", 403);
