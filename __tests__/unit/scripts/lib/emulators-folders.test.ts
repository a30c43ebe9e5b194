/** @jest-environment node */
import path from "node:path";
import { emulatorsFolders } from "../../../../scripts/lib/emulators-folders.ts";

// `npm run emulators` keeps its published site and its builds in the temporary folder: one pair per
// project id and checkout, so that a second clone never builds in, or publishes over, the first's.

const TMP = "/tmp";

describe("emulatorsFolders", () => {
  it("gives two checkouts of one project folders of their own", () => {
    const first = emulatorsFolders(TMP, "demo-kindred", "/home/ann/kindred");
    const second = emulatorsFolders(TMP, "demo-kindred", "/home/ann/kindred-2");
    expect(second.publishDir).not.toBe(first.publishDir);
    expect(second.buildsDir).not.toBe(first.buildsDir);
    // Neither lies inside the other's folders.
    for (const [one, other] of [
      [first, second],
      [second, first],
    ] as const) {
      expect(one.publishDir.startsWith(path.dirname(other.publishDir) + path.sep)).toBe(false);
      expect(one.buildsDir.startsWith(path.dirname(other.buildsDir) + path.sep)).toBe(false);
    }
  });

  it("gives one checkout the same folders at every start (warm builds), whichever way its path is written", () => {
    expect(emulatorsFolders(TMP, "demo-kindred", "/home/ann/kindred")).toEqual(
      emulatorsFolders(TMP, "demo-kindred", "/home/ann/./kindred/"),
    );
  });

  it("gives two projects of one checkout folders of their own", () => {
    const one = emulatorsFolders(TMP, "demo-one", "/home/ann/kindred");
    const two = emulatorsFolders(TMP, "demo-two", "/home/ann/kindred");
    expect(one.publishDir).not.toBe(two.publishDir);
  });

  it("puts the site and the builds side by side under the temporary folder, the builds where the service would", () => {
    const { publishDir, buildsDir } = emulatorsFolders(TMP, "demo-kindred", "/home/ann/kindred");
    expect(publishDir).toMatch(/^\/tmp\/kindred-emulators-demo-kindred-[0-9a-f]{10}\/site$/);
    // The service's own default for BUILDS_DIR (webhook/lib/config.ts): `.<name>-builds` beside PUBLISH_DIR.
    expect(buildsDir).toBe(path.join(path.dirname(publishDir), ".site-builds"));
  });
});
