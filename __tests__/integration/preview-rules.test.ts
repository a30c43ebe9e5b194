import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { startRulesEnvironment } from "../support/rules-environment";
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from "firebase/firestore";

// Drafts stay private: the preview credential that previewLink mints (claims preview and
// previewExpires, webhook/trigger/src/preview-link.ts) reads its one article until it expires,
// and no other client but an editor (visitors, signed-in users without the claim) reads a draft.
const PROJECT_ID = "preview-rules-test";
const HOUR = 60 * 60 * 1000;
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await startRulesEnvironment(PROJECT_ID);
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, "blogMetaData", "draft"), { title: "A draft", published: false });
    await setDoc(doc(db, "blogMetaData", "other-draft"), { title: "Another draft", published: false });
    await setDoc(doc(db, "blog", "draft"), { title: "A draft", published: false });
  });
});

afterAll(async () => {
  await env.cleanup();
});

/** Firestore as seen by a preview session for `article`, ending `expiresIn` ms from now. */
const previewOf = (article: string, expiresIn = HOUR, uid = "preview-session") =>
  env.authenticatedContext(uid, { preview: article, previewExpires: Date.now() + expiresIn }).firestore();

describe("a preview credential", () => {
  it("reads the draft its link names", async () => {
    const snapshot = await assertSucceeds(getDoc(doc(previewOf("draft"), "blogMetaData", "draft")));
    expect(snapshot.data()).toMatchObject({ title: "A draft" });
  });

  it("reads no other article, and not the article's blog document", async () => {
    await assertFails(getDoc(doc(previewOf("draft"), "blogMetaData", "other-draft")));
    await assertFails(getDoc(doc(previewOf("draft"), "blog", "draft")));
  });

  it("reads nothing once it has expired", async () => {
    await assertFails(getDoc(doc(previewOf("draft", -1), "blogMetaData", "draft")));
  });

  it("reads nothing when its expiry is not a number", async () => {
    const db = env
      .authenticatedContext("preview-session", { preview: "draft", previewExpires: "never" } as never)
      .firestore();
    await assertFails(getDoc(doc(db, "blogMetaData", "draft")));
  });

  it("cannot list drafts, not even its own", async () => {
    const db = previewOf("draft");
    await assertFails(getDocs(collection(db, "blogMetaData")));
    await assertFails(getDocs(query(collection(db, "blogMetaData"), where("published", "==", false))));
  });

  it("never writes, not even its own article", async () => {
    const db = previewOf("draft");
    await assertFails(setDoc(doc(db, "blogMetaData", "draft"), { title: "Changed", published: true }));
    await assertFails(updateDoc(doc(db, "blogMetaData", "draft"), { published: true }));
    await assertFails(deleteDoc(doc(db, "blogMetaData", "draft")));
    await assertFails(setDoc(doc(db, "blogMetaData", "new"), { title: "New", published: false }));
  });
});

describe.each([
  ["an anonymous visitor", () => env.unauthenticatedContext().firestore()],
  ["a signed-in user who is not an editor", () => env.authenticatedContext("reader").firestore()],
])("%s", (_who, database) => {
  it("reads no draft", async () => {
    await assertFails(getDoc(doc(database(), "blogMetaData", "draft")));
    await assertFails(getDoc(doc(database(), "blog", "draft")));
    await assertFails(getDocs(query(collection(database(), "blogMetaData"), where("published", "==", false))));
  });
});

describe("an editor without a preview link", () => {
  it("reads every draft, as the editors' API lets it (editor-rules.test.ts)", async () => {
    const db = env.authenticatedContext("editor", { editor: true }).firestore();
    await assertSucceeds(getDoc(doc(db, "blogMetaData", "draft")));
    await assertSucceeds(getDoc(doc(db, "blog", "draft")));
    const drafts = await assertSucceeds(
      getDocs(query(collection(db, "blogMetaData"), where("published", "==", false))),
    );
    expect(drafts.docs.map((d) => d.id).sort()).toEqual(["draft", "other-draft"]);
  });
});
