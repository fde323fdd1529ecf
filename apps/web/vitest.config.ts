import { defineConfig } from "vitest/config";
import { preactAliases } from "./preact-aliases.ts";

// Unit tests cover pure logic and static markup (no DOM library is installed). Components render
// through preact/compat, as in the browser build.
export default defineConfig({
  resolve: { alias: preactAliases },
  test: {
    name: "web",
    environment: "node",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
