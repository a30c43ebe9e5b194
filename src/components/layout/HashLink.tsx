import * as React from "react";
import { navigate } from "gatsby";
import { loadHashScroll } from "../../lib/load-hash-scroll";
import { isPlainClick } from "../../lib/plain-click";

export interface HashLinkProps extends React.AnchorHTMLAttributes<HTMLAnchorElement> {
  /** "/#features" for a section of another page, "#footer" for one on every page. */
  to: string;
}

/**
 * A link to a section: on the same page it scrolls there smoothly; from another page it navigates
 * and the route-update hook in gatsby-browser does the scrolling once the section exists. The scroll
 * is fetched when the link is first pointed at or focused, before it is followed.
 */
export function HashLink({ to, onClick, children, ...rest }: HashLinkProps): JSX.Element {
  const prefetch = (): void => void loadHashScroll();
  const handleClick = (event: React.MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event);
    if (!isPlainClick(event)) return;
    const hashIndex = to.indexOf("#");
    const path = hashIndex > 0 ? to.slice(0, hashIndex) : window.location.pathname;
    const hash = to.slice(hashIndex);
    event.preventDefault();
    if (path === window.location.pathname) {
      window.history.pushState(window.history.state, "", `${path}${window.location.search}${hash}`);
      void loadHashScroll().then(({ scrollToHash }) => scrollToHash(hash));
    } else {
      void navigate(`${path}${hash}`);
    }
  };
  return (
    <a href={to} onClick={handleClick} onPointerEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch} {...rest}>
      {children}
    </a>
  );
}
