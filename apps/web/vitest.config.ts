import { defineConfig } from "vitest/config";

// Unit tests cover pure logic only (no DOM library is installed).
export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
