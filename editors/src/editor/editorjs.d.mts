// The part of Editor.js 2.31's API the console uses (see editorjs.mjs for why it is declared here).

/** A block as Editor.js saves it. */
export interface OutputBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
  tunes?: Record<string, unknown>;
}

/** What Editor.js saves: `{ time, blocks, version }`. */
export interface OutputData {
  time?: number;
  blocks: OutputBlock[];
  version?: string;
}

/** A tool or tune class; Editor.js constructs it. */
export type ToolClass = abstract new (...args: never[]) => unknown;

export interface ToolSettings {
  class: ToolClass;
  inlineToolbar?: boolean | string[];
  config?: unknown;
}

export interface BlockApi {
  id: string;
  holder: HTMLElement;
}

export interface EditorApi {
  saver: { save(): Promise<OutputData> };
}

export interface EditorConfig {
  holder: HTMLElement | string;
  tools?: Record<string, ToolSettings>;
  tunes?: string[];
  data?: OutputData;
  autofocus?: boolean;
  placeholder?: string;
  minHeight?: number;
  readOnly?: boolean;
  /** Called, batched, after each change to the blocks. */
  onChange?(api: EditorApi, event: unknown): void;
  onReady?(): void;
  i18n?: unknown;
}

export declare class EditorJS {
  constructor(config: EditorConfig);
  isReady: Promise<void>;
  save(): Promise<OutputData>;
  render(data: OutputData): Promise<void>;
  clear(): void;
  destroy(): void;
  focus(atEnd?: boolean): boolean;
  caret: {
    setToBlock(block: number | string | BlockApi, position?: "start" | "end" | "default", offset?: number): boolean;
  };
  blocks: {
    getBlockIndex(id: string): number | undefined;
    getById(id: string): BlockApi | null;
    getBlocksCount(): number;
    getBlockByIndex(index: number): BlockApi | undefined;
  };
}

export declare const AttachesTool: ToolClass;
export declare const Checklist: ToolClass;
export declare const CodeTool: ToolClass;
export declare const Delimiter: ToolClass;
export declare const Embed: ToolClass;
export declare const Header: ToolClass;
export declare const ImageTool: ToolClass;
export declare const InlineCode: ToolClass;
export declare const LinkTool: ToolClass;
export declare const List: ToolClass;
export declare const Marker: ToolClass;
export declare const NestedList: ToolClass;
export declare const Personality: ToolClass;
export declare const Quote: ToolClass;
export declare const RawTool: ToolClass;
export declare const SimpleImage: ToolClass;
export declare const Table: ToolClass;
export declare const TextVariantTune: ToolClass;
export declare const Underline: ToolClass;
export declare const Warning: ToolClass;
export declare const AlignmentTune: ToolClass;
