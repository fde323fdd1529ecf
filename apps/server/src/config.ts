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

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in ConfigSchema.shape && value !== ""));
  const parsed = ConfigSchema.safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  return { ...c, publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "") };
}
