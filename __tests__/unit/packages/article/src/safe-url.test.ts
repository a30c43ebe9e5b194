import {
  checkCoverUrl,
  checkedUrl,
  IMAGE_URL,
  isPrivateHost,
  LINK_URL,
  storageImageHosts,
} from "../../../../../packages/article/src/safe-url";

describe("isPrivateHost", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "localhost",
    "LOCALHOST.",
    "api.localhost",
    "[::1]",
    "[::]",
    "[fc00::1]",
    "[fd12:3456::1]",
    "[fe80::1]",
    "[::ffff:7f00:1]",
    "[::ffff:a00:1]",
  ])("%s is private", (host) => {
    expect(isPrivateHost(host)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "172.32.0.1",
    "172.15.0.1",
    "192.169.0.1",
    "firebasestorage.googleapis.com",
    "[2001:db8::1]",
    "[::ffff:808:808]",
    "localhost.example",
  ])("%s is public", (host) => {
    expect(isPrivateHost(host)).toBe(false);
  });

  it("sees through the numeric forms the URL parser accepts", () => {
    for (const form of [
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://127.1/",
      "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    ]) {
      expect(isPrivateHost(new URL(form).hostname)).toBe(true);
    }
  });
});

describe("checkCoverUrl", () => {
  const policy = { hosts: storageImageHosts("kindred-prod"), allowInsecure: false };

  it("accepts https from the project's storage, written as the parser writes it", () => {
    expect(
      checkCoverUrl(
        " HTTPS://FirebaseStorage.GoogleAPIs.com/v0/b/kindred-prod.appspot.com/o/a.webp?alt=media ",
        policy,
      ),
    ).toEqual({
      url: "https://firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/o/a.webp?alt=media",
    });
  });

  it.each([
    ["plain http", "http://firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/o/a.webp"],
    ["another port", "https://firebasestorage.googleapis.com:8443/v0/b/kindred-prod.appspot.com/o/a.webp"],
    ["another bucket", "https://firebasestorage.googleapis.com/v0/b/other.appspot.com/o/a.webp"],
    ["a site path", "/blog-images/a.webp"],
    ["a backslash form", "/\\firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/o/a.webp"],
    ["a protocol-relative form", "//firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/o/a.webp"],
    ["credentials", "https://u:p@firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/o/a.webp"],
    ["a loopback address", "https://127.0.0.1/a.webp"],
    ["an IPv6 loopback address", "https://[::1]/a.webp"],
    [
      "a host that only ends like an allowed one",
      "https://evilfirebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/o/a.webp",
    ],
  ])("refuses %s", (_case, value) => {
    expect(checkCoverUrl(value, policy)).toEqual({ refused: expect.any(String) });
  });

  it("lets a test use its local image server, and nothing else, when insecure hosts are allowed", () => {
    const test = { hosts: [], allowInsecure: true };
    expect(checkCoverUrl("http://127.0.0.1:41234/cover.webp", test)).toEqual({
      url: "http://127.0.0.1:41234/cover.webp",
    });
    expect(checkCoverUrl("http://evil.example/cover.webp", test)).toEqual({ refused: expect.any(String) });
    expect(checkCoverUrl("javascript:alert(1)", test)).toEqual({ refused: expect.any(String) });
  });

  it.each([
    ["a cloud metadata server", "http://169.254.169.254/latest/meta-data/"],
    ["a private network", "http://10.0.0.7/cover.webp"],
    ["a home network", "http://192.168.1.1/cover.webp"],
    ["an IPv6 unique local address", "http://[fd00::1]/cover.webp"],
  ])("keeps %s out even when insecure hosts are allowed", (_case, value) => {
    expect(checkCoverUrl(value, { hosts: [], allowInsecure: true })).toEqual({
      refused: expect.stringContaining("loopback or private address"),
    });
  });

  it("lets a test use any loopback address when insecure hosts are allowed", () => {
    const test = { hosts: [], allowInsecure: true };
    for (const value of ["http://localhost:8080/a.webp", "http://127.0.0.2/a.webp", "http://[::1]:9000/a.webp"])
      expect(checkCoverUrl(value, test)).toEqual({ url: value });
  });
});

describe("checkedUrl", () => {
  it("accepts mailto for links only", () => {
    expect(checkedUrl("mailto:support@kindred.app", LINK_URL)).toBe("mailto:support@kindred.app");
    expect(checkedUrl("mailto:support@kindred.app", IMAGE_URL)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(checkedUrl(undefined, IMAGE_URL)).toBeNull();
    expect(checkedUrl({ toString: () => "https://ok.example/" }, IMAGE_URL)).toBeNull();
  });
});
