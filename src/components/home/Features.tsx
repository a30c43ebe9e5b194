import * as React from "react";
import * as styles from "./home.module.css";

interface Feature {
  title: string;
  text: string;
  icon: string;
}

const FEATURES: Feature[] = [
  {
    title: "Matches that make sense",
    text: "Tell us what matters to you, from values to weekend plans, and we introduce a handful of people each day who share it. Fewer profiles, better conversations.",
    icon: "M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.7 1.2 4.6 2.7.9-1.5 2.5-2.7 4.6-2.7 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z",
  },
  {
    title: "Verified profiles",
    text: "A quick selfie check confirms that every person you talk to is who their photos say they are, so you can relax and be yourself.",
    icon: "M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3z",
  },
  {
    title: "Conversation starters",
    text: "Thoughtful prompts drawn from both profiles help you skip the small talk and get to the stories that make someone interesting.",
    icon: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2zm3 5v2h10V9H7zm0 4v2h7v-2H7z",
  },
  {
    title: "Safety built in",
    text: "Report or block anyone in two taps, share your date plans with a friend, and know that our team reviews every report quickly.",
    icon: "M12 1 3 5v6c0 5.5 3.8 10.7 9 12 5.2-1.3 9-6.5 9-12V5l-9-4zm0 6a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm0 5.5c2 0 4 1 4 2.5v1H8v-1c0-1.5 2-2.5 4-2.5z",
  },
  {
    title: "Date ideas nearby",
    text: "When you are ready to meet, find cafés, walks and events close to both of you, chosen for a relaxed first date.",
    icon: "M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z",
  },
  {
    title: "You control your privacy",
    text: "Choose who sees your profile, hide your distance, and pause your account whenever life gets busy. Your data is never sold.",
    icon: "M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9zm3 3.5a1.5 1.5 0 0 1 .8 2.8V18h-1.6v-1.7a1.5 1.5 0 0 1 .8-2.8z",
  },
];

/** What the app does differently, as six short promises. */
export default function Features(): JSX.Element {
  return (
    <section id="features" className={styles.features} aria-labelledby="features-heading">
      <div className="container">
        <h2 id="features-heading" className={styles.sectionHeading}>
          Built for real connections
        </h2>
        <p className={styles.sectionIntro}>
          Kindred is designed around one idea: the right person is worth more than a thousand swipes.
        </p>
        <ul className={styles.featureGrid}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={styles.featureCard}>
              <svg className={styles.featureIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={feature.icon} />
              </svg>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
