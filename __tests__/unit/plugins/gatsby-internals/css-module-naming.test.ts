/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  CLASS_HASH_LENGTH,
  shortClassName,
  withCssModuleNaming,
  type GetLocalIdent,
} from "../../../../plugins/gatsby-internals/css-module-naming";

const ROOT = "/site";
const NAV = path.join(ROOT, "src", "components", "layout", "nav-bar.module.css");
const name = (resourcePath: string, local: string, options: { context: string; hashPrefix?: string }) =>
  shortClassName({ resourcePath }, "[name]--[local]--[hash:hex:5]", local, options);

describe("shortClassName", () => {
  it("is k and six characters of a hash, whatever the file and class are called", () => {
    expect(CLASS_HASH_LENGTH).toBe(6);
    expect(name(NAV, "header", { context: ROOT })).toMatch(/^k[A-Za-z0-9_-]{6}$/);
    expect(name(NAV, "a-very-long-class-name-indeed", { context: ROOT })).toHaveLength(7);
  });

  it("depends on the file's path from the context and the class's local name, and on nothing else", () => {
    const header = name(NAV, "header", { context: ROOT });
    expect(name(NAV, "header", { context: ROOT })).toBe(header);
    expect(name(NAV, "brand", { context: ROOT })).not.toBe(header);
    expect(name(NAV.replace("nav-bar", "footer"), "header", { context: ROOT })).not.toBe(header);
    // The same site checked out elsewhere names its classes the same.
    expect(name(NAV.replace(ROOT, "/elsewhere/site"), "header", { context: "/elsewhere/site" })).toBe(header);
    expect(name(NAV, "header", { context: ROOT, hashPrefix: "v2" })).not.toBe(header);
  });

  it("ignores the match resource a stylesheet evaluated through importModule is requested with", () => {
    const options = { context: ROOT, hashPrefix: "" };
    const imported = { resourcePath: NAV, _module: { matchResource: `${NAV}.webpack[javascript/auto]` } };
    expect(shortClassName(imported, "[local]", "header", options)).toBe(name(NAV, "header", options));
  });
});

describe("the site's CSS modules", () => {
  const ROOT = path.resolve(__dirname, "../../../..");
  const CSS_MODULE_OPTIONS = { localIdentName: "[name]--[local]--[hash:hex:5]" };

  it("gives every class of the site's CSS modules a name of its own", () => {
    const files = readdirSync(path.join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".module.css"),
    );
    expect(files.length).toBeGreaterThan(5);
    const names = new Map<string, string>();
    for (const file of files) {
      const resourcePath = path.join(ROOT, "src", file);
      const css = readFileSync(resourcePath, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/:global\([^)]*\)/g, "");
      for (const [, local] of css.matchAll(/\.([A-Za-z_][\w-]*)/g)) {
        const name = shortClassName({ resourcePath }, CSS_MODULE_OPTIONS.localIdentName, local!, {
          context: ROOT,
          hashPrefix: "",
        });
        const owner = `${file} .${local}`;
        expect([name, names.get(name) ?? owner]).toEqual([name, owner]);
        names.set(name, owner);
      }
    }
    expect(names.size).toBeGreaterThan(100);
  });
});

describe("withCssModuleNaming", () => {
  const CSS_LOADER = "/site/node_modules/css-loader/dist/cjs.js";
  const getLocalIdent: GetLocalIdent = () => "k000000";
  const rules = () => [
    { test: /\.js$/, use: [{ loader: "babel-loader", options: { modules: { kept: true } } }] },
    {
      test: /\.module\.css$/,
      oneOf: [
        {
          use: [
            { loader: "mini-css-extract" },
            { loader: CSS_LOADER, options: { url: true, modules: { namedExport: true } } },
          ],
        },
      ],
    },
    { test: /\.css$/, use: [{ loader: CSS_LOADER, options: { modules: false } }] },
    "...",
  ];

  it("gives every css-loader that builds CSS modules the naming, at any depth of rules, oneOf and use", () => {
    const named = withCssModuleNaming(rules(), getLocalIdent) as ReturnType<typeof rules>;
    const modulesLoader = (named[1] as { oneOf: { use: { options: { url: boolean; modules: object } }[] }[] }).oneOf[0]!
      .use[1]!;
    expect(modulesLoader.options).toEqual({ url: true, modules: { namedExport: true, getLocalIdent } });
  });

  it("leaves plain CSS, other loaders and anything else as they were, and changes none of Gatsby's objects", () => {
    const original = rules();
    const named = withCssModuleNaming(original, getLocalIdent);
    expect(named).toEqual([original[0], expect.anything(), original[2], "..."]);
    expect(original).toEqual(rules());
    expect(withCssModuleNaming(null, getLocalIdent)).toBeNull();
  });

  it("finds css-loader by its file path, on Windows too", () => {
    const windows = { loader: "C:\\site\\node_modules\\css-loader\\dist\\cjs.js", options: { modules: {} } };
    expect(withCssModuleNaming(windows, getLocalIdent)).toEqual({
      ...windows,
      options: { modules: { getLocalIdent } },
    });
    const lookalike = { loader: "/site/node_modules/my-css-loader-fork/index.js", options: { modules: {} } };
    expect(withCssModuleNaming(lookalike, getLocalIdent)).toEqual(lookalike);
  });
});
