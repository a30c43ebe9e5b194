import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, type RunningServer } from "../../../scripts/serve.ts";

// The local server (npm run serve, and the site of npm run emulators) while the rebuild service
// swaps the published release under it, as a take-down does within seconds of an editor's call.
let dir: string;
let server: RunningServer | undefined;
const BODY = (release: string) => `<!DOCTYPE html><html><body>${release} ${"x".repeat(200_000)}</body></html>`;
const ARTICLE = BODY("article");
/** What the fallback route answers for an article the release does not have. */
const NOT_FOUND = BODY("fallback");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "serve-swap-"));
  for (const release of ["r1", "r2"]) {
    mkdirSync(path.join(dir, release, "blogarticle", "[...slug]"), { recursive: true });
    writeFileSync(path.join(dir, release, "index.html"), BODY(release));
    writeFileSync(path.join(dir, release, "blogarticle", "[...slug]", "index.html"), NOT_FOUND);
  }
  // The article is in the first release only: the second is its take-down.
  mkdirSync(path.join(dir, "r1", "blogarticle", "a"));
  writeFileSync(path.join(dir, "r1", "blogarticle", "a", "index.html"), ARTICLE);
  symlinkSync(path.join(dir, "r1"), path.join(dir, "site"));
});

afterEach(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("keeps serving whole pages while a release without an article is swapped in and out", async () => {
  server = await startServer({ port: 0, publicDir: path.join(dir, "site") });
  let swaps = 0;
  let swapping = true;
  const swapper = (async () => {
    while (swapping) {
      const next = swaps % 2 === 0 ? "r2" : "r1";
      symlinkSync(path.join(dir, next), path.join(dir, "site.next"));
      renameSync(path.join(dir, "site.next"), path.join(dir, "site"));
      swaps += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const bodies: string[] = [];
  for (let round = 0; round < 40; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${server!.url}${i % 2 === 0 ? "/blogarticle/a" : "/"}`, { headers: { "accept-encoding": "identity" } }),
      ),
    );
    for (const answer of answers) bodies.push(await answer.text());
  }
  swapping = false;
  await swapper;
  expect(swaps).toBeGreaterThan(40);
  // Every answer is one release's page, whole; none is cut, mixed or an error.
  const whole = new Set([BODY("r1"), BODY("r2"), ARTICLE, NOT_FOUND]);
  expect(bodies.filter((body) => !whole.has(body)).map((body) => body.slice(0, 80))).toEqual([]);
});
