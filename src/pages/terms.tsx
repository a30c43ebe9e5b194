import * as React from "react";
import { Link } from "gatsby";
import { LegalPage, type LegalSection } from "../components/legal/LegalPage";
import { POLICIES_UPDATED, SUPPORT_EMAIL } from "../components/legal/support";

const SECTIONS: LegalSection[] = [
  {
    id: "acceptance",
    heading: "1. Accepting these terms",
    body: (
      <p>
        By creating a Kindred account, downloading the app or using this website, you agree to these Terms and
        Conditions and to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use Kindred.
        These terms are an agreement between you and Kindred Technologies, Bengaluru, India.
      </p>
    ),
  },
  {
    id: "eligibility",
    heading: "2. Who can use Kindred",
    body: (
      <>
        <p>
          <strong>You must be over 18 years of age</strong> to create an account or use the app. By registering you
          confirm that you are over 18, that you are legally able to enter into this agreement, and that you have not
          been convicted of a sexual offence or barred from using dating services.
        </p>
        <p>
          We remove any account we believe belongs to someone under 18, and we report suspected child exploitation to
          the authorities as described in our <Link to="/safety">Safety and Child Protection Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "account",
    heading: "3. Your account",
    body: (
      <ul>
        <li>Give accurate information about yourself and keep it up to date.</li>
        <li>Use only your own photos, and keep your login details private.</li>
        <li>One person, one account. Accounts cannot be sold, shared or transferred.</li>
        <li>You are responsible for everything that happens under your account.</li>
      </ul>
    ),
  },
  {
    id: "conduct",
    heading: "4. How we expect you to behave",
    body: (
      <>
        <p>Kindred is for people looking for genuine connections. You agree not to:</p>
        <ul>
          <li>harass, threaten, bully, stalk or intimidate anyone;</li>
          <li>post nudity, sexual content involving minors, hate speech, violence or anything illegal;</li>
          <li>impersonate anyone or misrepresent your identity, age or relationship status;</li>
          <li>ask other members for money, or promote products, services or schemes;</li>
          <li>use bots, scrapers or any automated means to access the service;</li>
          <li>share another person&apos;s private information without their consent.</li>
        </ul>
      </>
    ),
  },
  {
    id: "content",
    heading: "5. Content you share",
    body: (
      <p>
        You keep ownership of the photos and words you post. You give Kindred a non-exclusive, worldwide, royalty-free
        licence to host, show and adapt that content only to operate and improve the service. We may remove content that
        breaks these terms or the law, and we moderate content with automated tools and human reviewers.
      </p>
    ),
  },
  {
    id: "termination",
    heading: "6. Suspension and termination",
    body: (
      <>
        <p>
          We may suspend or terminate your account at any time, <strong>without notice</strong>, if we believe you have
          broken these terms, put other members at risk, or broken the law. Where it is safe and lawful, we will tell
          you why.
        </p>
        <p>
          You can delete your account whenever you like from the app&apos;s settings. Deleting the app alone does not
          delete your account.
        </p>
      </>
    ),
  },
  {
    id: "purchases",
    heading: "7. Subscriptions and purchases",
    body: (
      <p>
        Optional paid features are billed through the app store you downloaded Kindred from, under that store&apos;s
        terms. Subscriptions renew automatically until you cancel them in your store account settings. Refunds follow the
        store&apos;s policy and applicable Indian consumer law.
      </p>
    ),
  },
  {
    id: "safety",
    heading: "8. Meeting people safely",
    body: (
      <p>
        Kindred does not run criminal background checks on its members. Take care when communicating with and meeting
        people: meet in public places, tell a friend your plans, and use the in-app Report feature if anything worries
        you. You are responsible for your interactions with other members.
      </p>
    ),
  },
  {
    id: "liability",
    heading: "9. Disclaimers and liability",
    body: (
      <p>
        The service is provided &quot;as is&quot;. To the extent permitted by law, Kindred is not liable for indirect or
        consequential losses, or for the conduct of any member on or off the app. Nothing in these terms limits liability
        that cannot be limited under Indian law.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "10. Changes to these terms",
    body: (
      <p>
        We may update these terms as the service evolves. For material changes we will give you{" "}
        <strong>at least 30 days&apos; notice</strong> in the app or by e-mail before they take effect. If you keep
        using Kindred after that, you accept the updated terms.
      </p>
    ),
  },
  {
    id: "law",
    heading: "11. Governing law and contact",
    body: (
      <p>
        These terms are governed by the laws of India, and the courts of Bengaluru, Karnataka, have jurisdiction.
        Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** Terms and Conditions. */
export default function TermsPage(): JSX.Element {
  return (
    <LegalPage
      title="Terms and Conditions"
      description="The rules for using Kindred: who can join (over 18 only), how we expect members to behave, and how accounts can be suspended or terminated."
      path="/terms"
      lastUpdated={POLICIES_UPDATED}
      intro={
        <p>
          Kindred exists to help adults build meaningful, respectful connections. These terms explain what you can
          expect from us and what we expect from you. Please read them carefully.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
