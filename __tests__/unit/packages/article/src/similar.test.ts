/** @jest-environment node */
import { seededRandom } from "../../../../../scripts/lib/generated-titles";
import {
  SIMILAR_LIMIT,
  similarArticles,
  similarIndex,
  type SimilarCandidate,
} from "../../../../../packages/article/src/similar";

// The index must give exactly the list the rule stated plainly (similarArticles) gives, on data
// made to hit every tie: few categories, repeated categories, equal dates, articles of one blog,
// and the same document twice. The generator is seeded, so a failing seed can be run again.

interface Article extends SimilarCandidate {
  id: string;
}

function randomArticles(seed: number, count: number): Article[] {
  const next = seededRandom(seed);
  const int = (n: number): number => Math.floor(next() * n);
  const categoryNames = Array.from({ length: 1 + int(9) }, (_, i) => `Category ${i}`);
  const dates = Array.from({ length: 1 + int(count / 4) }, (_, i) =>
    new Date(Date.UTC(2021, 0, 1) + i * 3_600_000).toISOString(),
  );
  const blogs = 1 + int(count);
  return Array.from({ length: count }, (_, i) => ({
    id: `node-${i}`,
    // Now and then the same document twice, as two nodes.
    documentId: `doc-${next() < 0.02 ? int(i + 1) : i}`,
    // Often several articles of one blog.
    blogId: `blog-${int(blogs)}`,
    // Zero to four categories, a repeated one now and then.
    categories: Array.from({ length: int(5) }, () => categoryNames[int(categoryNames.length)]!),
    lastUpdate: dates[int(dates.length)]!,
  }));
}

const ids = (list: Article[]): string[] => list.map((article) => article.id);

describe("similarIndex", () => {
  it("gives every article the same similar list as the plain rule, on random data with ties", () => {
    let compared = 0;
    let nonEmpty = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = seededRandom(seed * 7919);
      const count = 200 + Math.floor(next() * 2800);
      const all = randomArticles(seed, count);
      const index = similarIndex(all);
      const limit = seed % 5 === 0 ? 1 + Math.floor(next() * 8) : SIMILAR_LIMIT;
      // A spread of 60 articles per set: the plain rule sorts the whole set on every call.
      const step = Math.max(1, Math.floor(count / 60));
      for (let i = 0; i < all.length; i += step) {
        const current = all[i]!;
        const expected = ids(similarArticles(current, all, limit));
        expect({ seed, i, similar: ids(index.similarTo(current, limit)) }).toEqual({ seed, i, similar: expected });
        compared += 1;
        if (expected.length > 0) nonEmpty += 1;
      }
    }
    // The comparison means something only if most lists are not empty.
    expect(nonEmpty).toBeGreaterThan(compared * 0.6);
  });

  it("answers for an article that is not in the index, and for one with no category", () => {
    const all = randomArticles(99, 500);
    const index = similarIndex(all);
    const outsider: SimilarCandidate = {
      documentId: "new",
      blogId: "new",
      categories: ["Category 0", "Category 1", "Category 1"],
      lastUpdate: "2030-01-01T00:00:00.000Z",
    };
    expect(ids(index.similarTo(outsider))).toEqual(ids(similarArticles(outsider, all)));
    expect(index.similarTo({ ...outsider, categories: [] })).toEqual([]);
  });

  it("ranks an older article sharing two categories above newer ones sharing one, wherever it sits", () => {
    const article = (id: string, categories: string[], lastUpdate: string): Article => ({
      id,
      documentId: id,
      blogId: id,
      categories,
      lastUpdate,
    });
    const newA = ["a1", "a2", "a3"].map((id, i) => article(id, ["A"], `2024-0${i + 4}-01T00:00:00.000Z`));
    const newB = ["b1", "b2", "b3"].map((id, i) => article(id, ["B"], `2024-0${i + 4}-02T00:00:00.000Z`));
    const both = article("both", ["B", "A"], "2020-01-01T00:00:00.000Z");
    const current = article("current", ["A", "B"], "2024-09-01T00:00:00.000Z");
    const all = [current, ...newA, ...newB, both];
    expect(ids(similarIndex(all).similarTo(current))).toEqual(["both", "b3", "a3"]);
    expect(ids(similarArticles(current, all))).toEqual(["both", "b3", "a3"]);
  });

  it("never lists the article itself, another copy of its document, or an article of its own blog", () => {
    const current: Article = {
      id: "n1",
      documentId: "d1",
      blogId: "b1",
      categories: ["A"],
      lastUpdate: "2024-01-01T00:00:00.000Z",
    };
    const all: Article[] = [
      current,
      { id: "n2", documentId: "d1", blogId: "b2", categories: ["A"], lastUpdate: "2024-01-02T00:00:00.000Z" },
      { id: "n3", documentId: "d3", blogId: "b1", categories: ["A"], lastUpdate: "2024-01-03T00:00:00.000Z" },
      { id: "n4", documentId: "d4", blogId: "b4", categories: ["A"], lastUpdate: "2023-01-01T00:00:00.000Z" },
    ];
    expect(ids(similarIndex(all).similarTo(current))).toEqual(["n4"]);
  });
});
