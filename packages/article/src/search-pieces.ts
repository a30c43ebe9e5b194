// The blog search index in pieces (docs/search.md). The build writes them and the
// browser reads only those a query needs; this module is the format both sides share, and is
// imported by Node scripts directly, so it has no relative value imports.
//
// Every published article has a slot: slots run oldest to newest, so a query's matches newest
// first are its slots in descending order. An article keeps its slot from build to build while its
// lastUpdate stays the same, which keeps a one-article edit to the few pieces it touches.
//
// - search/index.json: how many slots, how many shards, the empty slots.
// - search/g/<shard>.json: for every 1-, 2-, 3- and 6-code-unit piece of the folded titles that
//   hashes to the shard, the slots whose title contains it (with the positions, for 3 and 6). A long
//   list gets a file of its own, search/g/<shard>-<n>.txt, so a shard stays small; the shard gives
//   its length, so a query can choose the cheapest pieces that cover it.
// - search/c/<chunk>.json: the cards of CARDS_PER_CHUNK consecutive slots.
// - search/i/<shard>.json: slot by article id, for live changes that replace a built article.

/** The card a search result shows: what a blog card needs, nothing more. */
export interface SearchCard {
  id: string;
  slug: string;
  title: string;
  categories: string[];
  image: string;
  lastUpdate: string;
}

export interface SearchManifest {
  version: 1;
  /** Slots 0..slots-1; a match list never names a hole. */
  slots: number;
  shards: number;
  /** How many files the id-to-slot map is split into. */
  idShards: number;
  holes: number[];
}

export const MANIFEST_PATH = "search/index.json";
export const CARDS_PER_CHUNK = 8;
/** A posting longer than this many characters gets its own file instead of a place in its shard. */
const OWN_FILE_OVER = 1500;
/**
 * The lengths, in UTF-16 code units, of the pieces indexed with their positions. Longer queries are
 * covered by as few of them as their lengths allow: the six-unit ones keep a common word to two
 * lists rather than four.
 */
export const POSITIONAL_LENGTHS = [3, 6] as const;
/** A warm build renumbers every slot once more slots than this are empty. */
const MAX_HOLES = 64;

/** Unicode-aware lower case in one normal form, so "CAFÉ" finds "Café" however either was typed. */
export function foldTitle(text: string): string {
  return text.normalize("NFC").toLocaleLowerCase("en");
}

/** Shards double with the articles, `perShard` or fewer per shard, so a shard stays small. */
export function shardCountFor(slots: number, perShard = 8): number {
  let shards = 1;
  while (shards < 16_384 && shards * perShard < slots) shards *= 2;
  return shards;
}

/** FNV-1a over UTF-16 code units: the same shard for a piece in Node and in any browser. */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

export const shardPath = (shard: number): string => `search/g/${shard.toString(36)}.json`;
export const ownFilePath = (shard: number, n: number): string => `search/g/${shard.toString(36)}-${n.toString(36)}.txt`;
export const chunkPath = (chunk: number): string => `search/c/${chunk.toString(36)}.json`;
export const idShardPath = (shard: number): string => `search/i/${shard.toString(36)}.json`;

/** A shard: each piece's posting, or the number of the file that holds it and the posting's length. */
export type Shard = Record<string, string | [number, number]>;

/** Slots descending as base-36 gaps: the first slot, then how far below the previous each lies. */
function gaps(slots: number[]): string[] {
  return slots.map((slot, i) => (i === 0 ? slot : slots[i - 1]! - slot).toString(36));
}

export function encodeSlots(slots: number[]): string {
  return gaps(slots).join(",");
}

/** Gaps, then after a ";" each slot's starts ("." between two in one title): two columns compress better than pairs. */
export function encodePositional(slots: number[], positions: number[][]): string {
  return `${encodeSlots(slots)};${positions.map((starts) => starts.map((p) => p.toString(36)).join(".")).join(",")}`;
}

/** The slots of a posting, descending (positions, if any, ignored). */
export function decodeSlots(posting: string): number[] {
  const column = posting.indexOf(";");
  const slots: number[] = [];
  let slot = 0;
  for (const gap of (column < 0 ? posting : posting.slice(0, column)).split(",")) {
    slot = slots.length === 0 ? parseInt(gap, 36) : slot - parseInt(gap, 36);
    slots.push(slot);
  }
  return slots;
}

