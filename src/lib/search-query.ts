// The browser's side of the search index in pieces (packages/article/src/search-pieces.ts): it fetches only the
// pieces a query needs, keeps them for the visit, and forgets a failed fetch so the next try
// fetches again. The equivalence test reads the built files through this same code.
//
// A query typed key by key asks, at each key, for a longer text that contains the last one: its
// matches are among the last one's. Once those are few enough that the cards holding their titles
// are (nearly all) here already, the new matches are found among their titles, with no piece of the
// index fetched at all.
import {
  CARDS_PER_CHUNK,
  MANIFEST_PATH,
  POSITIONAL_LENGTHS,
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
} from "@kindred/article";

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

/** A piece of the query at `start`, `length` units long, whose posting costs `cost` to fetch. */
export interface Window {
  start: number;
  length: number;
  cost: number;
}

/**
 * The windows that together cover all `length` units of the query at the least total cost, found
 * by one pass over the prefixes, taking windows in the order they end.
 */
export function cheapestCover<W extends Window>(windows: W[], length: number): W[] {
  // best[e]: the cheapest windows covering units 0..e-1 with the last one ending at e.
  const best: number[] = new Array<number>(length + 1).fill(Infinity);
  const last: (W | null)[] = new Array<W | null>(length + 1).fill(null);
  const previous: number[] = new Array<number>(length + 1).fill(-1);
  best[0] = 0;
  for (const window of [...windows].sort((a, b) => a.start + a.length - (b.start + b.length))) {
    const end = window.start + window.length;
    // The window may start anywhere inside the covered prefix, or right at its end.
    for (let covered = window.start; covered < end; covered += 1) {
      const total = best[covered]! + window.cost;
      if (total < best[end]!) {
        best[end] = total;
        last[end] = window;
        previous[end] = covered;
      }
    }
  }
  const chosen: W[] = [];
  for (let end = length; end > 0; end = previous[end]!) chosen.unshift(last[end]!);
  return chosen;
}

/**
 * A known answer narrows a longer query when the card chunks of its matches not yet fetched are at
 * most this many: about what the index's pieces for one more key would cost.
 */
const NARROW_WITH_MISSING_CHUNKS = 2;
/** How many earlier answers are kept to narrow from. */
const KNOWN_ANSWERS = 32;

/** A query's matching slots, newest first, and, where known, where the query starts in each folded title. */
interface Answer {
  slots: number[];
  starts?: number[][];
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

  /**
   * Where a piece's posting is: in its shard (free once the shard is here) or in a file of this
   * length (free once fetched).
   */
  const locate = async (piece: string): Promise<{ cost: number; text: () => Promise<string> } | null> => {
    const { shards } = await manifest();
    const shard = shardOf(piece, shards);
    const file = await json<Shard>(shardPath(shard));
    if (!Object.hasOwn(file, piece)) return null;
    const entry = file[piece]!;
    if (typeof entry === "string") return { cost: 0, text: async () => entry };
    const [own, length] = entry;
    const path = ownFilePath(shard, own);
    return { cost: parsed.has(path) ? 0 : length, text: () => read(path, (text) => text) };
  };

  // Earlier answers by folded query, the latest last: the matching slots and, where known, where the
  // query starts in each one's folded title.
  const known = new Map<string, Answer>();
  const remember = (folded: string, answer: Answer): number[] => {
    known.delete(folded);
    known.set(folded, answer);
    if (known.size > KNOWN_ANSWERS) known.delete(known.keys().next().value!);
    return answer.slots;
  };
  const chunkOf = (slot: number): string => chunkPath(Math.floor(slot / CARDS_PER_CHUNK));

  /** The matches of `folded` found among a shorter query's, by their titles, when that is cheap. */
  const byTitles = async (folded: string): Promise<Answer | null> => {
    let best: number[] | null = null;
    for (const [earlier, { slots }] of known)
      if (earlier !== "" && folded.includes(earlier) && (best === null || slots.length < best.length)) best = slots;
    if (best === null) return null;
    const missing = new Set(best.map(chunkOf).filter((chunk) => !parsed.has(chunk)));
    if (missing.size > NARROW_WITH_MISSING_CHUNKS) return null;
    const titles = await cards(best);
    const answer: Answer = { slots: [], starts: [] };
    best.forEach((slot, i) => {
      const title = foldTitle(titles[i]!.title);
      const starts: number[] = [];
      for (let at = title.indexOf(folded); at >= 0; at = title.indexOf(folded, at + 1)) starts.push(at);
      if (starts.length > 0) {
        answer.slots.push(slot);
        answer.starts!.push(starts);
      }
    });
    return answer;
  };

