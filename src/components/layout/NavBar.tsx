import * as React from "react";
import { Link, navigate } from "gatsby";
import { HashLink } from "./HashLink";
import { GetTheAppButton } from "./GetTheAppButton";
import { isNavScrolled } from "../../lib/nav-scroll";
import { isPlainClick } from "../../lib/plain-click";
import * as styles from "./nav-bar.module.css";

interface NavItem {
  label: string;
  to: string;
  kind: "page" | "section";
}

const MENU_ID = "site-menu";

const NAV_ITEMS: NavItem[] = [
  { label: "Features", to: "/#features", kind: "section" },
  { label: "Blog", to: "/blog", kind: "page" },
  { label: "About", to: "/#aboutUs", kind: "section" },
  { label: "Contact us", to: "#footer", kind: "section" },
];

const topOf = (id: string): number | null => {
  const element = document.getElementById(id);
  return element ? element.getBoundingClientRect().top + window.scrollY : null;
};

/** Scrolled style while the page is between the top of the hero and the features section. */
function useScrolledStyle(): boolean {
  const [scrolled, setScrolled] = React.useState(false);
  React.useEffect(() => {
    let frame = 0;
    const update = (): void => {
      frame = 0;
      setScrolled(isNavScrolled(window.scrollY, topOf("hero"), topOf("features")));
    };
    const onScroll = (): void => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);
  return scrolled;
}

/** The shared navigation bar: brand, section and page links, "Get the app", and the mobile menu. */
/** A plain click on the brand opens Home without a reload; others (a new tab) are the browser's. */
function openHome(event: React.MouseEvent<HTMLAnchorElement>): void {
  if (!isPlainClick(event)) return;
  event.preventDefault();
  void navigate("/");
}

export function NavBar(): JSX.Element {
  const [menuOpen, setMenuOpen] = React.useState(false);
  // False in the server's HTML and until React has hydrated it: until then the menu works with
  // links and the :target selector (see nav-bar.module.css), with or without JavaScript.
  const [enhanced, setEnhanced] = React.useState(false);
  const scrolled = useScrolledStyle();
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const closeMenu = (): void => setMenuOpen(false);

  React.useEffect(() => {
    setEnhanced(true);
    // Opened with the plain link before the scripts arrived: keep it open, now as a button.
    if (window.location.hash === `#${MENU_ID}`) setMenuOpen(true);
  }, []);

  React.useEffect(() => {
    if (!menuOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header
      className={`${styles.header} ${scrolled ? styles.scrolled : ""} ${enhanced ? "" : styles.linkMenu}`}
      data-site-nav
      data-scrolled={scrolled}
    >
      <nav className={`container ${styles.bar}`} aria-label="Main">
        {/*
          A plain link that opens Home through the router: Gatsby's Link prefetched Home's page data
          again whenever the bar's brand came back into view, on /blog as a search's results changed
          the page's height, twice each time (docs/first-load.md, Nothing fetched twice).
        */}
        <a href="/" className={styles.brand} onClick={openHome}>
          <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.7 1.2 4.6 2.7.9-1.5 2.5-2.7 4.6-2.7 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z" />
          </svg>
          Kindred
        </a>
        {enhanced ? (
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className={styles.toggleBars} aria-hidden="true" />
          </button>
        ) : (
          <>
            {/* Without JavaScript: a link to the menu opens it (:target), another link away closes it. */}
            <a href={`#${MENU_ID}`} className={`${styles.toggle} ${styles.openLink}`} aria-label="Menu">
              <span className={styles.toggleBars} aria-hidden="true" />
            </a>
            <a href="#menu-closed" className={`${styles.toggle} ${styles.closeLink}`} aria-label="Close the menu">
              <span className={styles.toggleBars} aria-hidden="true" />
            </a>
          </>
        )}
        <div id={MENU_ID} className={`${styles.menu} ${menuOpen ? styles.menuOpen : ""}`}>
          <ul className={styles.links}>
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                {item.kind === "page" ? (
                  <Link to={item.to} className={styles.link} activeClassName={styles.active} onClick={closeMenu}>
                    {item.label}
                  </Link>
                ) : (
                  <HashLink to={item.to} className={styles.link} onClick={closeMenu}>
                    {item.label}
                  </HashLink>
                )}
              </li>
            ))}
          </ul>
          <GetTheAppButton source="navigation" onClick={closeMenu} />
        </div>
      </nav>
    </header>
  );
}
