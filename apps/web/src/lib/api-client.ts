import type { ErrorResponse } from "@academy/contract/common";
import { INVALID_TOKEN, TOKEN_EXPIRED, TWO_FACTOR_REQUIRED } from "@academy/contract/constants";
import { isActiveSinceRenewal, renewSession } from "./session-renewal";

/**
 * The one fetch wrapper of the web app: adds the project header and the bearer token,
 * throws on the statuses the platform SDK throws on, returns other error answers as values,
 * and turns TOKEN_EXPIRED into the session-expired state.
 */

const PROJECT_HEADER = "x-project";
const DEV_PROJECT = { id: "rescue-academy", secret: "local-project-secret" };

/** Statuses that throw for most calls (spec section 8). */
export const DEFAULT_THROW_ON: readonly number[] = [401, 403];
/** Payment calls also throw on 500. */
export const PAYMENT_THROW_ON: readonly number[] = [401, 403, 500];
/** Blog calls throw on these. */
export const BLOG_THROW_ON: readonly number[] = [401, 402, 403, 404, 500, 501, 502];

/** An error answer, with the HTTP status it came with. */
export type ApiErrorBody = ErrorResponse & { status: number };
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly validation: FieldErrors | undefined;

  constructor(status: number, message: string, validation?: FieldErrors, code?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.validation = validation;
    this.code = code;
  }
}

// ---- project header ----------------------------------------------------------------

interface ProjectConfig {
  header: string;
  id: string;
}

let projectConfig: ProjectConfig | undefined;

/** Decodes `base64(<id>:<secret>)`; undefined when the value is empty or malformed. */
export function parseProjectHeader(value: string | null | undefined): ProjectConfig | undefined {
  const header = value?.trim();
  if (!header) return undefined;
  try {
    const decoded = atob(header);
    const colon = decoded.indexOf(":");
    if (colon <= 0) return undefined;
    return { header, id: decoded.slice(0, colon) };
  } catch {
    return undefined;
  }
}

function readProjectConfig(): ProjectConfig {
  if (projectConfig) return projectConfig;
  const meta = typeof document === "undefined" ? null : document.querySelector<HTMLMetaElement>('meta[name="academy-project"]');
  // The server fills the meta tag when it serves the page; the Vite dev server leaves it empty.
  projectConfig = parseProjectHeader(meta?.content) ?? {
    header: btoa(`${DEV_PROJECT.id}:${DEV_PROJECT.secret}`),
    id: DEV_PROJECT.id,
  };
  return projectConfig;
}

/** The `x-project` header every call sends. */
export const projectHeader = (): string => readProjectConfig().header;

/** The project id, which is `{name}` in `/v3/api/custom/{name}/...`. */
export function getProjectId(): string {
  return readProjectConfig().id;
}

/** Path of a project-scoped custom call, e.g. `customPath("quiz/list")`. */
export function customPath(rest: string): string {
  return `/v3/api/custom/${encodeURIComponent(getProjectId())}/${rest.replace(/^\/+/, "")}`;
}

// ---- session expiry -----------------------------------------------------------------

type Listener = () => void;

/** Subscribers to one kind of answer: `subscribe` answers the function that unsubscribes. */
function listenerSet() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify: () => {
      for (const listener of listeners) listener();
    },
  };
}

const expiry = listenerSet();

/** The auth store subscribes here; the client has no React dependency. */
export const onSessionExpired = expiry.subscribe;

/**
 * TOKEN_EXPIRED (the spec's answer), or INVALID_TOKEN (a stored token the server does not
 * recognise, e.g. after its signing key changed): either way the session is over, and the person
 * is told so and sent to sign in.
 */
export function isTokenExpiredBody(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const { message, code } = body as { message?: unknown; code?: unknown };
  return message === TOKEN_EXPIRED || code === TOKEN_EXPIRED || message === INVALID_TOKEN || code === INVALID_TOKEN;
}

// ---- staff two-factor setup -----------------------------------------------------------

const twoFactorSetup = listenerSet();

/** The auth store subscribes here: the server refused a call until two-factor sign-in is set up. */
export const onTwoFactorSetupRequired = twoFactorSetup.subscribe;

export function isTwoFactorSetupBody(body: unknown): boolean {
  return !!body && typeof body === "object" && (body as { code?: unknown }).code === TWO_FACTOR_REQUIRED;
}

/** Tells the listeners what an error answer means for the session (expired, or staff setup first). */
function reportSession(body: unknown, options: { silentExpiry?: boolean } = {}): void {
  if (!options.silentExpiry && isTokenExpiredBody(body)) expiry.notify();
  if (isTwoFactorSetupBody(body)) twoFactorSetup.notify();
}

