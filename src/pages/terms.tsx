import * as React from "react";
import { Link } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { LegalPage, type LegalSection } from "../components/legal/LegalPage";
import { SupportEmailLink } from "../components/legal/SupportEmailLink";

const supportEmail = <SupportEmailLink />;

const sections: readonly LegalSection[] = [
  {
    id: "about-these-terms",
    title: "About these terms",
    content: (
      <>
        <p>
          These Terms and Conditions are an agreement between you and Kindred Technologies, a company based in
          Bengaluru, India (“Kindred”, “we”, “us”). They apply to the Kindred mobile app and to this website, which
          together we call the “service”.
        </p>
        <p>
          By creating an account or using the service, you accept these terms, our{" "}
          <Link to="/privacy">Privacy Policy</Link> and our{" "}
          <Link to="/safety">Safety and Child Protection Policy</Link>. If you do not agree with them, please do not
          use Kindred.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Who can use Kindred",
    content: (
      <>
        <p>
          <strong>You must be over 18 years of age to create an account or use the app.</strong> When you sign up, you
          confirm that:
        </p>
        <ul>
          <li>you are over 18 years of age;</li>
          <li>you are legally able to enter into a binding contract under Indian law;</li>
          <li>you have not been convicted of a sexual offence or of any offence involving violence;</li>
          <li>you have not previously been banned from Kindred.</li>
        </ul>
        <p>
          We may ask you to confirm your age at any time. If we believe that an account belongs to someone under 18,
          we remove it immediately.
        </p>
      </>
    ),
  },
  {
    id: "your-account",
    title: "Your account",
    content: (
      <ul>
        <li>Give accurate, current information about yourself and keep it up to date.</li>
        <li>Use only photos of yourself, and only ones you have the right to share.</li>
        <li>Keep your login details private. Each person may have one account, which cannot be sold or shared.</li>
        <li>
          You are responsible for everything done through your account. If you think someone else has access to it,
          tell us straight away at {supportEmail}.
        </li>
      </ul>
    ),
  },
  {
    id: "community-rules",
    title: "Community rules",
    content: (
      <>
        <p>Kindred is a place for adults looking for genuine, respectful connections. When you use it, you must not:</p>
        <ul>
          <li>harass, bully, threaten, stalk or intimidate anyone, on or off the app;</li>
          <li>share content that is sexually explicit, violent, hateful, discriminatory or illegal;</li>
          <li>
            share, request or promote any content or behaviour that sexualises or exploits children (we report it to
            the authorities);
          </li>
          <li>pretend to be someone else, or lie about your age, identity or relationship status;</li>
          <li>ask other members for money, or use Kindred to advertise, sell or recruit;</li>
          <li>share anyone’s private information, photos or messages without their consent;</li>
          <li>use bots, scrapers or other automated tools, or try to break or get around our security.</li>
        </ul>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your content",
    content: (
      <>
        <p>
          You own what you post on Kindred, such as your profile text, photos and messages. By posting it, you give us
          a non-exclusive, royalty-free, worldwide licence to store, display and process it, only as needed to run,
          protect and improve the service. The licence ends when you delete the content or your account, except where
          we must keep it by law or to deal with a report.
        </p>
        <p>
          You are responsible for what you post. We review content with automated tools and human moderators, and we
          may remove anything that breaks these terms or the law.
        </p>
      </>
    ),
  },
  {
    id: "safety",
    title: "Staying safe",
    content: (
      <p>
        Kindred does not carry out criminal background checks on its members, and we cannot control what people do
        off the app. Take care when you talk to and meet people: meet in a public place, tell a friend where you are
        going, and never send money to someone you have met online. If anyone makes you feel unsafe, use the{" "}
        <strong>Report</strong> feature in the app or write to us at {supportEmail}.
      </p>
    ),
  },
  {
    id: "suspension-and-termination",
    title: "Suspension and termination",
    content: (
      <>
        <p>
          <strong>
            We may suspend or terminate your account at any time, without notice, if we believe that you have broken
            these terms or the law, or that you put other members at risk.
          </strong>{" "}
          Where it is safe and lawful to do so, we will tell you why. If your account is terminated, you may not
          create a new one.
        </p>
        <p>
          You can delete your account at any time from the settings in the app. Uninstalling the app does not delete
          your account.
        </p>
      </>
    ),
  },
  {
    id: "paid-features",
    title: "Paid features",
    content: (
      <p>
        Creating an account and using Kindred’s core features is free. If you choose a paid feature, we show you the
        price and what you get before you pay. Payments are handled by the app store you downloaded Kindred from,
        under its terms; subscriptions renew until you cancel them in your store account. Refunds follow the store’s
        policy and Indian consumer law.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and liability",
    content: (
      <p>
        We work hard to keep Kindred available and safe, but we provide the service “as is” and cannot promise that it
        will always be error-free or that you will find a match. To the extent the law allows, Kindred is not liable
        for indirect or consequential loss, or for the conduct of any member, on or off the app. Nothing in these terms
        limits any right you have under Indian law that cannot be limited by contract.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    content: (
      <p>
        We may update these terms as Kindred changes. <strong>For material changes, we give you at least 30 days’
        notice</strong> in the app or by e-mail before they take effect. If you keep using Kindred after that date, you
        accept the new terms; if you do not agree with them, you can delete your account before they apply.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law and disputes",
    content: (
      <p>
        These terms are governed by the laws of India. If a dispute arises, please contact us first: most problems can
        be solved quickly. Any dispute we cannot settle together falls under the exclusive jurisdiction of the courts
        of Bengaluru, Karnataka.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    content: (
      <p>
        Questions about these terms, or a complaint for our grievance officer? Write to us at {supportEmail}. We
        acknowledge complaints within 24 hours and aim to resolve them within 15 days.
      </p>
    ),
  },
];

/** The Terms and Conditions: who may use Kindred and the rules of using it. */
export default function TermsPage(): JSX.Element {
  return (
    <Layout>
      <Seo
        title="Terms and Conditions"
        description="The rules for using Kindred: you must be over 18, how we expect members to behave, when accounts can be suspended or terminated, and how we change these terms."
        path="/terms"
      />
      <LegalPage
        title="Terms and Conditions"
        lastUpdated="1 November 2023"
        lastUpdatedDateTime="2023-11-01"
        intro={
          <p>
            Kindred helps adults build meaningful, respectful connections. These terms explain what you can expect from
            us and what we expect from you. Please read them carefully before you use the app.
          </p>
        }
        sections={sections}
      />
    </Layout>
  );
}
