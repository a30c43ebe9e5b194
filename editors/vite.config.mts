// The editors' console (docs/editors-console.md): `npm run build:editors` builds it into editors/dist.
// Its settings come from VITE_* variables at build time (docs/configuration.md); the site's article
// package, @kindred/article, resolves to its whole entry, components included, through the package's
// "browser" export condition, which Vite applies to browser builds.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  envPrefix: "VITE_",
  plugins: [react()],
  resolve: {
    // Vite's own for the browser, which include "browser": said here because @kindred/article relies on it.
    conditions: [...new Set(["browser", ...defaultClientConditions])],
    dedupe: ["react", "react-dom"],
  },
  // CSS modules export their classes by name, dashes to camelCase, as the site's (Gatsby 5) do, so the
  // site's own styles (src/components/**.module.css) read the same here.
  css: { modules: { localsConvention: "dashesOnly" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The hosting caches /assets/* for a year (firebase.json): every name there carries its content's hash.
    assetsDir: "assets",
    reportCompressedSize: true,
    // One chunk for the list: the Firebase SDK is most of it (docs/editors-console.md gives the figures).
    chunkSizeWarningLimit: 800,
  },
  server: { host: "127.0.0.1", port: 5175, strictPort: true },
});
