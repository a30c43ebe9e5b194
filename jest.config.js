// Two projects: fast unit tests in jsdom, and integration tests against a real Firestore emulator
// that the project's global set-up starts and tears down.
const shared = {
  transform: { "^.+\\.m?[jt]sx?$": "<rootDir>/jest.preprocess.ts" },
  moduleNameMapper: {
    // The article core's whole entry, components included, in every environment: under Jest's "node"
    // condition the package would resolve to the part Node itself can load (packages/article/package.json).
    "^@kindred/article$": "<rootDir>/packages/article/src/index.ts",
    "\\.css$": "identity-obj-proxy",
    "\\.(webp|png|jpg|svg)$": "<rootDir>/__tests__/support/file-mock.ts",
  },
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public"],
  globals: { __PATH_PREFIX__: "", __BASE_PATH__: "" },
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "unit",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/__tests__/unit/**/*.test.[jt]s?(x)"],
      setupFilesAfterEnv: ["<rootDir>/__tests__/support/setup-unit.ts"],
    },
    {
      ...shared,
      displayName: "integration",
      testEnvironment: "node",
      testMatch: ["<rootDir>/__tests__/integration/**/*.test.[jt]s?(x)"],
      globalSetup: "<rootDir>/__tests__/support/emulator-global-setup.ts",
      globalTeardown: "<rootDir>/__tests__/support/emulator-global-teardown.ts",
      setupFilesAfterEnv: ["<rootDir>/__tests__/support/setup-integration.ts"],
    },
  ],
};
