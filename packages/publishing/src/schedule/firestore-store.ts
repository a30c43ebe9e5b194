// The scheduling job's view of Firestore through the Admin SDK (server credentials: the rules do
// not apply). Queries use one range on one field each, which Firestore's automatic single-field
// indexes answer, so no composite index is needed; `apply` settles the rest in a transaction.
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
} from "firebase-admin/firestore";
import { writeArticleStatus } from "../article-status-writer.ts";
import type { ApplyOutcome, Candidate, ScheduleStore } from "./job.ts";
import { changeFor, decide, FIELD_OF, instantOf, type ScheduleKind } from "./plan.ts";

const KINDS: ScheduleKind[] = ["publish", "unpublish"];

const label = (data: DocumentData): { title?: string; slug?: string } => ({
  ...(typeof data.title === "string" ? { title: data.title } : {}),
  ...(typeof data.slug === "string" ? { slug: data.slug } : {}),
});

const instant = (ms: number | null | undefined): Date | null | undefined =>
  ms === null || ms === undefined ? ms : new Date(ms);

export function firestoreScheduleStore(db: Firestore): ScheduleStore {
  const meta = db.collection("blogMetaData");
  // The documents of `kind` whose state `keep` accepts, as candidates (an instant that is not a
  // Timestamp never matches a range on Timestamps, so it is not found here).
  const candidates = (
    kind: ScheduleKind,
    docs: QueryDocumentSnapshot[],
    keep: (data: DocumentData) => boolean,
  ): Candidate[] =>
    docs.flatMap((snapshot) => {
      const at = instantOf(snapshot.get(FIELD_OF[kind]));
      return at === null || !keep(snapshot.data()) ? [] : [{ id: snapshot.id, kind, at, ...label(snapshot.data()) }];
    });

  return {
    async due(now) {
      const found: Candidate[] = [];
      for (const kind of KINDS) {
        const snapshot = await meta.where(FIELD_OF[kind], "<=", Timestamp.fromMillis(now)).get();
        // Only documents in the state the kind changes: a publish of a published article is done.
        found.push(...candidates(kind, snapshot.docs, (data) => decide(kind, data, now).due));
        // A plan saved as text ("2027-02-14 07:00", no time zone) is never due: apply reports it.
        const text = await meta.where(FIELD_OF[kind], ">=", "").get();
        found.push(...text.docs.map((d) => ({ id: d.id, kind, at: Number.NaN, ...label(d.data()) })));
      }
      return found;
    },

    async upcoming(now, limit) {
      const found: Candidate[] = [];
      for (const kind of KINDS) {
        const field = FIELD_OF[kind];
        const ahead = meta.where(field, ">", Timestamp.fromMillis(now)).orderBy(field).limit(limit);
        // Pages on until `limit` schedules that change something are found: the limit counts what
        // the query reads, so no-op plans (a publish of a published article) must not use it up.
        const kept: Candidate[] = [];
        let page = await ahead.get();
        for (;;) {
          kept.push(...candidates(kind, page.docs, (data) => data.published === (kind === "unpublish")));
          const last = page.docs.at(-1);
          if (kept.length >= limit || page.size < limit || last === undefined) break;
          page = await ahead.startAfter(last).get();
        }
        found.push(...kept.slice(0, limit));
      }
      return found.sort((a, b) => a.at - b.at);
    },

    async apply(candidate, now): Promise<ApplyOutcome> {
      return db.runTransaction(async (transaction) => {
        const metaRef = meta.doc(candidate.id);
        // Read again at the moment of acting: moved, cleared or done since the query means no.
        const change = changeFor(candidate.kind, (await transaction.get(metaRef)).data(), now);
        if (!("blogId" in change)) return { applied: false, ...change };
        const postRef = db.collection("blog").doc(change.blogId);
        if (!(await transaction.get(postRef)).exists)
          return { applied: false, problem: `blog/${change.blogId} does not exist` };
        transaction.update(metaRef, {
          published: change.published,
          [change.clear]: FieldValue.delete(),
          ...(change.lastUpdate === undefined ? {} : { lastUpdate: Timestamp.fromMillis(change.lastUpdate) }),
        });
        transaction.update(postRef, { published: change.published });
        return { applied: true };
      });
    },

    async shownScheduled() {
      const snapshot = await db.collection("articleStatus").where("state", "==", "scheduled").get();
      return snapshot.docs.map((d) => d.id);
    },

    async shownUnpublishPlanned() {
      // Ordering by the field finds exactly the documents that have it; no field is read but the id.
      const snapshot = await db.collection("articleStatus").orderBy("unpublishAt").select().get();
      return snapshot.docs.map((d) => d.id);
    },

    async read(id) {
      return (await meta.doc(id).get()).data();
    },

    async writeStatus(id, update) {
      const { over, publishAt, unpublishAt, ...rest } = update;
      const status = { ...rest, publishAt: instant(publishAt), unpublishAt: instant(unpublishAt) };
      await writeArticleStatus(db, id, status, over ? { over } : {});
    },
  };
}
