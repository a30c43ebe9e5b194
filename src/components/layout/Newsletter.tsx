import * as React from "react";
import { isValidEmail } from "../../lib/email";
import { showToast } from "./Toasts";
import * as styles from "./footer.module.css";

// The texts docs/requirements.md quotes for the newsletter box, each once in the code.
const NEWSLETTER_INVALID = "Please enter a valid email address.";
const NEWSLETTER_SUBSCRIBED = "Thank you for subscribing!";

/**
 * The footer's newsletter box. The address is only checked here; it is never sent or stored.
 * The field is cleared after every press of Subscribe, valid or not.
 */
export function Newsletter(): JSX.Element {
  const [email, setEmail] = React.useState("");

  const subscribe = (event: React.FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (isValidEmail(email)) void showToast("success", NEWSLETTER_SUBSCRIBED);
    else void showToast("error", NEWSLETTER_INVALID);
    setEmail("");
  };

  return (
    <form className={styles.newsletter} onSubmit={subscribe} noValidate aria-labelledby="newsletter-prompt">
      <p id="newsletter-prompt" className={styles.prompt}>
        Stay informed about our monthly promotions &amp; more
      </p>
      <div className={styles.newsletterRow}>
        <label htmlFor="newsletter-email" className="visually-hidden">
          Email address
        </label>
        <input
          id="newsletter-email"
          className={styles.input}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className={styles.subscribe}>
          Subscribe
        </button>
      </div>
    </form>
  );
}
