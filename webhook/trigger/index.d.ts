import type { CloudFunction } from "firebase-functions/v2";
import type { Change, DocumentSnapshot, FirestoreEvent } from "firebase-functions/v2/firestore";

/** Firestore trigger on `blogMetaData/{id}` that asks the rebuild webhook for a debounced, signed rebuild. */
export declare const requestRebuild: CloudFunction<FirestoreEvent<Change<DocumentSnapshot> | undefined, { id: string }>>;
