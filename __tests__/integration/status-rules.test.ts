import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { startRulesEnvironment } from "../support/rules-environment";
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from "firebase/firestore";

// Who may read what the rebuild service writes for editors (articleStatus, siteBuilds), and that
// drafts stay private to visitors; editors read them (the editors' API, editor-rules.test.ts).
const PROJECT_ID = "status-rules-test";
const STATUS_COLLECTIONS = ["articleStatus", "siteBuilds"];
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await startRulesEnvironment(PROJECT_ID);
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, "articleStatus", "a1"), { state: "live", url: "https://kindred.app/blogarticle/a" });
    await setDoc(doc(db, "siteBuilds", "b1"), { state: "published", reason: "firestore" });
    for (const name of ["blogMetaData", "blog"])
      await setDoc(doc(db, name, "draft"), { slug: "secret-draft", published: false, title: "Not yet" });
  });
});

afterAll(async () => {
  await env.cleanup();
});

const visitor = () => env.unauthenticatedContext().firestore();
const reader = () => env.authenticatedContext("reader", { email: "reader@example.com" }).firestore();
const notEditor = () => env.authenticatedContext("almost", { editor: false }).firestore();
const editor = () => env.authenticatedContext("editor", { editor: true }).firestore();

describe.each(STATUS_COLLECTIONS)("firestore.rules for %s", (name) => {
  const id = name === "articleStatus" ? "a1" : "b1";

  it("shows nothing to a visitor", async () => {
    await assertFails(getDoc(doc(visitor(), name, id)));
    await assertFails(getDocs(collection(visitor(), name)));
  });

  it("shows nothing to a signed-in user without the editor claim", async () => {
    for (const db of [reader(), notEditor()]) {
      await assertFails(getDoc(doc(db, name, id)));
      await assertFails(getDocs(collection(db, name)));
    }
  });

  it("lets an editor read a document and list the collection", async () => {
    const snapshot = await assertSucceeds(getDoc(doc(editor(), name, id)));
    expect(snapshot.exists()).toBe(true);
    const all = await assertSucceeds(getDocs(collection(editor(), name)));
    expect(all.docs.map((d) => d.id)).toEqual([id]);
  });

  it("refuses every write from a client, editors included", async () => {
    for (const db of [visitor(), reader(), editor()]) {
      await assertFails(setDoc(doc(db, name, "new"), { state: "live" }));
      await assertFails(updateDoc(doc(db, name, id), { state: "failed" }));
      await assertFails(deleteDoc(doc(db, name, id)));
    }
  });
});

describe.each(["blogMetaData", "blog"])("a draft in %s", (name) => {
  it("is unreadable by a visitor and a signed-in user without the claim", async () => {
    for (const db of [visitor(), reader(), notEditor()]) await assertFails(getDoc(doc(db, name, "draft")));
  });

  it("is read by an editor's client", async () => {
    const snapshot = await assertSucceeds(getDoc(doc(editor(), name, "draft")));
    expect(snapshot.get("title")).toBe("Not yet");
  });
});
