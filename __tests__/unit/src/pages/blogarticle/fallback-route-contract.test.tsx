import * as React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import { navigate, type PageProps } from "gatsby";
import BlogPostFallback from "../../../../../src/pages/blogarticle/[...slug]";
import { article } from "../../../../support/articles";

// The fallback route in the browser, with Firestore replaced by the documents a test chooses: it
// must show exactly what a build would publish, and the not-found page for anything else.
interface StoredDocument {
  id: string;
  data: Record<string, unknown>;
}

let mockPost: StoredDocument | null = null;
let mockMetas: StoredDocument[] = [];
const mockReads = jest.fn();

jest.mock("../../../../../src/lib/firebase-client", () => ({
  findPublishedArticleBySlug: (_config: unknown, slug: string) => {
    mockReads(slug);
    return Promise.resolve({ post: mockPost, metas: mockMetas });
  },
  // The single-query form some versions of the route used.
  findPublishedPostBySlug: (_config: unknown, slug: string) => {
    mockReads(slug);
    return Promise.resolve(mockPost);
  },
}));

/** The `blog` post of an article (the document its metadata's blogId names), and its blogMetaData. */
const post = (slug: string, overrides: Record<string, unknown> = {}): StoredDocument => ({
  id: `blog-${slug}`,
  data: article(slug, overrides),
});
const meta = (slug: string, overrides: Record<string, unknown> = {}): StoredDocument => ({
  id: "meta-1",
  data: article(slug, overrides),
});

function visit(slug: string): void {
  const props = { params: { slug } } as unknown as PageProps<object, object, unknown>;
  render(<BlogPostFallback {...props} />);
}

const notFound = async (): Promise<void> => {
  await waitFor(() => expect(navigate).toHaveBeenCalledWith("/404", { replace: true }));
  expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
};

beforeEach(() => {
  process.env.GATSBY_FIREBASE_PROJECT_ID = "fallback-test";
  (navigate as jest.Mock).mockClear();
  mockReads.mockClear();
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  delete process.env.GATSBY_FIREBASE_PROJECT_ID;
  jest.restoreAllMocks();
});

test("shows an article whose post and metadata are both published and valid", async () => {
  mockPost = post("fresh-article", { blogId: undefined });
  mockMetas = [meta("fresh-article")];
  visit("fresh-article");
  expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Title of fresh-article");
  expect(navigate).not.toHaveBeenCalled();
});

test("shows the not-found page when the metadata is unpublished (the rules hide it) though the post is published", async () => {
  mockPost = post("meta-unpublished");
  mockMetas = [];
  visit("meta-unpublished");
  await notFound();
});

test("shows the not-found page when the metadata has no lastUpdate", async () => {
  mockPost = post("no-last-update");
  mockMetas = [meta("no-last-update", { lastUpdate: undefined })];
  visit("no-last-update");
  await notFound();
});

test("shows the not-found page for a slug longer than any build publishes, without reading Firestore", async () => {
  const slug = `a-${"b".repeat(300)}`;
  mockPost = post(slug);
  mockMetas = [meta(slug)];
  visit(slug);
  await notFound();
  expect(mockReads).not.toHaveBeenCalled();
});

test("shows the not-found page for a post whose own slug breaks the slug rule", async () => {
  mockPost = post("Bad Slug!");
  mockMetas = [meta("Bad Slug!")];
  visit("Bad Slug!");
  await notFound();
});

test("shows the article without a cover when the cover is not from an allowed host", async () => {
  mockPost = post("evil-cover", { featureImage: "/\\evil.example/x.png" });
  mockMetas = [meta("evil-cover")];
  const { container } = render(
    <BlogPostFallback {...({ params: { slug: "evil-cover" } } as unknown as PageProps<object, object, unknown>)} />,
  );
  expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
  expect(container.querySelector("img[src*='evil.example']")).toBeNull();
  expect([...container.querySelectorAll("img")].map((img) => img.getAttribute("src"))).not.toContainEqual(
    expect.stringContaining("evil"),
  );
});
