// Everything of @kindred/article that is not a React component: what Node itself can load (its type
// stripping reads no JSX). Under the "node" export condition the package's name resolves here; bundlers
// and Jest get index.ts, which adds the components. Nothing imports this file by its path.

// The data contract: the fields of an article document, its slug and timestamps, and which wins a slug.
export {
  SLUG_PATTERN,
  MAX_SLUG_LENGTH,
  normalizeTimestamp,
  slugProblem,
  checkArticle,
  articleProblems,
  newestFirst,
  publishedArticle,
  outsideSchedule,
  EDITORIAL_FIELDS,
  SCHEDULE_FIELDS,
  changedVisitorFields,
  type ArticleCollection,
  type FieldProblem,
  type ContractArticle,
  type ContractResult,
  type StoredDocument,
} from "./contract.ts";

// Editor.js output as stored, and the names a site gives the Editor.js tools and tunes it renders.
export {
  normalizeContent,
  storedBlockIndex,
  type EditorBlock,
  type EditorContent,
  type ContentProblem,
} from "./editor-content.ts";
export {
  KNOWN_TOOLS,
  KNOWN_TUNES,
  configuredToolNames,
  knownTool,
  knownTune,
  type KnownTool,
  type KnownTune,
  type EditorToolNames,
} from "./editor-tools.ts";

// The URL policy: which links, images and cover hosts an article may name.
export {
  editorUrl,
  IMAGE_URL,
  WEB_URL,
  LINK_URL,
  parseUrl,
  checkedUrl,
  storageImageHosts,
  isPrivateHost,
  checkCoverUrl,
  builtCoverPolicy,
  type UrlScheme,
  type UrlRule,
  type ParsedUrl,
  type CoverImagePolicy,
} from "./safe-url.ts";

// The sanitizers: Editor.js blocks in, SafeBlocks out, with their inline HTML made safe.
export {
  builtBodyRules,
  MAX_LIST_DEPTH,
  MAX_TABLE_ROWS,
  MAX_TABLE_COLUMNS,
  safeUrl,
  embedFor,
  safeBlock,
  safeBlocks,
  type BodyRules,
  type SafeBlockResult,
  type BlockReport,
} from "./block-sanitizer.ts";
export { sanitizeInline, sanitizeRawHtml, plainText } from "./inline-sanitizer.ts";
export {
  OL_TYPE,
  topHeadingLevel,
  headingRank,
  rankTag,
  headingTag,
  type SafeBlock,
  type SafeBlockContent,
  type SafeListItem,
  type CounterType,
  type TextVariant,
  type Alignment,
  type BlockTunes,
} from "./safe-block.ts";
export { languageFor, highlightCode, highlightCodeBlocks } from "./code-highlight.ts";
export { escapeHtml } from "./escape-html.ts";

// Addresses and ranking.
export { titleFromSlug, articlePath, decodedAddress, slugFromArticleAddress } from "./slug.ts";
export { SIMILAR_LIMIT, similarArticles, similarIndex, type SimilarCandidate, type SimilarIndex } from "./similar.ts";

// The search index's pieces: their format, written by the build, read by the browser and the rebuild service.
export {
  MANIFEST_PATH,
  CARDS_PER_CHUNK,
  POSITIONAL_LENGTHS,
  foldTitle,
  shardCountFor,
  shardOf,
  shardPath,
  ownFilePath,
  chunkPath,
  idShardPath,
  encodeSlots,
  encodePositional,
  decodeSlots,
  decodePositional,
  assignSlots,
  buildSearchPieces,
  retitledPieces,
  movedPieces,
  type SearchCard,
  type SearchManifest,
  type Shard,
} from "./search-pieces.ts";

// What a BlogPost node holds and its GraphQL type; the body as the pages get it.
export {
  BLOG_POST_TYPE_DEFS,
  type BlogPost,
  type BlogPostNode,
  type DocumentProblem,
  type ImageSource,
} from "./blog-post.ts";
export {
  DESCRIPTION_LENGTH,
  articleDescription,
  finishBody,
  type FinishedBody,
  type LeftOutBlock,
} from "./finished-body.ts";

// An editor's save judged by the build's rules, before it is written (the editors' API, the console).
export {
  DRAFT_FIELDS,
  MAX_CONTENT_BYTES,
  checkDraft,
  type DraftFields,
  type DraftReason,
  type DraftBlockLeftOut,
  type DraftVerdict,
} from "./draft.ts";
