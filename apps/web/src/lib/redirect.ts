import type { Role } from "@academy/contract/common";

/** A same-site path: starts with one "/", not "//" or "/\" (protocol-relative), no control characters. */
export function isSafeRedirect(value: string | null | undefined): value is string {
  if (!value || value.length > 2048) return false;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  return !/[\u0000-\u001f\u007f]/.test(value);
}

/** `redirect_uri` values keep "/" readable and encode the rest. */
export function encodeRedirect(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, "/");
}

/** `/{role}/login`, or `/login` without a role; with `?redirect_uri=` when given. */
export function loginPath(role: Role | null, redirectTo?: string): string {
  const base = role ? `/${role}/login` : "/login";
  return redirectTo ? `${base}?redirect_uri=${encodeRedirect(redirectTo)}` : base;
}
