import * as React from "react";
import { PENDING_SECTION_ATTRIBUTE, REVEAL_SECTIONS_EVENT } from "../../lib/deferred-sections";
import * as styles from "./home.module.css";

type SectionModule = { default: React.ComponentType };

/**
 * A home-page section whose code loads only when it nears the viewport (or a hash link asks for it).
 *
 * The server renders it in full, so the HTML is complete and nothing shifts. In the browser the
 * lazy component waits on `visible`: while it waits during hydration React keeps the server's HTML
 * untouched, then hydrates it once the chunk has arrived. On a client-side visit the placeholder
 * reserves the section's space until then.
 *
 * `serverModule` is the section's module itself, for the server render only (the caller passes it
 * when process.env.BUILD_STAGE is "build-html", so the browser bundle never holds it). With it the
 * section renders at once, inside the same Suspense boundary, instead of suspending: Gatsby renders
 * two pages at a time, react-helmet keeps one head for the whole process, and a page that suspends
 * while another finishes loses its title, description and canonical link to the other's
 * renderStatic() (a warm build published Home with an empty head that way).
 */
export function onDemandSection(
  load: () => Promise<SectionModule>,
  placeholderClassName: string,
  serverModule?: SectionModule,
): React.ComponentType {
  let reveal: () => void = () => undefined;
  const visible = new Promise<void>((resolve) => {
    reveal = resolve;
  });
  if (typeof window === "undefined") reveal();
  const Section =
    serverModule && typeof window === "undefined" ? serverModule.default : React.lazy(() => visible.then(load));

  function OnDemand(): JSX.Element {
    const anchorRef = React.useRef<HTMLDivElement>(null);
    React.useEffect(() => {
      if (window.location.hash !== "" || typeof IntersectionObserver === "undefined") {
        reveal();
        return undefined;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) reveal();
        },
        { rootMargin: "600px 0px" },
      );
      if (anchorRef.current) observer.observe(anchorRef.current);
      window.addEventListener(REVEAL_SECTIONS_EVENT, reveal);
      return () => {
        observer.disconnect();
        window.removeEventListener(REVEAL_SECTIONS_EVENT, reveal);
      };
    }, []);
    return (
      <div ref={anchorRef} className={styles.onDemand}>
        <React.Suspense
          fallback={
            <div className={placeholderClassName} aria-hidden="true" {...{ [PENDING_SECTION_ATTRIBUTE]: "" }} />
          }
        >
          <Section />
        </React.Suspense>
      </div>
    );
  }
  return OnDemand;
}
