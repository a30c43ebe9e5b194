import { defineConfig } from "@playwright/test";
import { chromePath, CHROME_FLAGS } from "./scripts/chrome-path.ts";

const PORT = Number(process.env.E2E_PORT ?? 9323);

/** End-to-end tests: Debian's Chromium against the production build, served as `npm start` serves it. */
export default defineConfig({
  testDir: "__tests__/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: chromePath(), args: [...CHROME_FLAGS] },
    trace: "off",
  },
  webServer: {
    command: "node scripts/serve.ts",
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
