/** @jest-environment node */
import { inPool } from "../../../../../src/node/image-store/pool.ts";

/** Runs inPool over `items`, each taking `ms[item]`, and says what happened when. */
async function run(items: number[], concurrency: number) {
  const started: number[] = [];
  let active = 0;
  let most = 0;
  let done = 0;
  await inPool(
    items,
    concurrency,
    async (item) => {
      started.push(item);
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, item));
      active -= 1;
    },
    () => (done += 1),
  );
  return { started, most, done };
}

describe("inPool", () => {
  it("works through every item, in the list's order, with at most `concurrency` at once", async () => {
    const { started, most, done } = await run([30, 5, 5, 5, 20, 5], 2);
    expect(started).toEqual([30, 5, 5, 5, 20, 5]);
    expect(most).toBe(2);
    expect(done).toBe(6);
  });

  it("starts no more workers than there are items, and at least one", async () => {
    expect((await run([5, 5], 8)).most).toBe(2);
    expect(await run([5, 5, 5], 0)).toEqual({ started: [5, 5, 5], most: 1, done: 3 });
  });

  it("does nothing for no items", async () => {
    const work = jest.fn();
    await inPool([], 4, work);
    expect(work).not.toHaveBeenCalled();
  });

  it("fails as the first failing item fails, when work does not catch it", async () => {
    await expect(
      inPool([1, 2, 3], 1, async (item) => {
        if (item === 2) throw new Error("item 2 failed");
      }),
    ).rejects.toThrow("item 2 failed");
  });
});
