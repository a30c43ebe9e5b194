import * as React from "react";
import { render, screen } from "@testing-library/react";
import {
  BodyClassesProvider,
  FeedModeContext,
  useBodyClasses,
} from "../../../../../../packages/article/src/components/body-classes";

function Probe(): JSX.Element {
  const classes = useBodyClasses();
  const forFeed = React.useContext(FeedModeContext);
  return <output>{JSON.stringify({ classes, forFeed })}</output>;
}

describe("the body's classes", () => {
  it("are the ones the site provides, read by every block inside", () => {
    render(
      <BodyClassesProvider value={{ quote: "k1a2b3c" }}>
        <Probe />
      </BodyClassesProvider>,
    );
    expect(JSON.parse(screen.getByRole("status").textContent!)).toEqual({
      classes: { quote: "k1a2b3c" },
      forFeed: false,
    });
  });

  it("are none without a provider, as in the feed, which says so through FeedModeContext", () => {
    render(
      <FeedModeContext.Provider value>
        <Probe />
      </FeedModeContext.Provider>,
    );
    expect(JSON.parse(screen.getByRole("status").textContent!)).toEqual({ classes: {}, forFeed: true });
  });
});