/** A 3- or 6-unit piece's posting: where in each slot's folded title it starts. */
export function decodePositional(posting: string): Map<number, number[]> {
  const slots = decodeSlots(posting);
  const starts = posting.slice(posting.indexOf(";") + 1).split(",");
  const bySlot = new Map<number, number[]>();
  slots.forEach((slot, i) =>
    bySlot.set(
      slot,
      starts[i]!.split(".").map((p) => parseInt(p, 36)),
    ),
  );
  return bySlot;
}

/**
 * Slots for a build: the previous build's, for every article whose lastUpdate has not changed, with
 * new and edited articles appended, as long as that keeps slot order the newest-first order read
 * backwards and leaves few holes; otherwise every article is numbered afresh, oldest first.
 * Each slot holds "id\nlastUpdate", or null when empty.
 */
export function assignSlots(
  previous: (string | null)[] | undefined,
  newestFirst: { id: string; lastUpdate: string }[],
): (string | null)[] {
  const wanted = newestFirst.map(({ id, lastUpdate }) => `${id}\n${lastUpdate}`).reverse();
  if (!previous) return wanted;
  const present = new Set(wanted);
  const slots = previous.map((key) => (key !== null && present.has(key) ? key : null));
  const kept = new Set(slots);
  slots.push(...wanted.filter((key) => !kept.has(key)));
  while (slots.length > 0 && slots[slots.length - 1] === null) slots.pop();
  const live = slots.filter((key): key is string => key !== null);
  const holes = slots.length - live.length;
  const inOrder = live.length === wanted.length && live.every((key, i) => key === wanted[i]);
  return inOrder && holes <= MAX_HOLES ? slots : wanted;
}

/** Postings being gathered: plain pieces' slots, and positional pieces' slots with their starts. */
export interface Postings {
  plain: Map<string, number[]>;
  positional: Map<string, { slots: number[]; positions: number[][] }>;
}

export const emptyPostings = (): Postings => ({ plain: new Map(), positional: new Map() });

/**
 * Adds one slot's folded title to the postings. Slots must come in descending order, as postings
 * list them.
 */
export function addTitle(postings: Postings, slot: number, title: string): void {
  const { plain, positional } = postings;
  for (let i = 0; i < title.length; i += 1) {
    for (const length of [1, 2]) {
      if (i + length > title.length) continue;
      const piece = title.slice(i, i + length);
      const slots = plain.get(piece);
      if (!slots) plain.set(piece, [slot]);
      else if (slots[slots.length - 1] !== slot) slots.push(slot);
    }
    for (const length of POSITIONAL_LENGTHS) {
      if (i + length > title.length) continue;
      const piece = title.slice(i, i + length);
      let posting = positional.get(piece);
      if (!posting) positional.set(piece, (posting = { slots: [], positions: [] }));
      if (posting.slots[posting.slots.length - 1] === slot) posting.positions[posting.positions.length - 1]!.push(i);
      else {
        posting.slots.push(slot);
        posting.positions.push([i]);
      }
    }
  }
}

/** A shard's files from its pieces' encoded postings: the shard, and an own file for each long posting. */
export function shardFiles(shard: number, entries: [string, string][]): Map<string, string> {
  const files = new Map<string, string>();
  const shardFile: Shard = {};
  let own = 0;
  for (const [piece, posting] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (posting.length > OWN_FILE_OVER) {
      files.set(ownFilePath(shard, own), posting);
      shardFile[piece] = [own, posting.length];
      own += 1;
    } else shardFile[piece] = posting;
  }
  files.set(shardPath(shard), JSON.stringify(shardFile));
  return files;
}

