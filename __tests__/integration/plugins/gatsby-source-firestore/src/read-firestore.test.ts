import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import {
  readChangedSince,
  readPublishedCollection,
  type FirestoreReadOptions,
} from "../../../../../plugins/gatsby-source-firestore/src/read-firestore";
import { freePort } from "../../../../support/processes";
import { article } from "../../../../support/articles";

// The plugin's reads, with the web SDK as a visitor reads, against the real emulator and the
// project's security rules: every published document in pages, and what changed since a time.
const PROJECT_ID = "read-firestore-test";
const host = process.env.FIRESTORE_EMULATOR_HOST!;
const options: FirestoreReadOptions = { firebaseConfig: { projectId: PROJECT_ID }, emulatorHost: host, pageSize: 2 };

const EARLY = new Date("2024-01-01T10:00:00Z");
const SINCE = new Date("2024-03-01T00:00:00Z");
const LATE = new Date("2024-06-01T10:00:00Z");

let app: App;
let db: Firestore;

beforeAll(async () => {
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
  app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  db = getFirestore(app);
  const documents: Record<string, Record<string, unknown>> = {
    a: article("old-timestamp", { lastUpdate: Timestamp.fromDate(EARLY) }),
    b: article("new-timestamp", { lastUpdate: Timestamp.fromDate(LATE) }),
    c: article("old-string", { lastUpdate: EARLY.toISOString() }),
    d: article("new-string", { lastUpdate: LATE.toISOString() }),
    e: article("another-old-one", { lastUpdate: Timestamp.fromDate(EARLY) }),
    draft: article("a-draft", { published: false, lastUpdate: Timestamp.fromDate(LATE) }),
  };
  for (const [id, data] of Object.entries(documents)) await db.collection("blogMetaData").doc(id).set(data);
});

afterAll(async () => {
  await deleteApp(app);
});

const ids = (documents: { id: string }[]): string[] => documents.map((document) => document.id);

describe("readPublishedCollection", () => {
  it("reads every published document, page by page in document id order, with its data", async () => {
    const documents = await readPublishedCollection("blogMetaData", options);
    expect(ids(documents)).toEqual(["a", "b", "c", "d", "e"]);
    expect(documents[3]).toEqual({ id: "d", data: expect.objectContaining({ slug: "new-string", published: true }) });
  });

  it("reads the same with pages larger than the collection", async () => {
    expect(ids(await readPublishedCollection("blogMetaData", { ...options, pageSize: 500 }))).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
  });

  it("fails, rather than answer from an empty cache, when Firestore cannot be reached", async () => {
    const closed = `127.0.0.1:${await freePort()}`;
    // The SDK logs each failed attempt to connect; the test wants the failure only.
    const quiet = [jest.spyOn(console, "warn"), jest.spyOn(console, "error")].map((spy) =>
      spy.mockImplementation(() => undefined),
    );
    try {
      await expect(readPublishedCollection("blogMetaData", { ...options, emulatorHost: closed })).rejects.toThrow();
    } finally {
      quiet.forEach((spy) => spy.mockRestore());
    }
  }, 120_000);
});

describe("readChangedSince", () => {
  it("reads the documents updated since, whether lastUpdate is a Timestamp or an ISO string, and counts the published ones", async () => {
    const changed = await readChangedSince("blogMetaData", options, SINCE, []);
    expect(ids(changed.documents).sort()).toEqual(["b", "d"]);
    expect(changed.notPublished).toEqual([]);
    expect(changed.publishedCount).toBe(5);
  });

  it("also reads the ids it is given, once each, and names those it may not read as not published", async () => {
    const changed = await readChangedSince("blogMetaData", options, SINCE, ["a", "b", "a", "draft", "deleted"]);
    expect(ids(changed.documents).sort()).toEqual(["a", "b", "d"]);
    expect(changed.documents.find((document) => document.id === "a")?.data).toMatchObject({ slug: "old-timestamp" });
    expect(changed.notPublished.sort()).toEqual(["deleted", "draft"]);
    expect(changed.publishedCount).toBe(5);
  });
});
