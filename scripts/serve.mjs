// Serves the production build in public/ with the hosting rules of firebase.json (rewrites,
// headers, clean URLs), compressed, as Firebase Hosting would. `npm start` and the tests use it.
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import superstaticServer from "superstatic/lib/server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Starts the server; resolves with its URL and a close function. Port 0 picks a free port. */
export function startServer({ port = 9000, host = "127.0.0.1", publicDir = path.join(root, "public") } = {}) {
  if (!existsSync(path.join(publicDir, "index.html"))) {
    throw new Error(`No production build in ${publicDir}: run "npm run build" first.`);
  }
  const { hosting } = JSON.parse(readFileSync(path.join(root, "firebase.json"), "utf8"));
  const app = superstaticServer({
    port,
    hostname: host,
    cwd: root,
    config: { ...hosting, public: path.relative(root, publicDir) || "." },
    compression: true,
  });
  return new Promise((resolve, reject) => {
    const server = app.listen(() => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
    server.on("error", reject);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const port = Number(process.env.PORT ?? 9000);
  startServer({ port, ...(process.env.PUBLIC_DIR ? { publicDir: path.resolve(process.env.PUBLIC_DIR) } : {}) })
    .then(({ url }) => console.log(`Serving the production build at ${url} (Ctrl+C to stop)`))
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
