// What an imported image or other asset file is in unit tests (jest.config.js maps them here).
export default "test-file-stub";
