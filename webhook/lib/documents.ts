// The documents a rebuild request names: which ids a request may carry, and how a build is told
// about them. Kept apart from the service's classes so that both sides can be tested alone.

/** The most document ids one request may name (the trigger sends one batch of changes). */
export const MAX_DOCUMENTS_PER_REQUEST = 1000;

/**
 * The `documents` of a rebuild request as a list of Firestore document ids, or null when it is not
 * one: an array of at most MAX_DOCUMENTS_PER_REQUEST strings, each a single path segment (no slash,
 * not "." or "..", no control characters, at most 1,500 characters). Absent means none.
 */
export function documentIds(value: unknown): string[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_DOCUMENTS_PER_REQUEST) return null;
  const valid = (id: unknown): id is string =>
    typeof id === "string" &&
    id.length > 0 &&
    id.length <= 1500 &&
    id !== "." &&
    id !== ".." &&
    !id.includes("/") &&
    ![...id].some((c) => c === "," || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return value.every(valid) ? [...new Set(value)] : null;
}

/** Past this many named documents, reading them one by one costs more than reading everything. */
export const MAX_NAMED_DOCUMENTS = 500;

/**
 * What the build command is told about the documents its triggers named: CHANGED_DOCUMENT_IDS for
 * the source plugin to read even if their lastUpdate did not move (an unpublish, an edit made
 * without touching it), or, past MAX_NAMED_DOCUMENTS, FIRESTORE_FULL_READ. The build is correct
 * without either; they make a warm build read less, or be right sooner.
 */
export function sourcingRequest(
  documents: readonly string[],
  output: (text: string) => void = () => undefined,
): Record<string, string> {
  if (documents.length === 0) return {};
  if (documents.length > MAX_NAMED_DOCUMENTS) {
    output(
      `${documents.length} documents named, more than ${MAX_NAMED_DOCUMENTS}: the build reads every published document.\n`,
    );
    return { FIRESTORE_FULL_READ: "true" };
  }
  output(`Documents named by the triggers: ${documents.join(", ")}\n`);
  return { CHANGED_DOCUMENT_IDS: documents.join(",") };
}
