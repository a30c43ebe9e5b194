import * as React from "react";
import { Link } from "gatsby";
import { HashLink } from "./HashLink";
import { Newsletter } from "./Newsletter";
import { COPYRIGHT_YEAR } from "../../lib/constants";
import * as styles from "./footer.module.css";

const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

import { SUPPORT_EMAIL } from "../legal/SupportEmailLink";

const SOCIAL_LINKS = [
  {
    label: "Kindred on Instagram",
    href: "https://www.instagram.com/kindred.app",
    icon: "M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM21 7.6c-.1-1.6-.4-3-1.6-4.1C18.3 2.4 16.9 2 15.4 2H8.6C7 2 5.7 2.4 4.5 3.5 3.4 4.6 3 6 3 7.6v8.8c0 1.6.4 3 1.6 4.1 1.1 1.1 2.5 1.5 4 1.5h6.8c1.6 0 3-.4 4.1-1.5 1.1-1.1 1.5-2.5 1.6-4.1V7.6zm-2 10.3c-.3.8-.9 1.4-1.7 1.7-1.2.5-3.9.4-5.3.4s-4.1.1-5.3-.4a3 3 0 0 1-1.7-1.7c-.5-1.2-.4-3.9-.4-5.3s-.1-4.1.4-5.3c.3-.8.9-1.4 1.7-1.7 1.2-.5 3.9-.4 5.3-.4s4.1-.1 5.3.4c.8.3 1.4.9 1.7 1.7.5 1.2.4 3.9.4 5.3s.1 4.1-.4 5.3z",
  },
  {
    label: "Kindred on LinkedIn",
    href: "https://www.linkedin.com/company/kindred-app",
    icon: "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4v11H3v-11zm6.5 0h3.8v1.5h.1c.5-1 1.8-1.9 3.7-1.9 4 0 4.7 2.6 4.7 6v6.4h-4v-5.7c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3v5.8h-4.2v-12z",
  },
  {
    label: `E-mail ${SUPPORT_EMAIL}`,
    href: `mailto:${SUPPORT_EMAIL}`,
    icon: "M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.3V17h16V7.3l-8 5.3-8-5.3zM5.4 7l6.6 4.4L18.6 7H5.4z",
  },
];

/** The shared footer: contact details, important links, social links, newsletter and copyright. */
export function Footer(): JSX.Element {
  return (
    <footer id="footer" className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact info
          </h2>
          <address className={styles.address}>
            Kindred Technologies
            <br />
            Indiranagar, Bengaluru
            <br />
            Karnataka 560038, India
          </address>
          <ul className={styles.social} aria-label="Follow us">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.href}>
                <a href={social.href} {...NEW_TAB} aria-label={social.label} className={styles.socialLink}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={social.icon} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            Important Links
          </h2>
          <ul className={styles.links}>
            <li>
              <HashLink to="/#features">Features</HashLink>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <HashLink to="/#aboutUs">About</HashLink>
            </li>
            <li>
              <a href="/privacy" {...NEW_TAB}>
                Privacy Policies
              </a>
            </li>
            <li>
              <a href="/terms" {...NEW_TAB}>
                Terms and Conditions
              </a>
            </li>
          </ul>
        </section>
        <Newsletter />
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>Copyright ©{COPYRIGHT_YEAR}, All rights reserved</p>
        <a href="/safety" {...NEW_TAB}>
          Safety and Child Protection Policy
        </a>
      </div>
    </footer>
  );
}
