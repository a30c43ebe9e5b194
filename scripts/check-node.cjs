// Runs before `npm start` (package.json's prestart). Plain CommonJS with nothing newer than ES2015,
// so an old Node can run it and say why it cannot run the rest: the scripts and the rebuild service
// are TypeScript that only Node 24's type stripping runs, and an older Node fails only after a full
// build, with ERR_UNKNOWN_FILE_EXTENSION. `npm install` is stopped earlier by engine-strict (.npmrc).

const REQUIRED_MAJOR = 24;

/** The sentence to print for Node `version` (like "v20.20.2"), or null when it is recent enough. */
function nodeVersionProblem(version) {
  const major = Number(String(version).replace(/^v/, "").split(".")[0]);
  if (major >= REQUIRED_MAJOR) return null;
  return (
    `This project needs Node.js ${REQUIRED_MAJOR} or later, and this is Node.js ${version}. ` +
    'See "Prerequisites" in README.md for how to install Node.js 24.'
  );
}

if (require.main === module) {
  const problem = nodeVersionProblem(process.version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

module.exports = { nodeVersionProblem };
