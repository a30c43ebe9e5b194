// @kindred/article: what an article is, in one place. The site's build, its browser code, the source
// plugin, the functions and the editors' console import this entry by name, never a file behind it
// (the lint rule local/import-direction refuses deep imports); the package imports nothing else of the
// repository. `sideEffects: false` in package.json lets a bundle keep only the exports it uses.
//
// Bundlers (webpack, Vite, esbuild, Gatsby's Parcel through the root package.json's "alias") and Jest
// load this file. Node running TypeScript itself cannot read JSX, so under the "node" condition the
// name resolves to without-components.ts: the same exports less the React components below.
export * from "./without-components.ts";

// The React components that draw a body: one per block type behind BlockList, classes from the context.
export { BlockList } from "./components/BlockList.tsx";
export { BodyClassesProvider, useBodyClasses, FeedModeContext, type BodyClasses } from "./components/body-classes.ts";
export { EMBED_FRAME, EMBED_SRC_ATTRIBUTE, EMBED_TITLE_ATTRIBUTE, activateEmbeds } from "./components/embed-frame.ts";
