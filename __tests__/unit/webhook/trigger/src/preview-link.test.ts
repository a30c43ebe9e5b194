/** @jest-environment node */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Auth } from "firebase-admin/auth";
import functionsTest from "firebase-functions-test";
import { HttpsError } from "firebase-functions/v2/https";
import {
  DEFAULT_PREVIEW_MINUTES,
  handlePreviewLink,
  previewLink,
  previewUid,
  previewUrl,
} from "../../../../../webhook/trigger/src/preview-link.ts";

// The callable an editor asks for a private preview link: who may ask, for what, and the link it
// gives, whose token names one article and the end of its preview. Firestore is a stand-in that
// holds the articles this test says; the token is minted by the real Admin SDK, unsigned as it does
// for the Auth emulator, so its claims can be read back.

// The articles the stand-in Firestore holds, and what was read from it (named "mock…", as jest.mock requires).
const mockArticles = new Set<string>();
const mockReads: string[] = [];
jest.mock("firebase-admin/firestore", () => ({
  getFirestore: () => ({
    collection: (name: string) => ({
      doc: (id: string) => ({
        get: async () => {
          mockReads.push(`${name}/${id}`);
          return { exists: name === "blogMetaData" && mockArticles.has(id) };
        },
      }),
    }),
  }),
}));

// The account behind a token, as Auth answers (names "mock…" for the same reason): editor-1 is an
// editor now; "removed" still holds a token with the claim, but its account no longer has it.
jest.spyOn(Auth.prototype, "verifyIdToken").mockImplementation(async () => ({}) as never);
jest
  .spyOn(Auth.prototype, "getUser")
  .mockImplementation(
    async (uid: string) =>
      ({ uid, email: `${uid}@example.com`, customClaims: uid === "editor-1" ? { editor: true } : {} }) as never,
  );

const savedEnv = { ...process.env };
beforeAll(() => {
  // The Admin SDK mints unsigned tokens, offline, when it is pointed at an Auth emulator.
  Object.assign(process.env, { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9", GCLOUD_PROJECT: "kindred-test" });
});
afterAll(() => {
  process.env = savedEnv;
});
beforeEach(() => {
  mockArticles.clear();
  mockReads.length = 0;
  delete process.env.PREVIEW_TTL_MINUTES;
  delete process.env.PREVIEW_SITE_URL;
});

const editor = { uid: "editor-1", token: { editor: true }, rawToken: "editor-1-token" };
type Request = Parameters<typeof handlePreviewLink>[0];
const ask = (data: unknown, auth: unknown = editor) => handlePreviewLink({ data, auth } as Request);

/** The payload of a custom token. */
const payloadOf = (token: string): { uid: string; claims: Record<string, unknown> } =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));

/** The article and token a link carries in its fragment. */
const partsOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split("#")[1]));

