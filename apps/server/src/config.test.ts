import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
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
  ])("refuses %o with a message naming the variable", (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ PORT: "abc", JWT_SECRET: "x" });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT[\s\S]*JWT_SECRET|JWT_SECRET[\s\S]*PORT/);
    }
  });
});
