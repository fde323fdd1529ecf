import { z } from "zod";

const KNOWN_WEAK_SECRETS = new Set(["secret", "changeme", "change-me", "jwt-secret", "your-secret-key"]);

const Port = z.coerce.number().int().min(0).max(65535);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: Port.default(3000),
  /** Public origin used in links sent by email; never taken from the request's Host header. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9_-]{2,64}$/, "lowercase letters, digits, - or _")
    .default("rescue-academy"),
  PROJECT_SECRET: z.string().min(8, "must be at least 8 characters").default("local-project-secret"),
  /** HS256 signing key; at least 32 bytes. When unset, one is generated and kept in the database. */
  JWT_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (256 bits)")
    .refine((s) => !KNOWN_WEAK_SECRETS.has(s.toLowerCase()), "is a well-known default")
    .optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(3600),
  ADMIN_EMAIL: z.email().default("admin@rescue-academy.local"),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  DEMO_USER_EMAIL: z.email().default("candidate@rescue-academy.local"),
  DEMO_USER_PASSWORD: z.string().min(8).max(128).optional(),
  /** Time allowed for requests in flight to finish after SIGTERM. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Proxy addresses whose X-Forwarded-For is trusted (comma-separated IPs or CIDRs). */
  TRUST_PROXY: z.string().optional(),
  /** smtp:// or smtps:// URL of the mail server; unset: mails stay in the outbox and the log shows them. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default("Rescue Academy <no-reply@rescue-academy.local>"),
  /** Where uploaded files are kept; default DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** reCAPTCHA secret for google-captcha; unset: the captcha check is off and answers success. */
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  /** Sign-in attempts allowed per minute for one address and email (the security default is 5). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** The card provider's secret API key; when unset, the built-in test-mode provider is used. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "must be a secret key (sk_test_..., sk_live_... or rk_...)")
    .optional(),
  /** Signing secret of the webhook endpoint (whsec_...); webhooks are refused without it. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "must be a webhook signing secret (whsec_...)")
    .optional(),
  /** Another base URL for the card provider's API (a local server shaped like it, in tests). */
  STRIPE_API_BASE: z.url().optional(),
  /** ISO currency of every price, lowercase. */
  PAYMENTS_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, "must be a lowercase ISO 4217 code such as eur")
    .default("eur"),
});

export type OidcProvider = { name: string; issuer: string; clientId: string; clientSecret: string };
export type Config = z.infer<typeof ConfigSchema> & {
  publicUrl: string;
  uploadDir: string;
  /** OpenID Connect providers from OIDC_<NAME>_ISSUER / _CLIENT_ID / _CLIENT_SECRET, by lowercase name. */
  oidcProviders: Record<string, OidcProvider>;
};

const OIDC_KEY = /^OIDC_([A-Z0-9]{1,32})_(ISSUER|CLIENT_ID|CLIENT_SECRET)$/;

function readOidcProviders(env: NodeJS.ProcessEnv): { providers: Record<string, OidcProvider>; problems: string[] } {
  const found: Record<string, Partial<Record<"ISSUER" | "CLIENT_ID" | "CLIENT_SECRET", string>>> = {};
  for (const [key, value] of Object.entries(env)) {
    const match = OIDC_KEY.exec(key);
    if (!match || !value) continue;
    const [, name, part] = match as unknown as [string, string, "ISSUER" | "CLIENT_ID" | "CLIENT_SECRET"];
    found[name] = { ...found[name], [part]: value };
  }
  const providers: Record<string, OidcProvider> = {};
  const problems: string[] = [];
  for (const [name, parts] of Object.entries(found)) {
    const missing = (["ISSUER", "CLIENT_ID", "CLIENT_SECRET"] as const).filter((p) => !parts[p]);
    if (missing.length) {
      problems.push(`  OIDC_${name}: also set ${missing.map((p) => `OIDC_${name}_${p}`).join(", ")}`);
      continue;
    }
    if (!z.url().safeParse(parts.ISSUER).success) {
      problems.push(`  OIDC_${name}_ISSUER: must be a URL`);
      continue;
    }
    providers[name.toLowerCase()] = {
      name: name.toLowerCase(),
      issuer: parts.ISSUER!,
      clientId: parts.CLIENT_ID!,
      clientSecret: parts.CLIENT_SECRET!,
    };
  }
  return { providers, problems };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in ConfigSchema.shape && value !== ""));
  const parsed = ConfigSchema.safeParse(values);
  const oidc = readOidcProviders(env);
  if (!parsed.success || oidc.problems.length) {
    const lines = [...(parsed.error?.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`) ?? []), ...oidc.problems];
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    uploadDir: c.UPLOAD_DIR ?? `${c.DATA_DIR}/uploads`,
    oidcProviders: oidc.providers,
  };
}
