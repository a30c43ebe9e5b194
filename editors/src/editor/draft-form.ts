import type { DraftFields } from "@kindred/article";
import type { AutosaveState } from "./autosave";
import type { OutputData } from "./editorjs.mjs";

// The editing form as plain data: its values, the draft saveArticle takes from them, and the line that
// says whether it is saved.

/** The form's values: the draft's fields, the categories as typed. */
export interface Form {
  title: string;
  slug: string;
  categories: string;
  featureImage: string;
  content: OutputData;
}

export const formOf = (fields: DraftFields): Form => ({
  title: fields.title,
  slug: fields.slug,
  categories: fields.categories.join(", "),
  featureImage: fields.featureImage,
  content: fields.content as OutputData,
});

/** The categories as a list: split at commas, trimmed, empty ones and repeats left out. */
export const categoriesOf = (typed: string): string[] => [
  ...new Set(
    typed
      .split(",")
      .map((category) => category.trim())
      .filter(Boolean),
  ),
];

/** What saveArticle is given: the fields trimmed, the categories listed. */
export const draftOf = (form: Form): DraftFields => ({
  title: form.title.trim(),
  slug: form.slug.trim(),
  categories: categoriesOf(form.categories),
  featureImage: form.featureImage.trim(),
  content: form.content,
});

const sentence = (text: string): string => text.replace(/[.\s]*$/, "");

/** The line under the title: "Saved …", or why not. `version` is the version open in the editor. */
export function saveWords(state: AutosaveState, version: number): string {
  switch (state.kind) {
    case "idle":
      return version > 0
        ? `Version ${version} is open. Changes are saved as you type.`
        : "Changes are saved as you type.";
    case "waiting":
      return "Unsaved changes…";
    case "saving":
      return "Saving…";
    case "saved":
      return `Saved as version ${state.version} at ${state.at.toLocaleTimeString("en-GB")}.`;
    case "refused":
      return `Not saved: ${sentence(state.message)}. What is marked below is saved as soon as it passes.`;
    case "conflict":
      return "Not saved: someone saved a newer version.";
    case "signed-out":
      return `Not saved: ${sentence(state.message)}.`;
    case "failed":
      return `Not saved: ${sentence(state.message)}. Trying again in ${Math.round(state.retryInMs / 1000)} s.`;
  }
}
