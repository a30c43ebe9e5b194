import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom leaves out the encoders that browsers and Node both have; React's server renderer (the feed
// renders article bodies with it) needs them.
Object.assign(globalThis, {
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  TextDecoder: globalThis.TextDecoder ?? TextDecoder,
});
