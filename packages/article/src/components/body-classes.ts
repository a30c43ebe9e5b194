import * as React from "react";

/**
 * The class names the blocks ask for. On the site they come from article-body.module.css; in the
 * feed there are none (a feed reader has no stylesheet of ours), so every class is left off.
 */
export type BodyClasses = Readonly<Record<string, string | undefined>>;

const BodyClassesContext = React.createContext<BodyClasses>({});

export const BodyClassesProvider = BodyClassesContext.Provider;

/** The class names of the article body being rendered. */
export function useBodyClasses(): BodyClasses {
  return React.useContext(BodyClassesContext);
}

/** Whether the body is rendered for a feed reader: embeds become links, nothing interactive. */
export const FeedModeContext = React.createContext(false);
