/** @jest-environment node */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Reporter } from "gatsby";
import { buildCodeFingerprint, recordBuildCode, resetCacheOnCodeChange } from "../../../../src/node/build-code";

async function project(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "build-code-"));
  for (const [file, text] of [
    ["gatsby-node.ts", "export {};"],
    ["src/node/feed.ts", "export const feed = 1;"],
    ["packages/article/src/inline-sanitizer.ts", "export const rules = [];"],
    ["plugins/gatsby-source-firestore/src/source-nodes.ts", "export {};"],
    ["plugins/gatsby-source-firestore/node_modules/dep/index.js", "module.exports = 1;"],
    ["content/blog/a.json", "{}"],
    ["src/components/Card.tsx", "export {};"],
  ]) {
    await mkdir(path.dirname(path.join(root, file!)), { recursive: true });
    await writeFile(path.join(root, file!), text!);
  }
  return root;
}

describe("buildCodeFingerprint", () => {
  it("changes with the code the build runs outside webpack, and with nothing else", async () => {
    const root = await project();
    const before = buildCodeFingerprint(root);
    expect(buildCodeFingerprint(root)).toBe(before);
    await writeFile(path.join(root, "content/blog/a.json"), '{"title":"edited"}');
    await writeFile(path.join(root, "src/components/Card.tsx"), "export const x = 1;");
    await writeFile(
      path.join(root, "plugins/gatsby-source-firestore/node_modules/dep/index.js"),
      "module.exports = 2;",
    );
    expect(buildCodeFingerprint(root)).toBe(before);
    for (const file of [
      "src/node/feed.ts",
      "packages/article/src/inline-sanitizer.ts",
      "plugins/gatsby-source-firestore/src/source-nodes.ts",
      "gatsby-node.ts",
    ]) {
      const root2 = await project();
      await writeFile(path.join(root2, file), "// changed\n");
      expect({ file, same: buildCodeFingerprint(root2) === before }).toEqual({ file, same: false });
    }
  });

  it("changes when a file is added, even one with another file's content", async () => {
    const root = await project();
    const before = buildCodeFingerprint(root);
    const renamed = await project();
    await writeFile(path.join(renamed, "packages/article/src/other.ts"), "export const rules = [];");
    expect(buildCodeFingerprint(renamed)).not.toBe(before);
  });
});

describe("resetCacheOnCodeChange and recordBuildCode", () => {
  const storeFor = (root: string, recorded?: string) => {
    const dispatch = jest.fn();
    const plugins = recorded === undefined ? {} : { "default-site-plugin": { buildCodeFingerprint: recorded } };
    return { dispatch, getState: () => ({ program: { directory: root }, status: { plugins } }) };
  };
  const reporter = () => ({ info: jest.fn() }) as unknown as Reporter;

  it("has Gatsby empty its cache only when the recorded fingerprint differs from the code's", async () => {
    const root = await project();
    const same = storeFor(root, buildCodeFingerprint(root));
    resetCacheOnCodeChange({ store: same as never, reporter: reporter() });
    expect(same.dispatch).not.toHaveBeenCalled();

    const none = storeFor(root);
    resetCacheOnCodeChange({ store: none as never, reporter: reporter() });
    expect(none.dispatch).not.toHaveBeenCalled();

    const other = storeFor(root, "fingerprint of older code");
    const said = reporter();
    resetCacheOnCodeChange({ store: other as never, reporter: said });
    expect(other.dispatch).toHaveBeenCalledWith({ type: "UPDATE_PLUGINS_HASH", payload: expect.any(String) });
    expect(said.info).toHaveBeenCalledWith(expect.stringContaining("Gatsby's cache is emptied"));
  });

  it("records the fingerprint of the code the build runs", async () => {
    const root = await project();
    const setPluginStatus = jest.fn();
    recordBuildCode({ actions: { setPluginStatus } as never, store: storeFor(root) as never });
    expect(setPluginStatus).toHaveBeenCalledWith({ buildCodeFingerprint: buildCodeFingerprint(root) });
  });
});
