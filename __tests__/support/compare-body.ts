// Runs in the page (page.evaluate): compares the blocks an editor saved with the article body the
// reader sees, block by block, and returns every difference in words. It reads the saved HTML with
// the browser's own parser, never with the site's code, so it judges the site rather than repeats it.
// Self-contained: Playwright sends its source to the browser.

export interface SavedBlock {
  type: string;
  data: Record<string, unknown>;
  /** Block tunes, under the names the harness gave them (textVariant, alignment). */
  tunes?: Record<string, unknown>;
}

export function compareBody(args: { blocks: SavedBlock[]; selector: string }): string[] {
  const problems: string[] = [];
  const body = document.querySelector(args.selector);
  if (!body) return [`no ${args.selector} in the page`];
  const shown = [...body.children];

  const clean = (text: string | null | undefined): string => (text ?? "").replace(/\s+/g, " ").trim();
  /** A piece of editor HTML as the browser parses it. */
  const parsed = (html: unknown): HTMLElement =>
    new DOMParser().parseFromString(`<body>${typeof html === "string" ? html : ""}</body>`, "text/html").body;
  /** The text a reader gets from a piece of editor HTML, whitespace collapsed. */
  const textOf = (html: unknown): string => clean(parsed(html).textContent);
  /** The inline marks of a piece of HTML: each mark's tag (links with their address) and text. */
  const marksOf = (root: Element): string[] =>
    [...root.querySelectorAll("b, strong, i, em, u, mark, code, a")].map((mark) => {
      const tag = mark.tagName
        .toLowerCase()
        .replace(/^strong$/, "b")
        .replace(/^em$/, "i");
      const href =
        tag === "a" ? `(${new URL(mark.getAttribute("href") ?? "", "https://www.kindred.app/").pathname})` : "";
      return `${tag}${href}:${clean(mark.textContent)}`;
    });
  const savedMarks = (html: unknown): string[] => marksOf(parsed(html));
  /** A URL as the browser reads the saved attribute value: entities decoded once. */
  const urlOf = (value: unknown): string => {
    const holder = document.createElement("div");
    holder.innerHTML = `<a href="${String(value).replace(/"/g, "&quot;")}"></a>`;
    return holder.firstElementChild!.getAttribute("href") ?? "";
  };
  const expectEqual = (where: string, what: string, seen: unknown, saved: unknown): void => {
    if (JSON.stringify(seen) !== JSON.stringify(saved))
      problems.push(`${where}: ${what} is ${JSON.stringify(seen)}, the editor saved ${JSON.stringify(saved)}`);
  };

  type Item = { text: string; checked?: boolean; items: Item[] };
  const savedItems = (items: unknown, checklist: boolean): Item[] =>
    (Array.isArray(items) ? items : []).map((raw: Record<string, unknown>) => {
      const meta = (raw.meta ?? {}) as Record<string, unknown>;
      const item: Item = { text: textOf(raw.content ?? raw.text), items: savedItems(raw.items, checklist) };
      if (checklist) item.checked = meta.checked === true || raw.checked === true;
      return item;
    });
  const shownItems = (list: Element): Item[] =>
    [...list.children].map((li) => {
      const nested = li.querySelector(":scope > ul, :scope > ol");
      const box = li.querySelector<HTMLInputElement>(':scope > label > input[type="checkbox"]');
      const textHolder = box ? box.parentElement!.querySelector("span") : li.querySelector(":scope > span");
      const item: Item = { text: clean(textHolder?.textContent), items: nested ? shownItems(nested) : [] };
      if (box) item.checked = box.checked;
      return item;
    });

  /** The element a text variant is drawn in: a citation is a quotation, details are an aside. */
  const VARIANT_TAGS: Record<string, string> = { citation: "blockquote", "call-out": "div", details: "aside" };

  /**
   * Checks a block's tunes against what wraps it, and returns the block's own element: the wrapper's
   * child when the tunes asked for a wrapper, the shown element itself otherwise.
   */
  const untuned = (where: string, block: SavedBlock, shownElement: Element): Element => {
    const variant = typeof block.tunes?.textVariant === "string" ? block.tunes.textVariant : "";
    const alignment = String((block.tunes?.alignment as { alignment?: string } | undefined)?.alignment ?? "left");
    const wrapped = shownElement.hasAttribute("data-variant") || shownElement.hasAttribute("data-text-align");
    expectEqual(where, "text variant", shownElement.getAttribute("data-variant") ?? "", variant);
    expectEqual(where, "alignment", shownElement.getAttribute("data-text-align") ?? "left", alignment);
    if (!wrapped) return shownElement;
    if (variant) expectEqual(where, "variant element", shownElement.tagName.toLowerCase(), VARIANT_TAGS[variant]);
    if (alignment !== "left") expectEqual(where, "text-align", getComputedStyle(shownElement).textAlign, alignment);
    return shownElement.firstElementChild ?? shownElement;
  };

  args.blocks.forEach((block, index) => {
    const where = `block ${index} (${block.type})`;
    const shownElement = shown[index];
    const data = block.data;
    if (!shownElement) {
      problems.push(`${where}: not shown`);
      return;
    }
    const element = untuned(where, block, shownElement);
    const tag = element.tagName.toLowerCase();
    switch (block.type) {
      case "paragraph":
        expectEqual(where, "element", tag, "p");
        expectEqual(where, "text", clean(element.textContent), textOf(data.text));
        expectEqual(where, "inline marks", marksOf(element), savedMarks(data.text));
        break;
      case "header":
        expectEqual(where, "is a heading", /^h[2-6]$/.test(tag), true);
        expectEqual(where, "text", clean(element.textContent), textOf(data.text));
        expectEqual(where, "editor level", element.getAttribute("data-editor-level"), String(data.level));
        break;
      case "list":
      case "nestedList":
      case "checklist": {
        const style = block.type === "checklist" ? "checklist" : String(data.style);
        const meta = (data.meta ?? {}) as Record<string, unknown>;
        expectEqual(where, "list element", tag, style === "ordered" ? "ol" : "ul");
        if (style === "ordered") {
          expectEqual(where, "first number", Number(element.getAttribute("start") ?? 1), Number(meta.start ?? 1));
          const types: Record<string, string> = {
            numeric: "1",
            "lower-roman": "i",
            "upper-roman": "I",
            "lower-alpha": "a",
            "upper-alpha": "A",
          };
          expectEqual(
            where,
            "counter type",
            element.getAttribute("type") ?? "1",
            types[String(meta.counterType ?? "numeric")],
          );
        }
        expectEqual(where, "items", shownItems(element), savedItems(data.items, style === "checklist"));
        break;
      }
      case "image":
      case "simpleImage": {
        const image = element.querySelector("img");
        const file = data.file as Record<string, unknown> | undefined;
        expectEqual(where, "image address", image?.getAttribute("src"), urlOf(file ? file.url : data.url));
        expectEqual(where, "caption", clean(element.querySelector("figcaption")?.textContent), textOf(data.caption));
        expectEqual(where, "alt text", image?.getAttribute("alt"), textOf(data.caption));
        for (const [option, attribute] of [
          ["withBorder", "data-border"],
          ["stretched", "data-stretched"],
          ["withBackground", "data-background"],
        ] as const) {
          expectEqual(where, option, element.getAttribute(attribute), String(data[option] === true));
        }
        break;
      }
      case "embed": {
        const source = urlOf(data.source);
        const links = [...element.querySelectorAll("a")].map((a) => a.getAttribute("href"));
        expectEqual(where, "links to the source", links.includes(source), true);
        const caption = clean(element.querySelector("figcaption span, figcaption")?.textContent);
        expectEqual(where, "caption", caption.startsWith(textOf(data.caption)), true);
        break;
      }
      case "quote":
        expectEqual(where, "quote", clean(element.querySelector("blockquote")?.textContent), textOf(data.text));
        expectEqual(where, "caption", clean(element.querySelector("figcaption")?.textContent), textOf(data.caption));
        expectEqual(where, "alignment", element.getAttribute("data-alignment"), String(data.alignment));
        break;
      case "table": {
        const rows = [...element.querySelectorAll("tr")].map((row) =>
          [...row.children].map((cell) => clean(cell.textContent)),
        );
        const saved = (data.content as unknown[][]).map((row) => row.map(textOf));
        expectEqual(where, "cells", rows, saved);
        expectEqual(where, "heading row", element.querySelectorAll("thead th").length > 0, data.withHeadings === true);
        break;
      }
      case "code":
        expectEqual(where, "element", tag, "pre");
        expectEqual(where, "code", element.textContent, data.code);
        break;
      case "delimiter":
        expectEqual(where, "element", tag, "hr");
        break;
      case "warning":
        expectEqual(where, "role", element.getAttribute("role"), "note");
        expectEqual(where, "title", clean(element.querySelector("strong")?.textContent), textOf(data.title));
        expectEqual(where, "message", clean(element.querySelector("p:last-child")?.textContent), textOf(data.message));
        expectEqual(where, "inline marks", marksOf(element).slice(1), savedMarks(`${data.title}${data.message}`));
        break;
      case "attaches": {
        const file = data.file as Record<string, unknown>;
        const link = element.querySelector("a");
        const kib = `${(Number(file.size) / 1024).toFixed(1)} KiB`;
        const extension = String(file.name).split(".").pop()!.toUpperCase();
        expectEqual(where, "file address", link?.getAttribute("href"), urlOf(file.url));
        const title = textOf(data.title) || textOf(file.name);
        expectEqual(where, "link text", clean(link?.textContent), `${title} ${extension} · ${kib}`);
        break;
      }
      case "linkTool": {
        const meta = data.meta as Record<string, unknown>;
        const link = element.querySelector("a");
        const image = (meta.image as Record<string, unknown> | undefined)?.url;
        expectEqual(where, "link", link?.getAttribute("href"), new URL(String(data.link)).href);
        expectEqual(where, "title", link?.querySelector("span span")?.textContent, textOf(meta.title));
        expectEqual(where, "text", clean(link?.textContent).includes(textOf(meta.description)), true);
        expectEqual(
          where,
          "host",
          clean(link?.textContent).endsWith(new URL(String(data.link)).hostname.replace(/^www\./, "")),
          true,
        );
        expectEqual(
          where,
          "image",
          link?.querySelector("img")?.getAttribute("src") ?? null,
          image ? urlOf(image) : null,
        );
        break;
      }
      case "raw":
        expectEqual(where, "text", clean(element.textContent), textOf(data.html));
        expectEqual(where, "inline marks", marksOf(element), savedMarks(data.html));
        expectEqual(
          where,
          "elements",
          [...element.querySelectorAll("*")].map((node) => node.tagName.toLowerCase()),
          [...parsed(data.html).querySelectorAll("*")].map((node) => node.tagName.toLowerCase()),
        );
        break;
      case "personality": {
        const link = element.querySelector("a");
        expectEqual(where, "name", clean(element.querySelector("strong")?.textContent), textOf(data.name));
        expectEqual(where, "text", clean(element.textContent).includes(textOf(data.description)), true);
        expectEqual(where, "link", link?.getAttribute("href"), new URL(String(data.link)).href);
        expectEqual(where, "photo", element.querySelector("img")?.getAttribute("src"), urlOf(data.photo));
        break;
      }
      default:
        problems.push(`${where}: a block type the comparison does not know`);
    }
  });
  if (shown.length !== args.blocks.length)
    problems.push(`the page shows ${shown.length} blocks, the editor saved ${args.blocks.length}`);
  return problems;
}
