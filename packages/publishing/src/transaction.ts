// One way to run a Firestore transaction for every server-side writer (the scheduling job, the
// status writer, the editors' callables and the trigger).
//
// The Admin SDK already retries a transaction that loses a race: production Firestore answers
// ABORTED, and the SDK starts again from the first read. The Cloud Firestore emulator, which
// `npm run emulators` and every integration test use, sometimes answers a lost race differently:
// it closes the loser's transaction, and the SDK's retry of it is refused with INVALID_ARGUMENT
// "Transaction is invalid or closed.", which the SDK does not retry. Two clocks applying one
// schedule at the same moment met it about once in twenty contended pairs. Here that answer is
// treated as the lost race it is: the whole transaction runs again, in a fresh one.
import type { Firestore, Transaction } from "firebase-admin/firestore";

/** gRPC's INVALID_ARGUMENT. */
const INVALID_ARGUMENT = 3;
/** How many fresh transactions after the first; each already has the SDK's own retries within it. */
export const CLOSED_TRANSACTION_RETRIES = 4;

/** True for the emulator's "this transaction was closed under you" answer, and nothing else. */
export function isClosedTransaction(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === INVALID_ARGUMENT && typeof message === "string" && /Transaction is invalid or closed/.test(message);
}

/** `db.runTransaction(work)`, run again in a fresh transaction when the emulator closed the first. */
export async function runTransaction<T>(
  db: Pick<Firestore, "runTransaction">,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await db.runTransaction(work);
    } catch (error) {
      if (retry >= CLOSED_TRANSACTION_RETRIES || !isClosedTransaction(error)) throw error;
    }
  }
}
