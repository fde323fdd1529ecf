import { defineConfig } from "vitest/config";

// Unit tests cover pure logic only (no DOM library is installed).
export default defineConfig({
  test: {
    name: "web",
    environment: "node",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
