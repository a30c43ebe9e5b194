import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom leaves out the encoders that browsers and Node both have; React's server renderer (the feed
// renders article bodies with it) needs them.
Object.assign(globalThis, {
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  TextDecoder: globalThis.TextDecoder ?? TextDecoder,
});

// The site's metadata, which webpack writes into every bundle (SITE_METADATA_GLOBAL in src/node/webpack.ts),
// as __mocks__/gatsby.ts's static queries answer it.
Object.assign(globalThis, {
  __SITE_METADATA__: {
    title: "Kindred",
    siteName: "Kindred",
    description: "Kindred is the dating app for meaningful connections.",
    siteUrl: "https://kindred.test",
    image: "/og-image.jpg",
  },
});
