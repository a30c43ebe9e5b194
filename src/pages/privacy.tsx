import * as React from "react";
import { Link } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { LegalPage, type LegalSection } from "../components/legal/LegalPage";
import { SupportEmailLink } from "../components/legal/SupportEmailLink";

const supportEmail = <SupportEmailLink />;

const sections: readonly LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    content: (
      <p>
        Kindred is run by Kindred Technologies, a company based in Bengaluru, India. We decide how and why your
        personal data is processed, and we are responsible for protecting it. This policy applies to the Kindred app
        and to this website.
      </p>
    ),
  },
  {
    id: "data-we-collect",
    title: "The personal data we collect",
    content: (
      <>
        <p>We collect only the personal data we need to run Kindred and keep it safe. That is:</p>
        <ul>
          <li>
            <strong>E-mail address</strong>: to create your account, sign you in, and send you messages about your
            account and security.
          </li>
          <li>
            <strong>First and last name</strong>: to set up your profile. Other members see only your first name.
          </li>
          <li>
            <strong>Phone number</strong>: to confirm that you are a real person and to help you get back into your
            account if you lose access.
          </li>
          <li>
            <strong>Usage data</strong>: information about how you use the app and this website. It includes the
            screens and pages you open, the features you use and when, how long you stay, your device model, operating
            system and app version, and technical logs about crashes and performance. Usage data tells us how Kindred is used; it is not the content of your
            conversations.
          </li>
        </ul>
        <p>
          You give us your e-mail address, name and phone number when you sign up; usage data is collected
          automatically as you use the service. The newsletter box at the foot of this website only checks the address
          you type, in your browser: it is not sent to us or stored.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use your data",
    content: (
      <>
        <p>We use your personal data, with your consent or where the law allows it, to:</p>
        <ul>
          <li>create and run your account and show your profile to other members;</li>
          <li>verify accounts and keep Kindred safe, including detecting fake profiles, fraud and abuse;</li>
          <li>investigate reports and enforce our <Link to="/terms">Terms and Conditions</Link>;</li>
          <li>understand which features help people connect, fix problems and improve the service;</li>
          <li>send you service messages and, only if you agree, news and offers (you can opt out at any time);</li>
          <li>meet our obligations under Indian law.</li>
        </ul>
        <p>We do not use your data for any purpose that is unrelated to these without asking you first.</p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    content: (
      <>
        <p>
          <strong>We never sell your personal data.</strong> We share it only:
        </p>
        <ul>
          <li>
            with service providers that host our systems, send verification codes and e-mails, or analyse usage for
            us. They act only on our instructions, under contracts that require them to protect your data;
          </li>
          <li>
            with police, courts or government authorities, when Indian law requires it or when it is needed to protect
            someone from serious harm;
          </li>
          <li>
            with a new owner, if Kindred is ever merged or sold, who must keep protecting your data as this policy
            describes.
          </li>
        </ul>
        <p>We never show your last name, e-mail address or phone number to other members.</p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    content: (
      <p>
        We keep your personal data for as long as your account is open. When you delete your account, we delete or
        anonymise your data within 30 days. We keep some of it longer only when we must: to meet a legal obligation, to
        resolve a safety report or dispute, or to stop a banned member from coming back. Usage data that no longer
        identifies you may be kept to understand long-term trends.
      </p>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    content: (
      <p>
        Your data is encrypted in transit and at rest. Only staff who need it for their work can see it, their access
        is logged, and our systems are monitored for misuse. No online service can be perfectly secure, so please choose
        a strong password and never share your login. If a breach affects your data, we will tell you and the
        authorities as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    content: (
      <>
        <p>Under Indian law, including the Digital Personal Data Protection Act, 2023, you can:</p>
        <ul>
          <li>ask for a summary of the personal data we hold about you and how we use it;</li>
          <li>correct or update your data, most of which you can edit in the app;</li>
          <li>delete your account and have your data erased;</li>
          <li>withdraw your consent at any time, for example to marketing e-mails;</li>
          <li>nominate someone to exercise your rights if you die or become unable to do so;</li>
          <li>complain to our grievance officer and, if you are not satisfied, to the Data Protection Board of India.</li>
        </ul>
        <p>To use any of these rights, write to us at {supportEmail}.</p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    content: (
      <p>
        Kindred is only for people over 18. We do not knowingly collect personal data from anyone under 18, and when
        we learn that an account belongs to a child we close it and delete their data, except what we must keep to
        report a child-safety concern. If you believe a child is using Kindred, please tell us at {supportEmail}. Our{" "}
        <Link to="/safety">Safety and Child Protection Policy</Link> explains how we protect children.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p>
        We will update this policy when our practices change. If the change is material, we will tell you in the app or
        by e-mail before it takes effect. The date at the top of this page shows when the policy last changed.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    content: (
      <p>
        For any question about your privacy, or to reach our grievance officer, write to {supportEmail}. Kindred
        Technologies is based in Bengaluru, Karnataka, India. We acknowledge every request within 24 hours and aim to
        answer within 15 days.
      </p>
    ),
  },
];

/** The Privacy Policy: what personal data Kindred collects, why, and the choices members have. */
export default function PrivacyPage(): JSX.Element {
  return (
    <Layout>
      <Seo
        title="Privacy Policy"
        description="What personal data Kindred collects (e-mail address, first and last name, phone number and usage data), how we use and protect it, and your rights."
        path="/privacy"
      />
      <LegalPage
        title="Privacy Policy"
        lastUpdated="1 November 2023"
        lastUpdatedDateTime="2023-11-01"
        intro={
          <p>
            Your trust matters to us. This policy explains, in plain words, what personal data we collect, why we
            collect it, how we keep it safe, and how you stay in control of it.
          </p>
        }
        sections={sections}
      />
    </Layout>
  );
}
