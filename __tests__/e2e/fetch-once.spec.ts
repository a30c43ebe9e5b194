// Nothing is fetched twice in a visit: once /blog has loaded and searched, changing the address by
// typing (`/blog?q=…`, history.replaceState) fetches only the search index's pieces. Chromium asks
// for the page's icon again at every change of the address; the favicon is inline (a data URL,
// src/node/site-icons.ts), so that asks nothing of the network.
import type { CDPSession } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

/** Requests the browser sent to the network (not answered from its cache), as their paths, by CDP. */
async function networkRequests(cdp: CDPSession): Promise<{ sent: () => string[]; settled: () => boolean }> {
  const started = new Map<string, string>();
  const cached = new Set<string>();
  const done = new Set<string>();
  cdp.on("Network.requestWillBeSent", ({ requestId, request, type }) => {
    // The results' covers are the articles' own pictures, fetched once each like any image.
    if (type !== "Image") started.set(requestId, new URL(request.url).pathname);
  });
  cdp.on("Network.requestServedFromCache", ({ requestId }) => {
    cached.add(requestId);
  });
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    if (response.fromDiskCache || response.fromPrefetchCache) cached.add(requestId);
    done.add(requestId);
  });
  cdp.on("Network.loadingFailed", ({ requestId }) => {
    done.add(requestId);
  });
  await cdp.send("Network.enable");
  return {
    sent: () => [...started].filter(([id]) => !cached.has(id)).map(([, path]) => path),
    settled: () => [...started.keys()].every((id) => done.has(id) || cached.has(id)),
  };
}

test("an address change on /blog fetches nothing but the search index's pieces", async ({ browser, baseURL }) => {
  // A context of its own: the fixtures' request routing would turn the browser's cache off.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const network = await networkRequests(cdp);
  await page.goto("/blog");
  await waitForHydration(page);
  const box = page.getByRole("searchbox", { name: "Search articles by title" });
  const status = page.getByRole("search").getByRole("status");
  // The first search loads the search's code and the first pieces.
  await box.fill("date");
  await expect(status).toHaveText(/^\d+ articles? found$/);
  // Gatsby prefetches the pages the page links to (Home, from the brand) when the browser is idle:
  // the visit's own first fetches, done before the address changes.
  await page.waitForLoadState("networkidle");
  await expect.poll(network.settled).toBe(true);
  const before = network.sent().length;

  for (const text of ["first", "first date", "zzqx"]) {
    // Typed over the last query: an empty box would bring the list back, whose cards Gatsby
    // prefetches as they come into view, again when an earlier prefetch was cut short.
    await box.selectText();
    await box.pressSequentially(text, { delay: 40 });
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(text).replace(/%20/g, "(?:%20|\\+)")}`));
    await expect(status).toHaveText(/^\d+ articles? found$/);
  }
  await expect.poll(network.settled).toBe(true);
  const after = network.sent().slice(before);
  expect(after.length, "the later queries fetched pieces the first did not").toBeGreaterThan(0);
  expect(after.filter((path) => !path.startsWith("/search/"))).toEqual([]);
  await context.close();
});
