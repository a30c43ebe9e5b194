// @kindred/publishing: the code the rebuild service (webhook/server.ts) and the Cloud Functions
// (webhook/trigger) share, and the build's report that the site's build writes for the service. All
// import it by this name only; the functions' build bundles it into their deployable folder
// (webhook/trigger/build.ts), the service and the site's build run it as it is on Node 24.

// The build's report for editors: written by the site's build (the source plugin, the image store), read
// by the service when the build ends.
export {
  REPORT_DIR_VARIABLE,
  readReport,
  recordEntry,
  recordProblem,
  reportFile,
  reportFileIn,
  type BuildReport,
  type ReportEntry,
  type ReportedArticle,
  type ReportedBlock,
  type ReportedReason,
} from "./build-report.ts";

// The items of the site's feed, for the fast lane and a take-down, which change one or take some out.
export { feedItems, type FeedItem } from "./feed-items.ts";

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
export { CLOSED_TRANSACTION_RETRIES, isClosedTransaction, runTransaction } from "./transaction.ts";

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
  SCHEDULE_JOB,
  blogIdOf,
  changeFor,
  decide,
  instantOf,
  publishedTooEarly,
  writtenBySchedule,
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
  unpublishCancelled,
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
export { firestoreScheduleStore, holdBackEarly, writeScheduleStatus } from "./schedule/firestore-store.ts";
