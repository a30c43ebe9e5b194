import path from "node:path";
import type { GatsbyConfig } from "gatsby";

/** Absolute origin used for canonical links and social tags; override with SITE_URL. */
const siteUrl = (process.env.SITE_URL ?? "https://kindred.app").replace(/\/+$/, "");

const config: GatsbyConfig = {
  siteMetadata: {
    title: "Kindred",
    siteName: "Kindred",
    description:
      "Kindred is the dating app for meaningful connections. Say goodbye to swiping endlessly and meet people who want what you want.",
    siteUrl,
    image: "/og-image.jpg",
  },
  // Routes have no trailing slash (/terms, /blog; see docs/requirements/routes-and-shared.md, Routes);
  // firebase.json agrees.
  trailingSlash: "never",
  // Types of every query's result (Queries.<Name>Query) in src/gatsby-types.d.ts, which is committed
  // (docs/commands.md, Typed queries). `gatsby develop` rewrites it as queries change; a production build
  // writes it only when TYPEGEN_ON_BUILD=true, as npm test sets it, which then fails if the file changed.
  // The other builds (npm run build, the rebuild service) skip it: about 0.7 s of each build.
  // Queries in src/ are found by Gatsby itself; those the build's own steps run are in src/node/.
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    documentSearchPaths: ["./gatsby-node.ts", "./plugins/**/gatsby-node.ts", "./src/node/**/*.ts"],
    generateOnBuild: process.env.TYPEGEN_ON_BUILD === "true",
  },
  plugins: [
    "gatsby-plugin-react-helmet",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    // The site's own illustrations (hero, about), processed into sizes and formats at build time.
    { resolve: "gatsby-source-filesystem", options: { name: "images", path: path.join(__dirname, "src", "images") } },
    // The Terms, Privacy and Safety texts as Markdown (content/legal), rendered by src/components/legal.
    // Plain CommonMark: no GFM autolinks or tables, no footnotes; the renderer refuses anything else.
    { resolve: "gatsby-source-filesystem", options: { name: "legal", path: path.join(__dirname, "content", "legal") } },
    { resolve: "gatsby-transformer-remark", options: { gfm: false, footnotes: false } },
    {
      // Our local plugin (plugins/gatsby-source-firestore): Firestore when a project is configured,
      // otherwise the sample articles in content/blog, the embedded default.
      resolve: "gatsby-source-firestore",
      options: {
        types: [{ type: "BlogPost", collection: "blogMetaData" }],
        firebaseConfig: {
          projectId: process.env.GATSBY_FIREBASE_PROJECT_ID ?? "",
          apiKey: process.env.GATSBY_FIREBASE_API_KEY ?? "",
          appId: process.env.GATSBY_FIREBASE_APP_ID ?? "",
          authDomain: process.env.GATSBY_FIREBASE_AUTH_DOMAIN ?? "",
          storageBucket: process.env.GATSBY_FIREBASE_STORAGE_BUCKET ?? "",
        },
        // The build downloads covers only over https from the project's Firebase Storage, this site,
        // and COVER_IMAGE_HOSTS (comma-separated host[:port][/path/] entries).
        allowedImageHosts: [
          siteUrl.replace(/^[a-z]+:\/\//i, "").split("/")[0] ?? "",
          ...(process.env.COVER_IMAGE_HOSTS ?? "").split(","),
        ]
          .map((host) => host.trim())
          .filter(Boolean),
        // The names this site's Editor.js configuration gave tools and tunes whose names differ from
        // the tools' own READMEs, e.g. { link: "linkTool", callout: "warning", variant: "textVariant" }
        // (docs/editor-blocks.md). A block under a name no tool has is left out with a build warning.
        editorToolNames: {},
        // Tests only: their image servers answer over http on 127.0.0.1.
        allowInsecureImageHosts: process.env.ALLOW_INSECURE_IMAGE_HOSTS === "true",
        // The build may reach the emulator at another address than the browser does (a container
        // network, or the read-counting proxy of the end-to-end tests): FIRESTORE_EMULATOR_HOST wins here.
        emulatorHost: process.env.FIRESTORE_EMULATOR_HOST || process.env.GATSBY_FIRESTORE_EMULATOR_HOST || "",
        localContentDir: path.join(__dirname, "content", "blog"),
      },
    },
  ],
};

export default config;
