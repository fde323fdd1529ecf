import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, logFormat } from "./config.ts";

describe("configuration", () => {
  it("logs readable lines to a person at a terminal in development, JSON to everything else", () => {
    const dev = loadConfig({});
    expect(logFormat(dev, true)).toBe("pretty");
    expect(logFormat(dev, false)).toBe("json");
    expect(logFormat(loadConfig({ NODE_ENV: "production" }), true)).toBe("json");
    expect(logFormat(loadConfig({ LOG_FORMAT: "json" }), true)).toBe("json");
    expect(logFormat(loadConfig({ NODE_ENV: "production", LOG_FORMAT: "pretty" }), false)).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("has working defaults for local use", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: "./data", PROJECT_ID: "rescue-academy", TOKEN_TTL_SECONDS: 3600 });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe("http://localhost:3000");
  });

  it("reads and converts values, ignoring empty ones", () => {
    const c = loadConfig({
      PORT: "8080",
      TOKEN_TTL_SECONDS: "60",
      DATABASE_URL: "postgres://u@h/db",
      PUBLIC_URL: "https://academy.example/",
      DATA_DIR: "",
    });
    expect(c).toMatchObject({ PORT: 8080, TOKEN_TTL_SECONDS: 60, DATABASE_URL: "postgres://u@h/db", DATA_DIR: "./data" });
    expect(c.publicUrl).toBe("https://academy.example");
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ TOKEN_TTL_SECONDS: "0" }, "TOKEN_TTL_SECONDS"],
    [{ JWT_SECRET: "too-short" }, "JWT_SECRET: must be at least 32 characters"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ ADMIN_EMAIL: "not-an-email" }, "ADMIN_EMAIL"],
    [{ PROJECT_SECRET: "short" }, "PROJECT_SECRET"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ S3_BUCKET: "My_Bucket" }, "S3_BUCKET: must be a bucket name"],
    [{ S3_BUCKET: "academy", S3_ENDPOINT: "ftp://files.example" }, "S3_ENDPOINT: must be an http:// or https:// URL"],
    [{ S3_BUCKET: "academy", S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE: must be true or false"],
    [{ S3_ENDPOINT: "https://s3.example" }, "S3_BUCKET: required when S3_ENDPOINT is set"],
    [{ S3_BUCKET: "academy", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID"],
    [{ S3_BUCKET: "academy", S3_SECRET_ACCESS_KEY: "secret" }, "S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY"],
    [{ CALENDAR_PROVIDER: "outlook" }, "CALENDAR_PROVIDER"],
    [{ CALENDAR_PROVIDER: "google", GOOGLE_CALENDAR_API_URL: "not a url" }, "GOOGLE_CALENDAR_API_URL"],
  ])("refuses %o with a message naming the variable", (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it("keeps uploads in the upload folder unless a bucket is set", () => {
    expect(loadConfig({ DATA_DIR: "/srv/academy" }).storage).toEqual({ kind: "local", dir: "/srv/academy/uploads" });
    expect(
      loadConfig({
        S3_BUCKET: "academy-files",
        S3_ENDPOINT: "https://minio.example:9000",
        S3_REGION: "eu-central-1",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "academy-files",
      endpoint: "https://minio.example:9000",
      region: "eu-central-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
    // Without keys the SDK's own credential chain applies (an instance role, say).
    expect(loadConfig({ S3_BUCKET: "academy-files" }).storage).toEqual({
      kind: "s3",
      bucket: "academy-files",
      region: "us-east-1",
      forcePathStyle: false,
    });
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ PORT: "abc", JWT_SECRET: "x" });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT[\s\S]*JWT_SECRET|JWT_SECRET[\s\S]*PORT/);
    }
  });

  it("keeps the activity log a year unless told, and refuses a retention that is not a number of days", () => {
    expect(loadConfig({}).ACTIVITY_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: "90" }).ACTIVITY_RETENTION_DAYS).toBe(90);
    for (const bad of ["0", "-5", "1.5", "forever", "4000"]) {
      expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: bad }), bad).toThrow(/ACTIVITY_RETENTION_DAYS/);
    }
  });

  it("reads OpenID Connect providers, trusting a provider's email only when told", () => {
    const provider = { OIDC_CORP_ISSUER: "https://id.corp.example", OIDC_CORP_CLIENT_ID: "academy", OIDC_CORP_CLIENT_SECRET: "secret" };
    expect(loadConfig(provider).oidcProviders.corp).toMatchObject({ name: "corp", issuer: "https://id.corp.example", trustEmail: false });
    expect(loadConfig({ ...provider, OIDC_CORP_TRUST_EMAIL: "true" }).oidcProviders.corp?.trustEmail).toBe(true);
    expect(() => loadConfig({ ...provider, OIDC_CORP_TRUST_EMAIL: "yes" })).toThrow("OIDC_CORP_TRUST_EMAIL: must be true or false");
    expect(() => loadConfig({ OIDC_CORP_TRUST_EMAIL: "true" })).toThrow("OIDC_CORP: also set OIDC_CORP_ISSUER");
  });
});
