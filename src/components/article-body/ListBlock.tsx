import * as React from "react";
import type { SafeBlock, SafeListItem } from "../../lib/article-blocks";

function Items({ items, ordered }: { items: SafeListItem[]; ordered: boolean }): JSX.Element {
  const Tag = ordered ? "ol" : "ul";
  return (
    <Tag>
      {items.map((item, index) => (
        <li key={index}>
          <span dangerouslySetInnerHTML={{ __html: item.html }} />
          {item.items.length > 0 && <Items items={item.items} ordered={ordered} />}
        </li>
      ))}
    </Tag>
  );
}

/** An ordered or unordered list, with nested items. */
export function ListBlock({ block }: { block: Extract<SafeBlock, { type: "list" }> }): JSX.Element {
  return <Items items={block.items} ordered={block.ordered} />;
}
