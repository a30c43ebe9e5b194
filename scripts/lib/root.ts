// The project's root folder, found from this file's location rather than the working directory.
// Only the scripts use it: the test runners compile shared modules to CommonJS, where import.meta
// does not exist, so the other modules of scripts/lib/ take the root as an argument instead.
import path from "node:path";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
