import * as React from "react";
import { EditorJS, type OutputData } from "./editorjs.mjs";
import { editorTools } from "./tools";
import * as styles from "./editor.module.css";

// The article's body in the real Editor.js, with the site's tools and tunes (tools.ts). One Editor.js
// per mounted component: made when it mounts, destroyed when it unmounts (React 18's strict mode mounts
// twice in development: the first is destroyed before the second is used, each in its own holder).

/** A mark beside a block: what the build would leave out of it. */
export interface BlockMark {
  /** The block's Editor.js id, or its index when it has none. */
  block: string | number;
  words: string;
}

export interface BodyEditorHandle {
  /** Shows `data` in place of the body (another version), without telling onChange. */
  render(data: OutputData): Promise<void>;
  /** Puts the cursor in a block, by its Editor.js id or its index, and brings it into view. */
  focusBlock(block: string | number): void;
}

export interface BodyEditorProps {
  /** The body when the editor mounts. */
  initial: OutputData;
  /** Each change of the body, as Editor.js saves it. */
  onChange(data: OutputData): void;
  marks: readonly BlockMark[];
  /** Told once Editor.js has drawn the body. */
  onReady?(): void;
}

/** Editor.js saves under `time`; two saves of the same blocks differ only there. */
const sameBlocks = (a: OutputData, b: OutputData): boolean => JSON.stringify(a.blocks) === JSON.stringify(b.blocks);

export const BodyEditor = React.forwardRef<BodyEditorHandle, BodyEditorProps>(function BodyEditor(
  { initial, onChange, marks, onReady },
  handle,
) {
  const host = React.useRef<HTMLDivElement>(null);
  const editor = React.useRef<EditorJS | null>(null);
  const [ready, setReady] = React.useState(false);
  const latest = React.useRef({ initial, onChange, onReady });
  latest.current = { initial, onChange, onReady };
  /**
   * The body as Editor.js itself saves what it shows (its tools add ids and defaults to stored blocks, and
   * change their own elements as they draw, which Editor.js reports as changes): a change that saves the
   * same blocks is no change, so opening an article saves nothing. Taken once Editor.js is ready, and
   * again after each render; every change waits for it.
   */
  const shown = React.useRef<{ baseline: Promise<OutputData | null> }>({ baseline: Promise.resolve(null) });

  React.useEffect(() => {
    const holder = document.createElement("div");
    host.current?.appendChild(holder);
    let alive = true;
    const instance = new EditorJS({
      holder,
      ...editorTools(),
      data: latest.current.initial,
      placeholder: "Write the article here. Press Tab or / for the other blocks.",
      minHeight: 120,
      onChange: (api) => {
        const { baseline } = shown.current;
        void baseline
          .then(async (before) => {
            const data = await api.saver.save();
            if (!alive || (before && sameBlocks(data, before))) return;
            shown.current = { baseline: Promise.resolve(data) };
            latest.current.onChange(data);
          })
          .catch(() => undefined);
      },
    });
    editor.current = instance;
    shown.current = { baseline: instance.isReady.then(() => instance.save()).catch(() => null) };
    instance.isReady.then(
      () => {
        if (!alive) return;
        setReady(true);
        latest.current.onReady?.();
      },
      () => undefined,
    );
    return () => {
      alive = false;
      editor.current = null;
      setReady(false);
      holder.remove();
      // Editor.js can only be destroyed once it is ready.
      instance.isReady.then(
        () => instance.destroy(),
        () => undefined,
      );
    };
  }, []);

  React.useImperativeHandle(
    handle,
    () => ({
      async render(data) {
        const instance = editor.current;
        if (!instance) return;
        await instance.isReady;
        const baseline = instance
          .render(data)
          .then(() => instance.save())
          .catch(() => null);
        shown.current = { baseline };
        await baseline;
      },
      focusBlock(block) {
        const instance = editor.current;
        if (!instance) return;
        const index = typeof block === "number" ? block : instance.blocks.getBlockIndex(block);
        if (index === undefined || index < 0) return;
        instance.caret.setToBlock(index, "end");
        instance.blocks.getBlockByIndex(index)?.holder.scrollIntoView({ block: "center" });
      },
    }),
    [],
  );

  // Each mark goes into its block's element, beside the block's content: Editor.js reads a block's
  // content from its tool's element only, and watches nothing else of it.
  React.useEffect(() => {
    const instance = editor.current;
    const root = host.current;
    if (!ready || !instance || !root) return;
    for (const old of Array.from(root.querySelectorAll(`.${styles.leftOut}`))) old.remove();
    for (const { block, words } of marks) {
      const target =
        typeof block === "number" ? instance.blocks.getBlockByIndex(block) : instance.blocks.getById(block);
      if (!target) continue;
      const mark = document.createElement("p");
      mark.className = styles.leftOut ?? "";
      mark.contentEditable = "false";
      mark.textContent = words;
      target.holder.appendChild(mark);
    }
  }, [marks, ready]);

  return <div ref={host} className={styles.body} aria-busy={!ready} />;
});
