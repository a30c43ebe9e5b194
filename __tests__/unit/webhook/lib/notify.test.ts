/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigError, loadConfig } from "../../../../webhook/lib/config.ts";
import { notification, notificationText, sendNotification } from "../../../../webhook/lib/notify.ts";
import { verifyRequest } from "@kindred/publishing";

const SECRET = "notify-secret-0123456789abcdefghijklmnop";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function receiver(status = 204): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const published = notification({
  type: "build.published",
  buildId: "20260201T100000000Z-abc123",
  reason: "firestore",
  at: "2026-02-01T10:00:00.000Z",
  live: [{ id: "a", title: "First dates", url: "https://kindred.app/blogarticle/first-dates" }],
  notPublished: [{ id: "b", reasons: ['slug must match ^[a-z0-9]+(-[a-z0-9]+)*$ (got "Bad")'] }],
});

describe("notifications", () => {
  it("posts the event signed over its raw body, verifiable with the shared signature scheme", async () => {
    const hook = await receiver();
    try {
      expect(await sendNotification(hook.url, SECRET, published)).toBe(true);
      const [{ headers, body }] = hook.received as [Received];
      expect(headers["content-type"]).toBe("application/json");
      expect(verifyRequest(headers, body, SECRET)).toMatchObject({ ok: true });
      expect(verifyRequest(headers, body, "another-secret-0123456789abcdefghijk")).toMatchObject({ ok: false });
      expect(verifyRequest(headers, body.replace("First", "Last"), SECRET)).toMatchObject({ ok: false });
      expect(JSON.parse(body)).toEqual(published);
    } finally {
      await hook.close();
    }
  });

  it("names what went live and what was not published, and why, in plain text", () => {
    expect(published.text).toBe(
      "Build 20260201T100000000Z-abc123 (firestore) is published.\n" +
        "Live: First dates https://kindred.app/blogarticle/first-dates\n" +
        'Not published: b (slug must match ^[a-z0-9]+(-[a-z0-9]+)*$ (got "Bad"))',
    );
    expect(
      notificationText({
        type: "build.failed",
        buildId: "x",
        reason: "manual",
        at: "",
        live: [],
        notPublished: [],
        error: "The build command exited with code 1.",
      }),
    ).toBe("Build x (manual) failed: The build command exited with code 1. The published site is unchanged.");
    expect(
      notificationText({
        type: "build.started",
        buildId: "x",
        reason: "r",
        at: "",
        live: [],
        notPublished: [],
        carried: ["a"],
      }),
    ).toBe("Build x (r) started, carrying 1 article.");
  });

  it("logs a receiver that refuses or is down, and resolves rather than throwing", async () => {
    const hook = await receiver(500);
    const log = jest.fn();
    try {
      expect(await sendNotification(hook.url, SECRET, published, { log })).toBe(false);
      expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/refused by the receiver: HTTP 500/));
    } finally {
      await hook.close();
    }
    expect(await sendNotification(hook.url, SECRET, published, { log, timeoutMs: 2000 })).toBe(false);
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/not delivered/));
  });
});

describe("NOTIFY_URL and NOTIFY_SECRET", () => {
  const base = { REBUILD_SECRET: "Vq3-x9Lm2Rt8bZ4kW7nP0cY5hJ6dF1sA", PUBLISH_DIR: "/srv/site" };

  it("notifies nobody by default", () => {
    expect(loadConfig(base)).toMatchObject({ notifyUrl: "", notifySecret: "" });
  });

  it("needs a secret of its own: missing, short, or the rebuild secret are refused", () => {
    const url = { NOTIFY_URL: "https://hooks.example/x" };
    expect(() => loadConfig({ ...base, ...url })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...url, NOTIFY_SECRET: "short" })).toThrow(/NOTIFY_SECRET/);
    expect(() => loadConfig({ ...base, ...url, NOTIFY_SECRET: base.REBUILD_SECRET })).toThrow(/not to REBUILD_SECRET/);
    expect(loadConfig({ ...base, ...url, NOTIFY_SECRET: SECRET })).toMatchObject({ notifySecret: SECRET });
  });

  it("refuses a NOTIFY_URL that is not http(s)", () => {
    expect(() => loadConfig({ ...base, NOTIFY_URL: "file:///etc/passwd", NOTIFY_SECRET: SECRET })).toThrow(
      /NOTIFY_URL must be an http\(s\) URL/,
    );
  });
});
