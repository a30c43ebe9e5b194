import * as React from "react";
import { LegalPage, type LegalSection } from "../components/legal/LegalPage";
import { POLICIES_UPDATED, SUPPORT_EMAIL } from "../components/legal/support";

const SECTIONS: LegalSection[] = [
  {
    id: "collected",
    heading: "1. The data we collect",
    body: (
      <>
        <p>We collect only what we need to run Kindred and keep it safe:</p>
        <ul>
          <li>
            <strong>E-mail address</strong>, to create your account, sign you in and send you important notices;
          </li>
          <li>
            <strong>First and last name</strong>, to show on your profile (only your first name is visible to other
            members);
          </li>
          <li>
            <strong>Phone number</strong>, to verify that you are a real person and to help you recover your account;
          </li>
          <li>
            <strong>Usage data</strong>: how you use the app and this website, such as the pages and screens you open,
            the features you use, the time and duration of visits, your device type, operating system and app version,
            and diagnostic data about crashes and performance.
          </li>
        </ul>
        <p>The newsletter box on this website checks your address in your browser only; it is not sent or stored.</p>
      </>
    ),
  },
  {
    id: "use",
    heading: "2. How we use it",
    body: (
      <ul>
        <li>to provide the service: your account, matches and conversations;</li>
        <li>to keep members safe: verifying profiles, detecting fraud and abuse, and handling reports;</li>
        <li>to improve Kindred: understanding which features help people connect;</li>
        <li>to communicate with you about your account, security and changes to our policies;</li>
        <li>to meet our legal obligations under Indian law.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    heading: "3. Who we share it with",
    body: (
      <>
        <p>
          <strong>We never sell your personal data.</strong> We share it only with:
        </p>
        <ul>
          <li>service providers who host, secure and analyse our service under contract and only on our instructions;</li>
          <li>law enforcement or courts, when the law requires it or to protect someone from serious harm;</li>
          <li>a buyer of our business, if Kindred is ever sold, under the same protections as this policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    heading: "4. How long we keep it",
    body: (
      <p>
        We keep your data while your account is active. When you delete your account we delete or anonymise your personal
        data within 30 days, except what we must keep longer by law or to resolve safety reports and disputes.
      </p>
    ),
  },
  {
    id: "security",
    heading: "5. How we protect it",
    body: (
      <p>
        Data is encrypted in transit and at rest, access is limited to staff who need it, and our systems are monitored
        for misuse. No system is perfectly secure, so please use a strong password and never share your login.
      </p>
    ),
  },
  {
    id: "rights",
    heading: "6. Your rights and choices",
    body: (
      <ul>
        <li>see, correct or download the personal data we hold about you;</li>
        <li>delete your account and your data;</li>
        <li>withdraw consent to optional processing, such as marketing e-mails;</li>
        <li>complain to us, and to the relevant authority under the Digital Personal Data Protection Act, 2023.</li>
      </ul>
    ),
  },
  {
    id: "children",
    heading: "7. Children",
    body: (
      <p>
        Kindred is only for people over 18. We do not knowingly collect data from anyone younger, and we delete any such
        account as soon as we learn of it.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "8. Changes and contact",
    body: (
      <p>
        We will tell you about material changes to this policy before they apply. For any privacy question or request,
        write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>; our grievance officer answers within 30 days.
      </p>
    ),
  },
];

/** Privacy Policy. */
export default function PrivacyPage(): JSX.Element {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What personal data Kindred collects (e-mail address, first and last name, phone number and usage data), why, and the choices you have."
      path="/privacy"
      lastUpdated={POLICIES_UPDATED}
      intro={
        <p>
          Your trust matters more to us than anything else. This policy explains, in plain words, what we collect, why
          we collect it, and how you stay in control.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
