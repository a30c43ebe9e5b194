// The text-only Gatsby site that `npm run bench:build` measures the site against: what Gatsby
// itself costs for as many pages on this machine at this moment.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../root.ts";

/**
 * A minimal Gatsby site with `count` JSON posts in a new scratch folder: no plugin, a schema of one
 * type, one template, one page per post, node_modules linked from this project.
 */
export function writeBaselineSite(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-baseline-"));
  const files: Record<string, string> = {
    // Gatsby's CLI builds only a folder whose package.json names gatsby; the packages are this project's.
    "package.json": JSON.stringify(
      { name: "bench-baseline", private: true, dependencies: { gatsby: "*", react: "*", "react-dom": "*" } },
      null,
      2,
    ),
    "gatsby-config.ts":
      'import type { GatsbyConfig } from "gatsby";\n\nconst config: GatsbyConfig = { trailingSlash: "never" };\n\nexport default config;\n',
    "gatsby-node.ts": `import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";

const postsDir = path.join(process.cwd(), "content", "posts");

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes("type Post implements Node @dontInfer { slug: String! title: String! date: Date! @dateformat body: [String!]! }");
};

export const sourceNodes: GatsbyNode["sourceNodes"] = ({ actions, createNodeId, createContentDigest }) => {
  for (const file of readdirSync(postsDir)) {
    const post = JSON.parse(readFileSync(path.join(postsDir, file), "utf8")) as { slug: string };
    actions.createNode({ ...post, id: createNodeId(post.slug), parent: null, children: [], internal: { type: "Post", contentDigest: createContentDigest(post) } });
  }
};

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions }) => {
  const result = await graphql<{ allPost: { nodes: { id: string; slug: string }[] } }>("{ allPost { nodes { id slug } } }");
  for (const node of result.data?.allPost.nodes ?? []) {
    actions.createPage({ path: \`/posts/\${node.slug}\`, component: path.resolve("src/templates/post.tsx"), context: { id: node.id } });
  }
};
`,
    "src/templates/post.tsx": `import * as React from "react";
import { graphql, type PageProps } from "gatsby";

export const query = graphql\`
  query Post($id: String!) {
    post(id: { eq: $id }) {
      title
      date(formatString: "MMMM D, YYYY")
      body
    }
  }
\`;

export default function Post({ data }: PageProps<{ post: { title: string; date: string; body: string[] } }>): React.JSX.Element {
  return (
    <main>
      <h1>{data.post.title}</h1>
      <p>{data.post.date}</p>
      {data.post.body.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </main>
  );
}
`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  mkdirSync(path.join(dir, "content", "posts"), { recursive: true });
  for (let i = 0; i < count; i += 1) writeBaselinePost(dir, i);
  symlinkSync(path.join(PROJECT_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

export function writeBaselinePost(dir: string, index: number, edited = ""): void {
  const slug = `post-${String(index).padStart(6, "0")}`;
  const post = {
    slug,
    title: `Post ${index}${edited}`,
    date: new Date(Date.UTC(2022, 0, 1) + index * 3_600_000).toISOString(),
    body: [
      `Paragraph one of post ${index}.`,
      "Be curious, be kind, be yourself.",
      `The end of post ${index}${edited}.`,
    ],
  };
  writeFileSync(path.join(dir, "content", "posts", `${slug}.json`), JSON.stringify(post));
}
