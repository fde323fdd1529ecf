import { INVALID_TOKEN, TOKEN_EXPIRED, TWO_FACTOR_REQUIRED, UNAUTHORIZED } from "@academy/contract/constants";

/** An error the API answers as `{error:true, message, code?, validation?}` with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly extra: { code?: string; validation?: Record<string, string>; headers?: Record<string, string> };

  constructor(statusCode: number, message: string, extra: HttpError["extra"] = {}) {
    super(message);
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

export const badRequest = (message: string, validation?: Record<string, string>) => new HttpError(400, message, { validation });
export const unauthorized = () => new HttpError(401, UNAUTHORIZED, { code: UNAUTHORIZED });
export const tokenExpired = () => new HttpError(401, TOKEN_EXPIRED, { code: TOKEN_EXPIRED });
/** A token that is not one of ours (bad signature, edited claims, no `exp`): not an expiry, so nothing to renew. */
export const invalidToken = () => new HttpError(401, INVALID_TOKEN, { code: INVALID_TOKEN });
/** The answer to an admin who must set up two-factor sign-in before anything else. */
export const twoFactorSetupRequired = () =>
  new HttpError(403, "Staff accounts need two-factor sign-in. Set it up to continue.", {
    code: TWO_FACTOR_REQUIRED,
  });
export const forbidden = (message = "Invalid Access") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string, validation?: Record<string, string>) => new HttpError(409, message, { validation });
