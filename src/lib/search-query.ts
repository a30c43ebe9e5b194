// The browser's side of the search index in pieces (src/lib/search-pieces.ts): it fetches only the
// pieces a query needs, keeps them for the visit, and forgets a failed fetch so the next try
// fetches again. The equivalence test reads the built files through this same code.
import {
  CARDS_PER_CHUNK,
  MANIFEST_PATH,
  chunkPath,
  decodePositional,
  decodeSlots,
  foldTitle,
  idShardPath,
  ownFilePath,
  shardOf,
  shardPath,
  type SearchCard,
  type SearchManifest,
  type Shard,
} from "./search-pieces.ts";

/** Reads one piece's text by its path under the site root, e.g. fetch("/" + path). */
export type FetchText = (path: string) => Promise<string>;

export interface SearchIndex {
  /** The slots of every article whose title contains the query, newest first. */
  matches(query: string): Promise<number[]>;
  /** The cards of the given slots, in that order. */
  cards(slots: number[]): Promise<SearchCard[]>;
  /** The slots of those ids that the build indexed. */
  slotsOf(ids: string[]): Promise<number[]>;
}

/**
 * The starts of three-unit windows that together cover all `length` units of the query at the least
 * total cost (costs[start] is the window's posting length), found by a pass over the prefixes.
 */
export function cheapestCover(costs: number[], length: number): number[] {
  // best[e]: the cheapest windows covering units 0..e-1 exactly up to e; last[e]: the last window's start.
  const best: number[] = new Array<number>(length + 1).fill(Infinity);
  const last: number[] = new Array<number>(length + 1).fill(-1);
  const previous: number[] = new Array<number>(length + 1).fill(-1);
  best[0] = 0;
  costs.forEach((cost, start) => {
    for (let covered = start; covered < start + 3; covered += 1) {
      // A window may start anywhere inside the covered prefix, or right at its end.
      if (covered === 0 && start !== 0) continue;
      const total = best[covered]! + cost;
      if (total < best[start + 3]!) {
        best[start + 3] = total;
        last[start + 3] = start;
        previous[start + 3] = covered;
      }
    }
  });
  const starts: number[] = [];
  for (let end = length; end > 0; end = previous[end]!) starts.unshift(last[end]!);
  return starts;
}

/** The index read through `fetchText`; each piece is fetched at most once while it succeeds. */
export function openSearchIndex(fetchText: FetchText): SearchIndex {
  const parsed = new Map<string, Promise<unknown>>();
  const read = <T>(path: string, parse: (text: string) => T): Promise<T> => {
    let pending = parsed.get(path) as Promise<T> | undefined;
    if (!pending) {
      pending = fetchText(path).then(parse);
      parsed.set(path, pending);
      pending.catch(() => parsed.delete(path));
    }
    return pending;
  };
  const json = <T>(path: string): Promise<T> => read(path, (text) => JSON.parse(text) as T);
  const manifest = (): Promise<SearchManifest> => json<SearchManifest>(MANIFEST_PATH);

  /** Where a piece's posting is: in its shard (free once the shard is here) or in a file of this length. */
  const locate = async (piece: string): Promise<{ cost: number; text: () => Promise<string> } | null> => {
    const { shards } = await manifest();
    const shard = shardOf(piece, shards);
    const file = await json<Shard>(shardPath(shard));
    if (!Object.hasOwn(file, piece)) return null;
    const entry = file[piece]!;
    if (typeof entry === "string") return { cost: 0, text: async () => entry };
    const [own, length] = entry;
    return { cost: length, text: () => read(ownFilePath(shard, own), (text) => text) };
  };

  const matches = async (query: string): Promise<number[]> => {
    const folded = foldTitle(query.trim());
    if (folded === "") {
      const { slots, holes } = await manifest();
      const empty = new Set(holes);
      const all: number[] = [];
      for (let slot = slots - 1; slot >= 0; slot -= 1) if (!empty.has(slot)) all.push(slot);
      return all;
    }
    if (folded.length < 3) {
      const found = await locate(folded);
      return found === null ? [] : decodeSlots(await found.text());
    }
    // Every three-unit piece of the query: if one is in no title, nothing matches. Otherwise the
    // cheapest set of pieces that covers the query is fetched, and a title matches when they all
    // occur at their distances in the query from one start.
    const located = await Promise.all(Array.from({ length: folded.length - 2 }, (_, start) => locate(folded.slice(start, start + 3))));
    if (located.some((piece) => piece === null)) return [];
    const offsets = cheapestCover(located.map((piece) => piece!.cost), folded.length);
    const postings = await Promise.all(offsets.map(async (offset) => decodePositional(await located[offset]!.text())));
    const [first, ...rest] = postings;
    const found: number[] = [];
    for (const [slot, starts] of first!) {
      const others = rest.map((bySlot) => bySlot.get(slot));
      if (others.some((positions) => positions === undefined)) continue;
      const matchesAt = (start: number) => others.every((positions, i) => positions!.includes(start - offsets[0]! + offsets[i + 1]!));
      if (starts.some(matchesAt)) found.push(slot);
    }
    return found;
  };

  const cards = async (slots: number[]): Promise<SearchCard[]> => {
    const chunks = await Promise.all(slots.map((slot) => json<(SearchCard | null)[]>(chunkPath(Math.floor(slot / CARDS_PER_CHUNK)))));
    return slots.map((slot, i) => chunks[i]![slot % CARDS_PER_CHUNK]!);
  };

  const slotsOf = async (ids: string[]): Promise<number[]> => {
    if (ids.length === 0) return [];
    const { shards } = await manifest();
    const found = await Promise.all(
      ids.map(async (id) => {
        const slotsById = await json<Record<string, number>>(idShardPath(shardOf(id, shards)));
        return Object.hasOwn(slotsById, id) ? slotsById[id] : undefined;
      }),
    );
    return found.filter((slot): slot is number => slot !== undefined);
  };

  return { matches, cards, slotsOf };
}