/** The HttpsError a call failed with, as { code, message }. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpsError);
    const { code, message } = error as HttpsError;
    return { code, message };
  }
  throw new Error("the call was not refused");
}

describe("handlePreviewLink", () => {
  it("refuses anyone who is not an editor now, before reading anything", async () => {
    mockArticles.add("draft");
    const denied = {
      code: "permission-denied",
      message: "This account is not an editor. Ask an administrator for access.",
    };
    expect(await refusal(ask({ id: "draft" }, null))).toEqual({
      code: "unauthenticated",
      message: "Sign in as an editor to do this.",
    });
    expect(await refusal(ask({ id: "draft" }, { uid: "reader", token: {}, rawToken: "t" }))).toEqual(denied);
    expect(await refusal(ask({ id: "draft" }, { uid: "reader", token: { editor: "true" }, rawToken: "t" }))).toEqual(
      denied,
    );
    // Removed: the token still says editor, the account does not.
    expect(await refusal(ask({ id: "draft" }, { uid: "removed", token: { editor: true }, rawToken: "t" }))).toEqual(
      denied,
    );
    expect(mockReads).toEqual([]);
  });

  it("refuses what is not the id of one document", async () => {
    const invalid = { code: "invalid-argument", message: "Pass { id }: the id of a blogMetaData document." };
    for (const data of [undefined, null, "draft", {}, { id: 7 }, { id: "" }, { id: "a/b" }, { id: "." }, { id: ".." }])
      expect(await refusal(ask(data))).toEqual(invalid);
    expect(await refusal(ask({ id: "__reserved__" }))).toEqual(invalid);
    expect(await refusal(ask({ id: "x".repeat(201) }))).toEqual(invalid);
    expect(mockReads).toEqual([]);
  });

  it("answers not-found for an article that does not exist", async () => {
    expect(await refusal(ask({ id: "gone" }))).toEqual({
      code: "not-found",
      message: "There is no article blogMetaData/gone.",
    });
    expect(mockReads).toEqual(["blogMetaData/gone"]);
  });

  it("gives a link to the site's preview route whose token names the article and when its preview ends", async () => {
    mockArticles.add("draft-1");
    const before = Date.now();
    const link = await ask({ id: "draft-1" });
    const after = Date.now();
    expect(link.url).toMatch(/^https:\/\/kindred\.app\/preview#article=draft-1&token=[\w-]+\.[\w-]+\.[\w-]*$/);
    const { uid, claims } = payloadOf(partsOf(link.url).token!);
    expect(uid).toBe(previewUid("draft-1"));
    expect(claims).toEqual({ preview: "draft-1", previewExpires: Date.parse(link.expiresAt) });
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + DEFAULT_PREVIEW_MINUTES * 60_000);
    expect(expires).toBeLessThanOrEqual(after + DEFAULT_PREVIEW_MINUTES * 60_000);
    // The session is the article's, never the editor's: the editor's claims do not travel with the link.
    expect(uid).not.toBe(editor.uid);
    expect(claims).not.toHaveProperty("editor");
  });

  it("links to the site's own default address without PREVIEW_SITE_URL, the one the build and the service use", async () => {
    // gatsby-config.ts and webhook/lib/config.ts each fall back to it when SITE_URL is unset.
    const root = path.join(__dirname, "../../../../..");
    const defaults = ["gatsby-config.ts", "webhook/lib/config.ts"].map(
      (file) => /SITE_URL (?:\?\?|\|\|) "([^"]+)"/.exec(readFileSync(path.join(root, file), "utf8"))?.[1],
    );
    expect(defaults).toEqual(["https://kindred.app", "https://kindred.app"]);
    mockArticles.add("draft-2");
    expect(new URL((await ask({ id: "draft-2" })).url).origin).toBe(defaults[0]);
  });

  it("takes PREVIEW_SITE_URL and PREVIEW_TTL_MINUTES from 1 to 60, read on each call", async () => {
    mockArticles.add("draft-1");
    process.env.PREVIEW_SITE_URL = "http://localhost:9000//";
    process.env.PREVIEW_TTL_MINUTES = "15";
    const before = Date.now();
    const link = await ask({ id: "draft-1" });
    expect(link.url.startsWith("http://localhost:9000/preview#article=draft-1&token=")).toBe(true);
    const minutes = (Date.parse(link.expiresAt) - before) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(15);
    expect(minutes).toBeLessThan(16);
    // A token must be exchanged within the hour: anything else falls back to the default.
    for (const setting of ["0", "61", "90", "1.5", "soon"]) {
      process.env.PREVIEW_TTL_MINUTES = setting;
      const start = Date.now();
      const fallback = await ask({ id: "draft-1" });
      expect(Math.floor((Date.parse(fallback.expiresAt) - start) / 60_000)).toBe(DEFAULT_PREVIEW_MINUTES);
    }
  });
});

describe("previewUid", () => {
  it("is one user per article, the same on every call, within Firebase's 128 characters", () => {
    const hash = createHash("sha256").update("draft-1").digest("hex").slice(0, 40);
    expect(previewUid("draft-1")).toBe(`preview-${hash}`);
    expect(previewUid("draft-1")).toBe(previewUid("draft-1"));
    expect(previewUid("draft-2")).not.toBe(previewUid("draft-1"));
    expect(previewUid("x".repeat(200)).length).toBeLessThanOrEqual(128);
  });
});

describe("previewUrl", () => {
  it("puts the article and the token in the fragment, which no server sees, encoded", () => {
    const url = previewUrl("https://kindred.app", "a b&c", "t.o=k");
    expect(url).toBe("https://kindred.app/preview#article=a+b%26c&token=t.o%3Dk");
    expect(partsOf(url)).toEqual({ article: "a b&c", token: "t.o=k" });
  });
});

describe("previewLink", () => {
  it("is the callable that runs the handler for a signed-in editor", async () => {
    mockArticles.add("draft-1");
    const testEnv = functionsTest();
    try {
      const call = testEnv.wrap(previewLink) as unknown as (request: unknown) => Promise<{ url: string }>;
      const link = await call({ data: { id: "draft-1" }, auth: editor });
      expect(partsOf(link.url).article).toBe("draft-1");
      expect(await refusal(call({ data: { id: "draft-1" } }))).toMatchObject({ code: "unauthenticated" });
    } finally {
      testEnv.cleanup();
    }
  });
});
