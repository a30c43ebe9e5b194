import path from "node:path";
import type { CreateWebpackConfigArgs } from "gatsby";

// Modules whose work is done once the build has written the page, so the production browser bundle
// gets a small stand-in for each (docs/first-load.md). The HTML renderer and `gatsby develop` keep
// the real ones.
// - BuiltArticleBody.tsx renders a built article's body through every block renderer; the browser
//   keeps the HTML it was sent, and loads the renderers only when it must draw a body itself.
// - PageHead.tsx writes the page's head with react-helmet (kept by the owner's decision); the browser
//   has the first page's head from the build, and fetches the same react-helmet when a head must change.

/** Each replaced module and its stand-in, relative to the site. */
export const BROWSER_STAND_INS: Record<string, string> = {
  "src/components/article-body/BuiltArticleBody.tsx": "src/components/article-body/BuiltArticleBody.browser.tsx",
  "src/components/layout/PageHead.tsx": "src/components/layout/PageHead.browser.tsx",
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The webpack plugins that swap the stand-ins in, for the site in `root`. */
export function browserStandIns(
  root: string,
  plugins: Pick<CreateWebpackConfigArgs["plugins"], "normalModuleReplacement">,
): unknown[] {
  return Object.entries(BROWSER_STAND_INS).map(([original, standIn]) =>
    plugins.normalModuleReplacement(
      // Matched against the resolved file (the imports name it without its extension).
      new RegExp(`${escape(path.join(root, original))}$`),
      path.join(root, standIn),
    ),
  );
}