/** Every piece's path and text, for cards by slot (null for an empty slot). */
export function buildSearchPieces(cards: (SearchCard | null)[]): Map<string, string> {
  const shards = shardCountFor(cards.length);
  const postings = emptyPostings();
  const holes: number[] = [];
  for (let slot = cards.length - 1; slot >= 0; slot -= 1) {
    const card = cards[slot];
    if (!card) {
      holes.push(slot);
      continue;
    }
    addTitle(postings, slot, foldTitle(card.title));
  }
  const files = new Map<string, string>();
  const shardContents = Array.from({ length: shards }, (): [string, string][] => []);
  for (const [piece, slots] of postings.plain) shardContents[shardOf(piece, shards)]!.push([piece, encodeSlots(slots)]);
  for (const [piece, { slots, positions }] of postings.positional)
    shardContents[shardOf(piece, shards)]!.push([piece, encodePositional(slots, positions)]);
  shardContents.forEach((entries, shard) => {
    for (const [file, text] of shardFiles(shard, entries)) files.set(file, text);
  });
  for (let chunk = 0; chunk * CARDS_PER_CHUNK < cards.length; chunk += 1) {
    files.set(chunkPath(chunk), JSON.stringify(cards.slice(chunk * CARDS_PER_CHUNK, (chunk + 1) * CARDS_PER_CHUNK)));
  }
  const idShards = shardCountFor(cards.length, 64);
  const ids = Array.from({ length: idShards }, (): Record<string, number> => ({}));
  cards.forEach((card, slot) => {
    if (card) ids[shardOf(card.id, idShards)]![card.id] = slot;
  });
  ids.forEach((slotsById, shard) => files.set(idShardPath(shard), JSON.stringify(slotsById)));
  const manifest: SearchManifest = { version: 1, slots: cards.length, shards, idShards, holes: holes.reverse() };
  files.set(MANIFEST_PATH, JSON.stringify(manifest));
  return files;
}

/**
 * The pieces that change when the card in `slot` gets a new title and keeps everything else (so
 * its slot): what movedPieces makes of the card retitled in its own slot. Answers the files whose
 * text changes, or why that cannot be told from the current pieces (a file missing, or one that
 * would go).
 */
export function retitledPieces(
  read: (file: string) => string | undefined,
  slot: number,
  title: string,
): { files: Map<string, string> } | { reason: string } {
  if (read(MANIFEST_PATH) === undefined) return { reason: "the search index has no manifest" };
  const file = chunkPath(Math.floor(slot / CARDS_PER_CHUNK));
  const chunkText = read(file);
  if (chunkText === undefined) return { reason: `${file} is missing` };
  const card = (JSON.parse(chunkText) as (SearchCard | null)[])[slot % CARDS_PER_CHUNK];
  if (!card) return { reason: `slot ${slot} of the search index is empty` };
  if (card.title === title) return { files: new Map() };
  return movedPieces(read, slot, slot, { ...card, title });
}

/**
 * The pieces that change when the card in slot `from` is replaced by `card`, for the same article,
 * in slot `to`: either `from` itself (a new title: retitledPieces; the fast lane gives no card a
 * new date in place, as the build may not), or a new last slot (`manifest.slots`), leaving `from`
 * empty, as the build's assignSlots does for an article whose lastUpdate moved it to the top. With
 * `from` null the card is a new article's, which assignSlots puts in a new last slot too. The cards' chunks, the id shard, the
 * manifest, and the shards (with their own files) of the pieces either title holds are read back;
 * `from` is taken out of those pieces' postings and `to` put in where the new title has the piece;
 * every other piece is left as it is, so the files are what buildSearchPieces writes for the slots
 * as they then are. `read` gives a piece's current text. Answers the files whose text changes, or
 * why that cannot be told from the current pieces (a file missing, one that would go, or a change
 * the build would make by renumbering or re-sharding every slot).
 */