// ---- requests -----------------------------------------------------------------------

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  query?: Query;
  /** Send the stored bearer token (default true; it is only sent when one is stored). */
  auth?: boolean;
  /** Statuses that throw an ApiError instead of returning the error body. */
  throwOn?: readonly number[];
  /** Do not raise the session-expired modal (the start-up check handles expiry itself). */
  silentExpiry?: boolean;
  signal?: AbortSignal;
  /** Set on the one retry after a renewal: a second expiry is final. */
  isRetryAfterRenewal?: boolean;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${text}`;
}

/** What every call sends: the project header and, when one is stored, the bearer token. */
export function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [PROJECT_HEADER]: readProjectConfig().header };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** An error answer as screens read it; tells the session listeners what it means (expired, staff setup first). */
export function errorAnswer(status: number, body: unknown): ApiErrorBody {
  reportSession(body);
  return toErrorBody(status, body);
}

function readStoredToken(): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem("token");
  } catch {
    return null;
  }
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return response.ok ? { error: false } : undefined;
  try {
    return JSON.parse(text);
  } catch {
    return response.ok ? { error: false, data: text } : undefined;
  }
}

/** A message written for machines (`TOKEN_EXPIRED`, `UNAUTHORIZED`): never shown to a person as it is. */
const MACHINE_CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{4,}$/;

/** What a person reads for an error answer's message: the server's sentence, or ours for a code or nothing. */
function readableMessage(status: number, message: unknown): string {
  if (message === TOKEN_EXPIRED || message === INVALID_TOKEN) return SESSION_EXPIRED_MESSAGE;
  if (typeof message !== "string" || !message || MACHINE_CODE.test(message)) return fallbackMessage(status);
  return message;
}

/** Shown wherever an expired session's refusal surfaces (behind the session-expired modal). */
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Sign in again to continue.";

function toErrorBody(status: number, body: unknown): ApiErrorBody {
  if (body && typeof body === "object" && (body as { error?: unknown }).error === true) {
    const b = body as Partial<ApiErrorBody>;
    return {
      error: true,
      status,
      message: readableMessage(status, b.message),
      ...(typeof b.code === "string" ? { code: b.code } : {}),
      ...(b.validation && typeof b.validation === "object" ? { validation: b.validation } : {}),
    };
  }
  return { error: true, status, message: fallbackMessage(status) };
}

function fallbackMessage(status: number): string {
  if (status === 401) return "You are not signed in, or your session has ended. Sign in again to continue.";
  if (status === 403) return "Your account may not do this.";
  if (status === 429) return "Too many attempts. Please wait a moment and try again.";
  if (status >= 500) return "The server could not complete the request. Please try again.";
  return `The request failed (${status}).`;
}

/**
 * Sends a request. Resolves with the success body, or with the error body for statuses
 * that are not in `throwOn`; rejects with an ApiError for statuses in `throwOn` and when the
 * server cannot be reached.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | ApiErrorBody> {
  const { method = "GET", body, query, auth = true, throwOn = DEFAULT_THROW_ON, silentExpiry, signal } = options;
  const headers: Record<string, string> = {
    Accept: "application/json",
    [PROJECT_HEADER]: readProjectConfig().header,
  };
  const token = auth ? readStoredToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
  }

  const parsed = await readBody(response);
  // The token ended while the person was active (an answer in flight as it ended, a tab that slept):
  // renew the session and send the call again, once. An idle person gets the Session Expired modal.
  const isExpiredToken = response.status === 401 && !!token && (parsed as { code?: unknown } | undefined)?.code === TOKEN_EXPIRED;
  // A token renewed meanwhile (by the renewal timer, a call beside this one, or another tab) is
  // simply used, whether or not the person did anything since that renewal.
  if (
    isExpiredToken &&
    !options.isRetryAfterRenewal &&
    (readStoredToken() !== token || (isActiveSinceRenewal() && (await renewSession(projectHeader()))))
  )
    return apiRequest<T>(path, { ...options, isRetryAfterRenewal: true });
  reportSession(parsed, { silentExpiry });

  const isError = !response.ok || (parsed !== null && typeof parsed === "object" && (parsed as { error?: unknown }).error === true);
  if (!isError) return parsed as T;

  const status = response.ok ? 400 : response.status;
  const errorBody = toErrorBody(status, parsed);
  if (throwOn.includes(response.status)) {
    throw new ApiError(response.status, errorBody.message, errorBody.validation, errorBody.code);
  }
  return errorBody;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) => apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) => apiRequest<T>(path, { ...options, method: "DELETE" }),
};

// ---- helpers for callers ------------------------------------------------------------

export function isErrorBody(value: unknown): value is ApiErrorBody {
  return !!value && typeof value === "object" && (value as { error?: unknown }).error === true;
}

/** Resolves with the success body; turns a returned error body into a thrown ApiError (for react-query). */
export async function unwrap<T>(result: Promise<T | ApiErrorBody>): Promise<T> {
  const value = await result;
  if (isErrorBody(value)) throw new ApiError(value.status ?? 400, value.message, value.validation, value.code);
  return value;
}

export interface FormError {
  message: string;
  fields: FieldErrors;
}

/** A general message plus per-field messages, from a thrown error or a returned error body. */
export function toFormError(failure: unknown): FormError {
  if (failure instanceof ApiError) return { message: failure.message, fields: failure.validation ?? {} };
  if (isErrorBody(failure)) return { message: failure.message, fields: failure.validation ?? {} };
  return { message: "Something went wrong. Please try again.", fields: {} };
}

/** Test seam: forget the cached project header. */
export function resetProjectConfigForTests(): void {
  projectConfig = undefined;
}
