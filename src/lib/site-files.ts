// Addresses of files the build writes beside the pages, and the brand colour the manifest and the
// pages' theme-color share: named once, for the code that writes them and the head that links them.

/** The RSS feed of the blog (written by src/node/feed.ts). */
export const FEED_PATH = "/rss.xml";

/** The web app manifest (written by src/node/manifest.ts). */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** The icon iOS shows for the site on a home screen (drawn by src/node/manifest.ts). */
export const APPLE_TOUCH_ICON = "/icons/apple-touch-icon.png";

/** The brand colour: the browser's theme colour and the manifest's. */
export const THEME_COLOR = "#b3124f";
