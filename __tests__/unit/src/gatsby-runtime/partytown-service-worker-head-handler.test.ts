/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { GATSBY_STAND_INS } from "../../../../src/node/browser-stand-ins";
import { headHandlerForBrowser } from "../../../../src/gatsby-runtime/partytown-service-worker-head-handler";

const ROOT = path.resolve(__dirname, "../../../..");
const STAND_IN = "src/gatsby-runtime/partytown-service-worker-head-handler.ts";

describe("the stand-in for Gatsby's Partytown plugin, service worker registration and Head handler", () => {
  it("stands in for those three, and names each", () => {
    const replaced = GATSBY_STAND_INS.filter((standIn) => standIn.standIn === STAND_IN).map((standIn) =>
      "file" in standIn ? standIn.file : standIn.request,
    );
    expect(replaced).toEqual([
      "gatsby/dist/internal-plugins/partytown/gatsby-browser.js",
      ".cache/register-service-worker.js",
      ".cache/head/head-export-handler-for-browser.js",
    ]);
  });

  it("keeps the one export Gatsby imports of them: the Head handler, which does nothing", () => {
    expect(readFileSync(path.join(ROOT, "node_modules", "gatsby", "cache-dir", "page-renderer.js"), "utf8")).toContain(
      'import { headHandlerForBrowser } from "./head/head-export-handler-for-browser"',
    );
    expect(headHandlerForBrowser()).toBeUndefined();
  });

  it("replaces what is unused: no page exports a Head, and no plugin asks for a service worker", () => {
    for (const folder of ["src/pages", "src/templates"]) {
      for (const file of readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" }).filter((name) =>
        /\.[jt]sx?$/.test(name),
      )) {
        expect(readFileSync(path.join(ROOT, folder, file), "utf8")).not.toMatch(
          /export\s+(const|let|var|function)\s+Head\b|export\s*\{[^}]*\bHead\b/,
        );
      }
    }
    expect(readFileSync(path.join(ROOT, "gatsby-config.ts"), "utf8")).not.toMatch(/gatsby-plugin-(offline|pwa)/);
  });
});
