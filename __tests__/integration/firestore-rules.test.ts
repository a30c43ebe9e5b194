import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { startRulesEnvironment } from "../support/rules-environment";
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, where } from "firebase/firestore";

// The site reads Firestore as an anonymous visitor; these are the rules that visitor meets.
const PROJECT_ID = "rules-test";
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await startRulesEnvironment(PROJECT_ID);
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    for (const collectionName of ["blogMetaData", "blog"]) {
      await setDoc(doc(db, collectionName, "live"), { slug: "first-date-ideas", published: true });
      await setDoc(doc(db, collectionName, "draft"), { slug: "secret-draft", published: false });
    }
  });
});

afterAll(async () => {
  await env.cleanup();
});

const visitor = () => env.unauthenticatedContext().firestore();

describe.each(["blogMetaData", "blog"])("firestore.rules for %s", (collectionName) => {
  it("lets an anonymous visitor read a published document", async () => {
    const snapshot = await assertSucceeds(getDoc(doc(visitor(), collectionName, "live")));
    expect(snapshot.data()).toMatchObject({ slug: "first-date-ideas" });
  });

  it("refuses to show an unpublished document", async () => {
    await assertFails(getDoc(doc(visitor(), collectionName, "draft")));
  });

  it("answers a query that asks for published == true", async () => {
    const db = visitor();
    const result = await assertSucceeds(
      getDocs(
        query(
          collection(db, collectionName),
          where("published", "==", true),
          where("slug", "==", "first-date-ideas"),
          limit(1),
        ),
      ),
    );
    expect(result.docs.map((d) => d.id)).toEqual(["live"]);
  });

  it("denies a query that does not filter on published", async () => {
    await assertFails(getDocs(query(collection(visitor(), collectionName), where("slug", "==", "first-date-ideas"))));
  });

  it("denies every write from a client, signed in or not", async () => {
    await assertFails(setDoc(doc(visitor(), collectionName, "new"), { slug: "x", published: true }));
    const editor = env.authenticatedContext("editor").firestore();
    await assertFails(setDoc(doc(editor, collectionName, "live"), { slug: "changed", published: true }));
    await assertFails(deleteDoc(doc(editor, collectionName, "live")));
  });
});
