import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { startRulesEnvironment } from "../support/rules-environment";
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from "firebase/firestore";

// The editors' API (issue 40): the callable functions write everything with server credentials, and
// an editors' tool reads with the client SDK. A signed-in editor (claim editor == true) reads every
// article, drafts and scheduled ones included, each article's history (versions and events, also
// across articles) and the states; visitors, signed-in users without the claim and preview sessions
// read none of it; and no client, an editor's included, writes anything anywhere.
const PROJECT_ID = "editor-rules-test";
const HOUR = 3600_000;
let env: RulesTestEnvironment;

const by = { uid: "editor", email: "editor@example.com" };
/** When the editor "removed" was removed, in seconds, as make-editor --remove writes it. */
const REMOVED_AT = Math.floor(Date.now() / 1000) - 60;

beforeAll(async () => {
  env = await startRulesEnvironment(PROJECT_ID);
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const later = Timestamp.fromMillis(Date.now() + HOUR);
    for (const name of ["blogMetaData", "blog"]) {
      await setDoc(doc(db, name, "live"), { slug: "live", title: "Live", published: true });
      await setDoc(doc(db, name, "draft"), { slug: "draft", title: "A draft", published: false });
      await setDoc(doc(db, name, "scheduled"), { slug: "scheduled", published: false, publishAt: later });
    }
    for (const n of [1, 2]) {
      const at = Timestamp.fromMillis(Date.now() - (3 - n) * 60_000);
      await setDoc(doc(db, "articleHistory", "draft", "versions", String(n)), {
        version: n,
        savedAt: at,
        savedBy: by,
        title: `Version ${n}`,
      });
      await setDoc(doc(db, "articleHistory", "draft", "events", `e${n}`), { action: "saved", at, by, version: n });
    }
    await setDoc(doc(db, "articleHistory", "live", "events", "e3"), {
      action: "published",
      at: Timestamp.now(),
      by,
      version: 4,
    });
    await setDoc(doc(db, "articleStatus", "draft"), { state: "not-published" });
    await setDoc(doc(db, "siteBuilds", "b1"), { state: "published", reason: "firestore" });
    await setDoc(doc(db, "editorRateLimits", "editor"), { count: 1, windowStart: Timestamp.now() });
    // "removed" lost the claim a minute ago (make-editor --remove); its old token still carries it.
    await setDoc(doc(db, "editorRevocations", "removed"), { at: REMOVED_AT });
  });
});

afterAll(async () => {
  await env.cleanup();
});

type ClientFirestore = ReturnType<ReturnType<RulesTestEnvironment["unauthenticatedContext"]>["firestore"]>;

const editor = (): ClientFirestore => env.authenticatedContext("editor", { editor: true, email: by.email }).firestore();

/** Every client that is not an editor, and whether the rules let it read the draft `draft` (its link's). */
const notEditors: [string, () => ClientFirestore, boolean][] = [
  ["an anonymous visitor", () => env.unauthenticatedContext().firestore(), false],
  ["a signed-in user without the claim", () => env.authenticatedContext("reader").firestore(), false],
  [
    "a user whose claim editor is false",
    () => env.authenticatedContext("almost", { editor: false }).firestore(),
    false,
  ],
  [
    "a user whose claim editor is the string 'true'",
    () => env.authenticatedContext("string", { editor: "true" } as never).firestore(),
    false,
  ],
  [
    "a preview session for the draft",
    () => env.authenticatedContext("preview-x", { preview: "draft", previewExpires: Date.now() + HOUR }).firestore(),
    true,
  ],
];

const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((d) => d.id).sort();