  /**
   * The matches of `folded` from a known answer for its beginning, at most three units shorter: a
   * title matches where that beginning starts and the query's last 3 (or 6) units follow at their
   * distance. One window's posting, instead of every window's and a cover of the whole query.
   */
  const extended = async (folded: string): Promise<Answer | null> => {
    let base: { length: number; answer: Answer } | null = null;
    for (let length = folded.length - 1; length >= Math.max(3, folded.length - 3) && !base; length -= 1) {
      const answer = known.get(folded.slice(0, length));
      if (answer?.starts) base = { length, answer };
    }
    if (!base) return null;
    const ends = POSITIONAL_LENGTHS.filter(
      (length) => length <= folded.length && folded.length - length <= base.length,
    );
    const located = await Promise.all(ends.map((length) => locate(folded.slice(folded.length - length))));
    if (located.some((piece) => piece === null)) return { slots: [], starts: [] };
    const cheapest = located.reduce((a, b) => (b!.cost < a!.cost ? b : a))!;
    const offset = folded.length - ends[located.indexOf(cheapest)]!;
    const posting = decodePositional(await cheapest.text());
    const answer: Answer = { slots: [], starts: [] };
    base.answer.slots.forEach((slot, i) => {
      const positions = posting.get(slot);
      const starts = positions ? base.answer.starts![i]!.filter((start) => positions.includes(start + offset)) : [];
      if (starts.length > 0) {
        answer.slots.push(slot);
        answer.starts!.push(starts);
      }
    });
    return answer;
  };

  const matches = async (query: string): Promise<number[]> => {
    const folded = foldTitle(query.trim());
    const answer = known.get(folded) ?? (await byTitles(folded)) ?? (await extended(folded)) ?? (await lookUp(folded));
    return remember(folded, answer);
  };

  const lookUp = async (folded: string): Promise<Answer> => {
    if (folded === "") {
      const { slots, holes } = await manifest();
      const empty = new Set(holes);
      const all: number[] = [];
      for (let slot = slots - 1; slot >= 0; slot -= 1) if (!empty.has(slot)) all.push(slot);
      return { slots: all };
    }
    if (folded.length < 3) {
      const found = await locate(folded);
      return { slots: found === null ? [] : decodeSlots(await found.text()) };
    }
    // Every 3- and 6-unit piece of the query: if one is in no title, nothing matches. Otherwise the
    // cheapest set of pieces that covers the query is fetched, and a title matches when they all
    // occur at their distances in the query from one start.
    // The shortest pieces first: most queries that match nothing are settled by them alone.
    const windows: (Window & { text: () => Promise<string> })[] = [];
    for (const length of POSITIONAL_LENGTHS) {
      const starts = Array.from({ length: Math.max(0, folded.length - length + 1) }, (_, start) => start);
      const located = await Promise.all(starts.map((start) => locate(folded.slice(start, start + length))));
      if (located.some((piece) => piece === null)) return { slots: [], starts: [] };
      starts.forEach((start, i) => windows.push({ start, length, ...located[i]! }));
    }
    const chosen = cheapestCover(windows, folded.length);
    const postings = await Promise.all(chosen.map(async (window) => decodePositional(await window.text())));
    const offsets = chosen.map((window) => window.start);
    const [first, ...rest] = postings;
    const found: Answer = { slots: [], starts: [] };
    for (const [slot, positions] of first!) {
      const others = rest.map((bySlot) => bySlot.get(slot));
      if (others.some((at) => at === undefined)) continue;
      const matchesAt = (start: number) => others.every((at, i) => at!.includes(start - offsets[0]! + offsets[i + 1]!));
      const starts = positions.filter(matchesAt).map((start) => start - offsets[0]!);
      if (starts.length > 0) {
        found.slots.push(slot);
        found.starts!.push(starts);
      }
    }
    return found;
  };

  async function cards(slots: number[]): Promise<SearchCard[]> {
    const chunks = await Promise.all(slots.map((slot) => json<(SearchCard | null)[]>(chunkOf(slot))));
    return slots.map((slot, i) => chunks[i]![slot % CARDS_PER_CHUNK]!);
  }

  const slotsOf = async (ids: string[]): Promise<number[]> => {
    if (ids.length === 0) return [];
    const { idShards } = await manifest();
    const found = await Promise.all(
      ids.map(async (id) => {
        const slotsById = await json<Record<string, number>>(idShardPath(shardOf(id, idShards)));
        return Object.hasOwn(slotsById, id) ? slotsById[id] : undefined;
      }),
    );
    return found.filter((slot): slot is number => slot !== undefined);
  };

  return { matches, cards, slotsOf };
}
