import { CLOSED_TRANSACTION_RETRIES, isClosedTransaction, runTransaction } from "@kindred/publishing";

// The emulator's answer to a transaction that lost a race (see transaction.ts): the whole
// transaction runs again. Anything else, and a closed transaction past the limit, is thrown as is.

const closed = () => Object.assign(new Error("3 INVALID_ARGUMENT: Transaction is invalid or closed."), { code: 3 });

/** A database whose runTransaction fails with the given errors first, then runs the work. */
function failingFirst(errors: Error[]) {
  const calls: number[] = [];
  return {
    calls,
    runTransaction: (async (work: (transaction: never) => Promise<unknown>) => {
      calls.push(calls.length);
      const error = errors.shift();
      if (error !== undefined) throw error;
      return work(undefined as never);
    }) as never,
  };
}

describe("runTransaction", () => {
  it("runs the work again in a fresh transaction when the emulator closed the first", async () => {
    const db = failingFirst([closed(), closed()]);
    await expect(runTransaction(db, async () => "done")).resolves.toBe("done");
    expect(db.calls).toHaveLength(3);
  });

  it("gives up after its retries, with the emulator's error", async () => {
    const db = failingFirst(Array.from({ length: CLOSED_TRANSACTION_RETRIES + 1 }, closed));
    await expect(runTransaction(db, async () => "done")).rejects.toThrow("Transaction is invalid or closed");
    expect(db.calls).toHaveLength(CLOSED_TRANSACTION_RETRIES + 1);
  });

  it("throws any other error at once, whatever its code", async () => {
    const other = Object.assign(
      new Error("3 INVALID_ARGUMENT: Value for argument is not a valid Firestore document."),
      {
        code: 3,
      },
    );
    const db = failingFirst([other]);
    await expect(runTransaction(db, async () => "done")).rejects.toBe(other);
    expect(db.calls).toHaveLength(1);
    const work = failingFirst([]);
    await expect(
      runTransaction(work, async () => {
        throw new Error("the work's own refusal");
      }),
    ).rejects.toThrow("the work's own refusal");
    expect(work.calls).toHaveLength(1);
  });
});

describe("isClosedTransaction", () => {
  it("knows the emulator's closed transaction by code and words together", () => {
    expect(isClosedTransaction(closed())).toBe(true);
    expect(isClosedTransaction({ code: 10, message: "Transaction is invalid or closed." })).toBe(false);
    expect(isClosedTransaction({ code: 3, message: "Transaction has expired." })).toBe(false);
    expect(isClosedTransaction("Transaction is invalid or closed.")).toBe(false);
    expect(isClosedTransaction(null)).toBe(false);
  });
});
