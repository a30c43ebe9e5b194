import * as React from "react";
import { replaceHydrateFunction } from "../../gatsby-browser";

// The page is hydrated in slices: when rendering it takes longer than one of React's slices (5 ms),
// other tasks run before it is done. Each item below costs 2 ms to render, 40 ms in all.
const ITEMS = 20;
const RENDER_MS = 2;

let firstRenderAtTick: number | undefined;
let ticks = 0;

function Slow({ index }: { index: number }) {
  // Slow renders only while the page is hydrated: the server's HTML below is written out by hand.
  firstRenderAtTick ??= ticks;
  const until = performance.now() + RENDER_MS;
  while (performance.now() < until) {
    // Stands for a component that takes a while to render.
  }
  return <li>{`Item ${index}`}</li>;
}

/** Calls onCommit when React commits the hydrated page (a layout effect runs in the commit itself). */
function Page({ onCommit }: { onCommit: () => void }) {
  React.useLayoutEffect(onCommit, [onCommit]);
  return (
    <ul>
      {Array.from({ length: ITEMS }, (_, index) => (
        <Slow key={index} index={index} />
      ))}
    </ul>
  );
}

it("hydrates the page in slices that let other tasks run, instead of in one long task", async () => {
  const container = document.createElement("div");
  // What the server rendered for <Page>.
  container.innerHTML = `<ul>${Array.from({ length: ITEMS }, (_, index) => `<li>Item ${index}</li>`).join("")}</ul>`;
  document.body.append(container);

  // A task that comes back as often as the event loop lets it, counting its turns.
  let counting = true;
  const tick = (): void => {
    if (!counting) return;
    ticks += 1;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);

  const hydrate = replaceHydrateFunction!({} as never, {} as never) as unknown as (
    element: JSX.Element,
    container: Element,
  ) => void;
  const committed = new Promise<number>((resolve) => hydrate(<Page onCommit={() => resolve(ticks)} />, container));
  const ticksAtCommit = await committed;
  counting = false;

  expect(container.querySelectorAll("li")).toHaveLength(ITEMS);
  expect(firstRenderAtTick).toBeDefined();
  // Other tasks ran between the first item's render and the commit.
  expect(ticksAtCommit - firstRenderAtTick!).toBeGreaterThan(0);
});
