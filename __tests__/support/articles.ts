// Articles for tests: one place that knows what a valid, published article document holds.

/** Editor.js output as the editor saves it: one paragraph block for each text. */
export function editorBody(...texts: string[]): { time: number; version: string; blocks: unknown[] } {
  return {
    time: 1,
    version: "2.28.2",
    blocks: texts.map((text, index) => ({ id: `p${index + 1}`, type: "paragraph", data: { text } })),
  };
}

/**
 * An article document as stored in Firestore's blogMetaData (or in a sample file of content/blog):
 * valid and published, named after `slug`, with `overrides` on top. An override of `undefined` leaves
 * the field out, as a document that lacks it. `lastUpdate` is an ISO string; a suite that writes to
 * Firestore passes a Timestamp.
 */
export function article(slug: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const document: Record<string, unknown> = {
    blogId: `blog-${slug}`,
    title: `Title of ${slug}`,
    slug,
    categories: ["Dating Tips"],
    featureImage: "https://images.example/cover.webp",
    published: true,
    lastUpdate: "2024-05-01T10:00:00.000Z",
    content: editorBody(`Body of ${slug}`),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined));
}
