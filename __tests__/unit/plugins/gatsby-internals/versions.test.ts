/** @jest-environment node */
import { CSS_EXTRACT_IN_PROCESS } from "../../../../plugins/gatsby-internals/css-extract";
import { CSS_MODULE_NAMING } from "../../../../plugins/gatsby-internals/css-module-naming";
import { GATSBY_STORE } from "../../../../plugins/gatsby-internals/gatsby-store";
import { TERSER_ES2017 } from "../../../../plugins/gatsby-internals/terser";
import {
  installedVersion,
  mayUse,
  recognises,
  skippedNotice,
  type InternalsPiece,
} from "../../../../plugins/gatsby-internals/versions";
// The one piece outside this folder: the stand-ins for Gatsby's runtime modules, beside the site's.
import { GATSBY_RUNTIME_STAND_INS } from "../../../../src/node/browser-stand-ins";

const PIECES = [GATSBY_STORE, GATSBY_RUNTIME_STAND_INS, CSS_EXTRACT_IN_PROCESS, CSS_MODULE_NAMING, TERSER_ES2017];

describe("the version guard of code that relies on a package's internals", () => {
  it("recognises the versions a piece names by prefix, and nothing else", () => {
    expect(recognises(["5"], "5.16.1")).toBe(true);
    expect(recognises(["2.8"], "2.8.3")).toBe(true);
    expect(recognises(["5"], "6.0.0")).toBe(false);
    expect(recognises(["5"], "15.0.0")).toBe(false);
    expect(recognises(["2.8"], "2.9.0")).toBe(false);
    expect(recognises(["5"], undefined)).toBe(false);
  });

  it("skips a piece on another version, saying what it skipped and what it found", () => {
    const reporter = { warn: jest.fn() };
    const piece: InternalsPiece = { what: "short class names", packageName: "css-loader", writtenFor: ["5"] };
    expect(mayUse(piece, reporter, "6.1.0")).toBe(false);
    expect(reporter.warn).toHaveBeenCalledWith(
      "Skipped short class names: written for css-loader 5.x, found 6.1.0. The build works without it; update plugins/gatsby-internals/ for this version.",
    );
    expect(skippedNotice(piece, undefined)).toContain("found none installed");
  });

  it("lets a piece run, silently, on a version it was written for", () => {
    const reporter = { warn: jest.fn() };
    expect(mayUse({ what: "x", packageName: "gatsby", writtenFor: ["5"] }, reporter, "5.16.1")).toBe(true);
    expect(reporter.warn).not.toHaveBeenCalled();
  });

  it.each(PIECES.map((piece) => [piece.what, piece] as const))(
    "recognises the installed version for %s",
    (_what, piece) => {
      const version = installedVersion(piece.packageName, piece.resolvedFrom);
      expect(version).toBeDefined();
      expect(recognises(piece.writtenFor, version)).toBe(true);
    },
  );
});
