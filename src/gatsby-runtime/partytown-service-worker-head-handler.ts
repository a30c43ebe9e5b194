// Stands in, in the production browser bundle only, for three modules of Gatsby's browser runtime
// that this site never runs (src/node/browser-stand-ins.ts swaps them in):
// - partytown: gatsby/dist/internal-plugins/partytown/gatsby-browser.js, the browser side of Gatsby's
//   internal Partytown plugin, which only acts in `gatsby develop` but pulls gatsby-script and
//   Partytown into every page;
// - service worker: .cache/register-service-worker.js, required only when a plugin asks for a
//   service worker (none does: no gatsby-plugin-offline);
// - head handler: .cache/head/head-export-handler-for-browser.js, the handler of the Gatsby Head API,
//   which no page uses: page heads come from react-helmet (src/components/layout/Seo.tsx). A unit
//   test keeps pages from exporting `Head`.

/** The Head API handler: with no page exporting `Head`, there is nothing to put into the head. */
// Plain JavaScript syntax: webpack compiles it with the loaders of the module it replaces.
export function headHandlerForBrowser() {}
