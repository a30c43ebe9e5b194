import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { startRulesEnvironment } from "../support/rules-environment";
import { article } from "../support/articles";
import {
  collection,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  Timestamp,
  where,
} from "firebase/firestore";

// A scheduled article (published false, publishAt ahead) against the project's rules, for every
// kind of client: nobody, a signed-in visitor, an editor. Each client query the site makes must
// still be accepted (rules are not filters) and leave it out. No visitor's read, by id or by any
// query, may reveal it; an editor reads it (the editors' API shows what is scheduled).
const PROJECT_ID = "rules-schedule-test";
const HOUR = 3600_000;
let env: RulesTestEnvironment;

/** A valid, published document of `slug`, last updated an hour ago, with the schedule `fields`. */
const seed = (slug: string, fields: Record<string, unknown>) =>
  article(slug, { lastUpdate: Timestamp.fromMillis(Date.now() - HOUR), ...fields });

beforeAll(async () => {
  env = await startRulesEnvironment(PROJECT_ID);
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const later = Timestamp.fromMillis(Date.now() + HOUR);
    const earlier = Timestamp.fromMillis(Date.now() - HOUR / 2);
    for (const name of ["blogMetaData", "blog"]) {
      await setDoc(doc(db, name, "live"), seed("live", {}));
      // As the editors' tool schedules: not published, with the instant it goes live.
      await setDoc(doc(db, name, "scheduled"), seed("scheduled", { published: false, publishAt: later }));
      // Saved wrongly as published ahead of its instant.
      await setDoc(doc(db, name, "early"), seed("early", { publishAt: later }));
      // Past its unpublishAt, in the seconds before the job takes it down.
      await setDoc(doc(db, name, "expired"), seed("expired", { unpublishAt: earlier }));
      await setDoc(doc(db, name, "running"), seed("running", { publishAt: earlier, unpublishAt: later }));
    }
    await setDoc(doc(db, "articleStatus", "scheduled"), { state: "scheduled", publishAt: later });
  });
});

afterAll(async () => {
  await env.cleanup();
});

type ClientFirestore = ReturnType<ReturnType<RulesTestEnvironment["unauthenticatedContext"]>["firestore"]>;
const visitors: [string, () => ClientFirestore][] = [
  ["an anonymous visitor", () => env.unauthenticatedContext().firestore()],
  ["a signed-in visitor", () => env.authenticatedContext("visitor").firestore()],
];
const editor = () => env.authenticatedContext("editor", { editor: true }).firestore();
const clients: [string, () => ClientFirestore][] = [...visitors, ["an editor", editor]];

describe.each(visitors)("firestore.rules for %s", (_who, client) => {
  describe.each(["blogMetaData", "blog"])("%s", (name) => {
    it("refuses to read a scheduled article before its time, by id", async () => {
      await assertFails(getDoc(doc(client(), name, "scheduled")));
    });

    it("refuses a read by id of an article published ahead of its publishAt, or past its unpublishAt", async () => {
      await assertFails(getDoc(doc(client(), name, "early")));
      await assertFails(getDoc(doc(client(), name, "expired")));
      await assertSucceeds(getDoc(doc(client(), name, "running")));
      await assertSucceeds(getDoc(doc(client(), name, "live")));
    });

    it("denies every query that could reach a scheduled article", async () => {
      const db = client();
      const articles = collection(db, name);
      await assertFails(getDocs(query(articles, where("slug", "==", "scheduled"))));
      await assertFails(getDocs(query(articles, where("published", "==", false))));
      await assertFails(getDocs(query(articles, where("publishAt", ">", Timestamp.now()))));
      await assertFails(getDocs(query(articles, orderBy("publishAt"))));
      await assertFails(getCountFromServer(query(articles, where("published", "==", false))));
    });
  });
});

describe.each(["blogMetaData", "blog"])("firestore.rules for an editor, in %s", (name) => {
  it("reads a scheduled article, and one published ahead of its publishAt or past its unpublishAt, by id", async () => {
    for (const id of ["scheduled", "early", "expired", "running", "live"])
      await assertSucceeds(getDoc(doc(editor(), name, id)));
  });

  it("accepts any query, those that reach a scheduled article included", async () => {
    const articles = collection(editor(), name);
    const scheduled = await assertSucceeds(getDocs(query(articles, where("published", "==", false))));
    expect(scheduled.docs.map((d) => d.id)).toEqual(["scheduled"]);
    await assertSucceeds(getDocs(query(articles, orderBy("publishAt"))));
  });
});

describe.each(clients)("firestore.rules for %s", (_who, client) => {
  describe.each(["blogMetaData", "blog"])("%s", (name) => {
    it("accepts the site's queries, and they leave the scheduled article out", async () => {
      const db = client();
      const articles = collection(db, name);
      // The fallback route: by slug, published only.
      const bySlug = await assertSucceeds(
        getDocs(
          query(
            articles,
            where("published", "==", true),
            where("slug", "==", "scheduled"),
            limit(name === "blog" ? 1 : 10),
          ),
        ),
      );
      expect(bySlug.size).toBe(0);
      const all = await assertSucceeds(getDocs(query(articles, where("published", "==", true))));
      expect(all.docs.map((d) => d.id)).not.toContain("scheduled");
      const counted = await assertSucceeds(getCountFromServer(query(articles, where("published", "==", true))));
      expect(counted.data().count).toBe(all.size);
    });
  });

  it("accepts the blog list's live query, which leaves the scheduled article out", async () => {
    const live = await assertSucceeds(
      getDocs(
        query(
          collection(client(), "blogMetaData"),
          where("published", "==", true),
          where("lastUpdate", ">", Timestamp.fromMillis(Date.now() - 2 * HOUR)),
          orderBy("lastUpdate", "desc"),
        ),
      ),
    );
    expect(live.docs.map((d) => d.id)).toContain("live");
    expect(live.docs.map((d) => d.id)).not.toContain("scheduled");
  });

  it("never lets a client write a schedule or a status", async () => {
    const db = client();
    await assertFails(setDoc(doc(db, "blogMetaData", "scheduled"), { published: true }, { merge: true }));
    await assertFails(setDoc(doc(db, "articleStatus", "scheduled"), { state: "live" }));
  });
});

describe("articleStatus", () => {
  it("is read by editors only", async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), "articleStatus", "scheduled")));
    await assertFails(getDoc(doc(env.authenticatedContext("visitor").firestore(), "articleStatus", "scheduled")));
    const editor = env.authenticatedContext("editor", { editor: true }).firestore();
    const status = await assertSucceeds(getDoc(doc(editor, "articleStatus", "scheduled")));
    expect(status.get("state")).toBe("scheduled");
  });
});
