import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { preactAliases } from "./preact-aliases.ts";

const backend = "http://localhost:3000";
// In development the API runs on its own port; in production one server serves both.
const proxied = ["/v1", "/v2", "/v3", "/v4", "/v5", "/rest", "/api", "/healthz", "/readyz", "/uploads"];

export default defineConfig({
  plugins: [
    tailwindcss(),
    // Installable and working without a network (decision 31): the manifest, and a service worker
    // made from sw/sw.ts with the build's file list (Workbox's injectManifest). The app registers
    // it itself (src/app/app-update.tsx) and asks before a new version takes over.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Rescue Academy",
        short_name: "Rescue Academy",
        description: "Exam preparation for careers in EMS, fire and rescue, water rescue and emergency dispatch.",
        id: "/",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: "#b91c1c",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      // index.html is left out: the server writes the project into it as it serves it (sw/sw.ts).
      injectManifest: { globPatterns: ["**/*.{js,css,svg,png,woff2}"], globIgnores: ["**/index.html"] },
    }),
  ],
  resolve: { alias: preactAliases },
  // Every browser the app supports preloads modules itself (Safari 17+, Firefox 115+): no polyfill.
  build: {
    outDir: "dist",
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Libraries mark their entry points "use client" for React Server Components; this build
      // has none, so the directive means nothing here (the React plugin used to hide this too).
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes('"use client"')) return;
        warn(warning);
      },
      output: {
        // Fewer, larger files for what every signed-in first screen loads together: the query
        // library's reading half with the app's provider glue, and the small shared UI pieces.
        // Each small file pays its own header and import lines; together they compress better.
        // Writing (mutations) stays apart: the dashboards only read.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "query",
              test: /(node_modules[\\/]@tanstack[\\/](?!.*(?:useMutation|mutationObserver))|src[\\/]app[\\/]with-query-client|src[\\/]lib[\\/]query-client)/,
            },
            {
              name: "dashboard",
              test: /src[\\/](lib[\\/]shared-api[\\/]profile|features[\\/]dashboard[\\/]components[\\/]welcome-header)\.tsx?$/,
            },
            {
              name: "ui",
              test: /src[\\/](components[\\/]ui[\\/](alert|page-header|reveal|logo|skip-link|when-visible)\.tsx|components[\\/]ui[\\/]status\.ts|lib[\\/]format\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