describe("an editor", () => {
  describe.each(["blogMetaData", "blog"])("in %s", (name) => {
    it("gets a draft and a scheduled article by id", async () => {
      const draft = await assertSucceeds(getDoc(doc(editor(), name, "draft")));
      expect(draft.get("title")).toBe("A draft");
      const scheduled = await assertSucceeds(getDoc(doc(editor(), name, "scheduled")));
      expect(scheduled.get("published")).toBe(false);
    });

    it("lists every document with an unfiltered query, and queries the drafts", async () => {
      const all = await assertSucceeds(getDocs(collection(editor(), name)));
      expect(ids(all)).toEqual(["draft", "live", "scheduled"]);
      const drafts = await assertSucceeds(getDocs(query(collection(editor(), name), where("published", "==", false))));
      expect(ids(drafts)).toEqual(["draft", "scheduled"]);
    });
  });

  it("reads an article's versions and events, by id and as a list", async () => {
    const version = await assertSucceeds(getDoc(doc(editor(), "articleHistory", "draft", "versions", "2")));
    expect(version.data()).toMatchObject({ version: 2, savedBy: by });
    const versions = await assertSucceeds(
      getDocs(query(collection(editor(), "articleHistory", "draft", "versions"), orderBy("version", "desc"))),
    );
    expect(versions.docs.map((d) => d.id)).toEqual(["2", "1"]);
    const event = await assertSucceeds(getDoc(doc(editor(), "articleHistory", "draft", "events", "e1")));
    expect(event.get("action")).toBe("saved");
    const events = await assertSucceeds(getDocs(collection(editor(), "articleHistory", "draft", "events")));
    expect(ids(events)).toEqual(["e1", "e2"]);
  });

  it("reads the recent events and versions across articles (collection-group queries)", async () => {
    const recent = await assertSucceeds(
      getDocs(query(collectionGroup(editor(), "events"), orderBy("at", "desc"), limit(10))),
    );
    expect(recent.docs.map((d) => d.ref.path)).toEqual([
      "articleHistory/live/events/e3",
      "articleHistory/draft/events/e2",
      "articleHistory/draft/events/e1",
    ]);
    const versions = await assertSucceeds(getDocs(collectionGroup(editor(), "versions")));
    expect(versions.size).toBe(2);
  });

  it("reads the states: articleStatus and siteBuilds, by id and as a list", async () => {
    expect((await assertSucceeds(getDoc(doc(editor(), "articleStatus", "draft")))).get("state")).toBe("not-published");
    expect(ids(await assertSucceeds(getDocs(collection(editor(), "articleStatus"))))).toEqual(["draft"]);
    expect((await assertSucceeds(getDoc(doc(editor(), "siteBuilds", "b1")))).get("state")).toBe("published");
    expect(ids(await assertSucceeds(getDocs(collection(editor(), "siteBuilds"))))).toEqual(["b1"]);
  });

  it("reads nothing of editorRateLimits, its own counter included", async () => {
    await assertFails(getDoc(doc(editor(), "editorRateLimits", "editor")));
    await assertFails(getDocs(collection(editor(), "editorRateLimits")));
  });

  it("reads nothing with a session signed in before it was removed, though the token still has the claim", async () => {
    const removed = (authTime: number) =>
      env.authenticatedContext("removed", { editor: true, auth_time: authTime, iat: authTime } as never).firestore();
    const before = removed(REMOVED_AT - 600);
    await assertFails(getDoc(doc(before, "blogMetaData", "draft")));
    await assertFails(getDocs(collection(before, "articleHistory", "draft", "versions")));
    await assertFails(getDoc(doc(before, "articleStatus", "draft")));
    await assertFails(getDoc(doc(before, "editorRevocations", "removed")));
    // Made an editor again and signed in since: an editor like any other.
    await assertSucceeds(getDoc(doc(removed(REMOVED_AT + 5), "blogMetaData", "draft")));
  });
});

describe.each(notEditors)("%s", (_who, client, readsItsLinksDraft) => {
  it("reads no draft or scheduled article, by id or by any query that could reach one", async () => {
    const db = client();
    const drafts = ["blogMetaData/scheduled", "blog/draft", "blog/scheduled"];
    for (const path of readsItsLinksDraft ? drafts : [...drafts, "blogMetaData/draft"])
      await assertFails(getDoc(doc(db, path)));
    for (const name of ["blogMetaData", "blog"]) {
      await assertFails(getDocs(collection(db, name)));
      await assertFails(getDocs(query(collection(db, name), where("published", "==", false))));
    }
  });

  it("reads no history: no version, no event, no list, no collection-group query", async () => {
    const db = client();
    await assertFails(getDoc(doc(db, "articleHistory", "draft", "versions", "1")));
    await assertFails(getDoc(doc(db, "articleHistory", "draft", "events", "e1")));
    await assertFails(getDoc(doc(db, "articleHistory", "live", "events", "e3")));
    await assertFails(getDocs(collection(db, "articleHistory", "draft", "versions")));
    await assertFails(getDocs(collection(db, "articleHistory", "draft", "events")));
    await assertFails(getDocs(collection(db, "articleHistory")));
    await assertFails(getDocs(collectionGroup(db, "versions")));
    await assertFails(getDocs(query(collectionGroup(db, "events"), orderBy("at", "desc"), limit(10))));
  });

  it("reads no state and no rate limit", async () => {
    const db = client();
    await assertFails(getDoc(doc(db, "articleStatus", "draft")));
    await assertFails(getDocs(collection(db, "articleStatus")));
    await assertFails(getDoc(doc(db, "siteBuilds", "b1")));
    await assertFails(getDocs(collection(db, "siteBuilds")));
    await assertFails(getDoc(doc(db, "editorRateLimits", "editor")));
  });
});

// Each document an editors' client might try to write: an existing one, and a new id beside it.
const WRITABLE: [string, string, string][] = [
  ["blogMetaData", "blogMetaData/draft", "blogMetaData/new"],
  ["blog", "blog/draft", "blog/new"],
  ["a version", "articleHistory/draft/versions/1", "articleHistory/draft/versions/3"],
  ["an event", "articleHistory/draft/events/e1", "articleHistory/draft/events/forged"],
  ["an articleHistory document", "articleHistory/draft", "articleHistory/new"],
  ["articleStatus", "articleStatus/draft", "articleStatus/new"],
  ["siteBuilds", "siteBuilds/b1", "siteBuilds/new"],
  ["editorRateLimits", "editorRateLimits/editor", "editorRateLimits/someone-else"],
];

describe.each([["an editor", editor, false] as const, ...notEditors])("%s", (_who, client) => {
  it.each(WRITABLE)("writes nothing in %s: no create, update, overwrite or delete", async (_what, existing, fresh) => {
    const db = client();
    await assertFails(setDoc(doc(db, fresh), { published: true, title: "Forged" }));
    await assertFails(updateDoc(doc(db, existing), { published: true }));
    await assertFails(setDoc(doc(db, existing), { published: true }, { merge: true }));
    await assertFails(deleteDoc(doc(db, existing)));
  });
});
