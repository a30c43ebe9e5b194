/** @jest-environment node */
import { hostingEntry, readFirebaseJson, withCspSources, type HostingEntry } from "../../../../scripts/lib/hosting.ts";

// firebase.json's "hosting" is a list of two sites, each named by its deploy target: the public site
// ("site") and the editors' console ("editors"). Whatever serves or checks one reads it by its target.

const header = (entry: HostingEntry, source: string, key: string): string | undefined =>
  entry.headers
    ?.filter((rule) => rule.source === source)
    .flatMap((rule) => rule.headers)
    .find((candidate) => candidate.key === key)?.value;

/** A policy's directives, by name. */
const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

describe("hostingEntry", () => {
  const site = { public: "public", cleanUrls: true };
  const editors = { target: "editors", public: "editors/dist" };

  it("finds an entry of the list by its target, and reads a lone object as the site", () => {
    expect(hostingEntry("editors", { hosting: [{ target: "site", ...site }, editors] })).toEqual(editors);
    expect(hostingEntry("site", { hosting: [{ target: "site", ...site }, editors] })).toEqual({
      target: "site",
      ...site,
    });
    expect(hostingEntry("site", { hosting: site })).toEqual(site);
  });

  it("names the target it could not find", () => {
    expect(() => hostingEntry("editors", { hosting: site })).toThrow(
      'firebase.json has no hosting entry with "target": "editors"',
    );
    expect(() => hostingEntry("site", {})).toThrow('firebase.json has no hosting entry with "target": "site"');
  });
});

describe("withCspSources", () => {
  const entry: HostingEntry = {
    headers: [
      {
        source: "**",
        headers: [
          { key: "Content-Security-Policy", value: "default-src 'self'; connect-src 'self' https://a.example" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ],
  };

  it("adds sources to the directives named, and a directive the policy lacks, leaving the rest as it was", () => {
    const widened = withCspSources(entry, {
      "connect-src": ["http://127.0.0.1:9099"],
      "img-src": ["http://127.0.0.1:*"],
    });
    expect(header(widened, "**", "Content-Security-Policy")).toBe(
      "default-src 'self'; connect-src 'self' https://a.example http://127.0.0.1:9099; img-src http://127.0.0.1:*",
    );
    expect(header(widened, "**", "X-Frame-Options")).toBe("DENY");
    // The entry it was given is unchanged.
    expect(header(entry, "**", "Content-Security-Policy")).toBe(
      "default-src 'self'; connect-src 'self' https://a.example",
    );
  });
});

describe("firebase.json", () => {
  const firebase = readFirebaseJson();

  it("lists the site and the console as two targets, each served from its own build", () => {
    expect(Array.isArray(firebase.hosting)).toBe(true);
    expect(hostingEntry("site", firebase).public).toBe("public");
    expect(hostingEntry("editors", firebase).public).toBe("editors/dist");
  });

  it("answers every address of the console with its one page", () => {
    expect(hostingEntry("editors", firebase).rewrites).toEqual([{ source: "**", destination: "/index.html" }]);
  });

  describe("the console's headers", () => {
    // Read in each test, so a missing entry fails each of them rather than the whole file.
    const editorsEntry = (): HostingEntry => hostingEntry("editors", firebase);
    const policy = (): Map<string, string[]> =>
      directives(header(editorsEntry(), "**", "Content-Security-Policy") ?? "");

    it("run only its own scripts (and Google's sign-in), never inline ones, nor eval", () => {
      expect(policy().get("default-src")).toEqual(["'self'"]);
      expect(policy().get("script-src")).toEqual(["'self'", "https://apis.google.com"]);
      expect(policy().get("object-src")).toEqual(["'none'"]);
      expect(policy().get("base-uri")).toEqual(["'none'"]);
    });

    it("talk only to Firebase Auth, Firestore and the callables", () => {
      expect(policy().get("connect-src")).toEqual([
        "'self'",
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
        "https://firestore.googleapis.com",
        "https://*.cloudfunctions.net",
      ]);
      expect(policy().get("img-src")).toEqual(["'self'", "https:", "data:"]);
    });

    it("are framed by nobody", () => {
      expect(policy().get("frame-ancestors")).toEqual(["'none'"]);
      expect(header(editorsEntry(), "**", "X-Frame-Options")).toBe("DENY");
    });

    it("keep the page itself out of every cache and search engine, and cache the hashed assets for a year", () => {
      expect(header(editorsEntry(), "**", "Cache-Control")).toBe("no-store");
      expect(header(editorsEntry(), "**", "X-Robots-Tag")).toBe("noindex");
      const assets = editorsEntry().headers?.find((rule) => rule.regex !== undefined);
      expect(new RegExp(assets!.regex!).test("/assets/index-B2xq9_Lm.js")).toBe(true);
      expect(new RegExp(assets!.regex!).test("/index.html")).toBe(false);
      expect(assets?.headers).toEqual([{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }]);
    });
  });
});
