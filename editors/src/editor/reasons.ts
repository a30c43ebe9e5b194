import type { DraftBlockLeftOut, DraftReason } from "@kindred/article";

// A refused save names each broken rule by its field (details.reasons[].field, docs/editors-api.md);
// the console shows each beside the field it names, in the words of the field's own label.

/** The fields an editor fills, by the names the API gives them, with the labels the console shows. */
export const FIELD_LABELS = {
  title: "Title",
  slug: "Slug",
  categories: "Categories",
  featureImage: "Cover image URL",
  content: "Article body",
} as const;

export type FieldName = keyof typeof FIELD_LABELS;

const isField = (field: string): field is FieldName => Object.prototype.hasOwnProperty.call(FIELD_LABELS, field);

export interface ReasonsShown {
  /** For each field shown, its reasons as sentences that begin with the field's label. */
  byField: Partial<Record<FieldName, string[]>>;
  /** Reasons about anything else, in the API's own words. */
  other: string[];
}

/** The reasons of a refusal, placed beside the fields they name. */
export function reasonsByField(reasons: readonly DraftReason[]): ReasonsShown {
  const byField: Partial<Record<FieldName, string[]>> = {};
  const other: string[] = [];
  for (const reason of reasons) {
    if (!isField(reason.field)) {
      other.push(reason.message);
      continue;
    }
    const sentence = `${FIELD_LABELS[reason.field]} ${reason.rule.replace(/[.\s]+$/, "")}.`;
    (byField[reason.field] ??= []).push(sentence);
  }
  return { byField, other };
}

/** What the build would leave out of the page or cut, by the block's index in the body as saved. */
export function blocksLeftOutByIndex(blocks: readonly DraftBlockLeftOut[]): Map<number, string[]> {
  const marks = new Map<number, string[]>();
  for (const { block, reason } of blocks) {
    const list = marks.get(block) ?? [];
    list.push(reason);
    marks.set(block, list);
  }
  return marks;
}