export function movedPieces(
  read: (file: string) => string | undefined,
  from: number | null,
  to: number,
  card: SearchCard,
): { files: Map<string, string> } | { reason: string } {
  const manifestText = read(MANIFEST_PATH);
  if (manifestText === undefined) return { reason: "the search index has no manifest" };
  const manifest = JSON.parse(manifestText) as SearchManifest;
  const moving = to !== from;
  if (moving && to !== manifest.slots) return { reason: `slot ${to} is not the search index's next slot` };
  const slotCount = moving ? manifest.slots + 1 : manifest.slots;
  if (shardCountFor(slotCount) !== manifest.shards || shardCountFor(slotCount, 64) !== manifest.idShards)
    return { reason: "one more slot splits the search index into more shards, which the next build writes whole" };
  const holes = moving && from !== null ? [...manifest.holes, from].sort((a, b) => a - b) : manifest.holes;
  if (holes.length > MAX_HOLES) return { reason: "one more empty slot makes the next build renumber every slot" };

  const files = new Map<string, string>();
  const chunks = new Map<number, (SearchCard | null)[]>();
  const chunkOf = (slot: number): (SearchCard | null)[] | undefined => {
    const chunk = Math.floor(slot / CARDS_PER_CHUNK);
    if (!chunks.has(chunk)) {
      const text = read(chunkPath(chunk));
      if (text === undefined && chunk * CARDS_PER_CHUNK < manifest.slots) return undefined;
      chunks.set(chunk, text === undefined ? [] : (JSON.parse(text) as (SearchCard | null)[]));
    }
    return chunks.get(chunk);
  };
  const fromChunk = from === null ? [] : chunkOf(from);
  const toChunk = chunkOf(to);
  if (!fromChunk || !toChunk) return { reason: "a chunk of the search index's cards is missing" };
  let old: SearchCard | null | undefined = null;
  if (from !== null) {
    old = fromChunk[from % CARDS_PER_CHUNK];
    if (!old) return { reason: `slot ${from} of the search index is empty` };
    if (old.id !== card.id) return { reason: `slot ${from} of the search index holds another article` };
    fromChunk[from % CARDS_PER_CHUNK] = null;
  }
  toChunk[to % CARDS_PER_CHUNK] = card;
  for (const [chunk, cards] of chunks) files.set(chunkPath(chunk), JSON.stringify(cards));
  if (moving) {
    const idFile = idShardPath(shardOf(card.id, manifest.idShards));
    const idText = read(idFile);
    if (idText === undefined) return { reason: `${idFile} is missing` };
    const ids = JSON.parse(idText) as Record<string, number>;
    if (from === null && card.id in ids) return { reason: `the search index already has a card for ${card.id}` };
    // Deleted and set again: the build lists each shard's ids by slot, and `to` is the last.
    delete ids[card.id];
    ids[card.id] = to;
    files.set(idFile, JSON.stringify(ids));
    const next: SearchManifest = { ...manifest, slots: slotCount, holes };
    files.set(MANIFEST_PATH, JSON.stringify(next));
  }

  const before = emptyPostings();
  if (old && from !== null) addTitle(before, from, foldTitle(old.title));
  const after = emptyPostings();
  addTitle(after, to, foldTitle(card.title));
  const byShard = new Map<number, Set<string>>();
  for (const postings of [before, after])
    for (const piece of [...postings.plain.keys(), ...postings.positional.keys()]) {
      const shard = shardOf(piece, manifest.shards);
      (byShard.get(shard) ?? byShard.set(shard, new Set()).get(shard)!).add(piece);
    }
  for (const [shard, pieces] of byShard) {
    const shardText = read(shardPath(shard));
    if (shardText === undefined) return { reason: `${shardPath(shard)} is missing` };
    const entries = new Map<string, string>();
    let ownFiles = 0;
    for (const [piece, value] of Object.entries(JSON.parse(shardText) as Shard)) {
      if (typeof value === "string") {
        entries.set(piece, value);
        continue;
      }
      const own = read(ownFilePath(shard, value[0]));
      if (own === undefined || own.length !== value[1]) return { reason: `${ownFilePath(shard, value[0])} is missing` };
      entries.set(piece, own);
      ownFiles += 1;
    }
    for (const piece of pieces) {
      const posting = entries.get(piece);
      let encoded: string | null;
      if (piece.length < POSITIONAL_LENGTHS[0]) {
        const slots = (posting === undefined ? [] : decodeSlots(posting)).filter((other) => other !== from);
        if (after.plain.has(piece)) slots.push(to);
        slots.sort((a, b) => b - a);
        encoded = slots.length === 0 ? null : encodeSlots(slots);
      } else {
        const starts = posting === undefined ? new Map<number, number[]>() : decodePositional(posting);
        if (from !== null) starts.delete(from);
        const now = after.positional.get(piece);
        if (now) starts.set(to, now.positions[0]!);
        const slots = [...starts.keys()].sort((a, b) => b - a);
        encoded =
          slots.length === 0
            ? null
            : encodePositional(
                slots,
                slots.map((other) => starts.get(other)!),
              );
      }
      if (encoded === null) entries.delete(piece);
      else entries.set(piece, encoded);
    }
    const made = shardFiles(shard, [...entries]);
    if (made.size - 1 < ownFiles)
      return { reason: `${ownFilePath(shard, ownFiles - 1)} would go, and the fast lane removes nothing` };
    for (const [file, text] of made) files.set(file, text);
  }
  for (const [file, text] of files) if (read(file) === text) files.delete(file);
  return { files };
}
