/** @jest-environment node */
import { runMinute } from "../../../../../../webhook/trigger/src/schedule/function.ts";
import {
  MapStore,
  SECOND,
  MINUTE,
  T0,
  advanceTo,
  rebuildRecorder,
  stamp,
} from "../../../../../support/schedule-map-store";

// Scheduled publishing's Cloud Function: each run covers the minute ahead, on a fake clock (Jest's
// timers and Date), with a map for Firestore (support/schedule-map-store.ts).
let store: MapStore;
let rebuilds: { documents: string[]; at: number }[];
let requestRebuild: (documents: string[]) => Promise<string>;

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  store = new MapStore();
  ({ rebuilds, requestRebuild } = rebuildRecorder());
});

afterEach(() => jest.useRealTimers());

test("the Cloud Function's minute carries out each instant of the minute ahead at that instant", async () => {
  store.save("at-10", { publishAt: stamp(T0 + 10 * SECOND) });
  store.save("at-40", { publishAt: stamp(T0 + 40 * SECOND) });
  store.save("next-minute", { publishAt: stamp(T0 + 70 * SECOND) });
  const done = runMinute({ store, requestRebuild });
  await advanceTo(T0 + MINUTE);
  const results = await done;
  expect(results.flatMap((result) => result.published)).toEqual(["at-10", "at-40"]);
  expect(rebuilds).toEqual([
    { documents: ["at-10"], at: T0 + 10 * SECOND },
    { documents: ["at-40"], at: T0 + 40 * SECOND },
  ]);
  expect(store.published("next-minute")).toBe(false);
});
