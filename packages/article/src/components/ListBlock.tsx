import * as React from "react";
import { OL_TYPE, type SafeBlock, type SafeListItem } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

type ListProps = { block: Extract<SafeBlock, { type: "list" }> };

/** A checklist item: a read-only checkbox, labelled by the item's text, so its state is announced. */
function ChecklistItem({ item, block }: { item: SafeListItem; block: ListProps["block"] }): JSX.Element {
  const classes = useBodyClasses();
  return (
    <li className={classes.checkItem} data-checked={item.checked === true}>
      <label>
        <input type="checkbox" className={classes.checkbox} checked={item.checked === true} disabled />{" "}
        <span dangerouslySetInnerHTML={{ __html: item.html }} />
      </label>
      {item.items.length > 0 && <Items items={item.items} block={block} nested />}
    </li>
  );
}

function Items({
  items,
  block,
  nested,
}: {
  items: SafeListItem[];
  block: ListProps["block"];
  nested: boolean;
}): JSX.Element {
  const classes = useBodyClasses();
  if (block.style === "checklist") {
    return (
      <ul className={classes.checklist}>
        {items.map((item, index) => (
          <ChecklistItem key={index} item={item} block={block} />
        ))}
      </ul>
    );
  }
  const children = items.map((item, index) => (
    <li key={index}>
      <span dangerouslySetInnerHTML={{ __html: item.html }} />
      {item.items.length > 0 && <Items items={item.items} block={block} nested />}
    </li>
  ));
  if (block.style === "unordered") return <ul>{children}</ul>;
  // A nested list counts from 1 again, in the same counter type, as the editor shows it.
  const start = !nested && block.start !== 1 ? block.start : undefined;
  const type = block.counterType === "numeric" ? undefined : OL_TYPE[block.counterType];
  return (
    <ol start={start} type={type}>
      {children}
    </ol>
  );
}

/** An ordered list (with its first number and counter type), a bulleted list or a checklist, nested. */
export function ListBlock({ block }: ListProps): JSX.Element {
  return <Items items={block.items} block={block} nested={false} />;
}
