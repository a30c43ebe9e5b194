/**
 * Runs `work` over `items` with at most `concurrency` at once, in order of the list; `onDone`
 * hears of each item as it finishes. A failure of one item is the caller's to catch inside `work`.
 */
export async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  onDone: () => void = () => undefined,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
