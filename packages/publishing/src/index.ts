// @kindred/publishing: the code the rebuild service (webhook/server.ts) and the Cloud Functions
// (webhook/trigger) share. Both import it by this name only; the functions' build bundles it into
// their deployable folder (webhook/trigger/build.ts), the service runs it as it is on Node 24.

// Signed requests: the functions and the service's notifications sign, the service verifies.
export {
  ID_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  TOLERANCE_SECONDS,
  sign,
  signRequest,
  signedContent,
  verify,
  verifyRequest,
  type SignOptions,
  type Verification,
} from "./signature.ts";

// The one writer of articleStatus/{id}: the service's build states and the job's scheduling states.
export {
  articleStatusData,
  nextState,
  writeArticleStatus,
  type ArticleState,
  type ArticleStatus,
  type ArticleStatusUpdate,
  type BlockLeftOut,
  type StatusReason,
  type WriteOptions,
} from "./article-status-writer.ts";

// Scheduled publishing: what is due (plan), the job one clock runs, its states, its Firestore store.
export {
  FIELD_OF,
  blogIdOf,
  changeFor,
  decide,
  instantOf,
  type Change,
  type Decision,
  type ScheduleKind,
} from "./schedule/plan.ts";
export {
  handedToBuild,
  scheduleCleared,
  scheduleFailed,
  scheduledStatus,
  shownInstant,
  unpublishPlanned,
  type StatusUpdate,
} from "./schedule/status.ts";
export {
  runScheduleJob,
  type ApplyOutcome,
  type Candidate,
  type JobOptions,
  type JobResult,
  type RequestRebuild,
  type ScheduleStore,
  type StatusMemo,
} from "./schedule/job.ts";
export { firestoreScheduleStore } from "./schedule/firestore-store.ts";
