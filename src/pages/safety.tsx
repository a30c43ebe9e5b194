import * as React from "react";
import { Link } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { LegalPage, type LegalSection } from "../components/legal/LegalPage";
import { SupportEmailLink } from "../components/legal/SupportEmailLink";

const supportEmail = <SupportEmailLink />;

// These nine section titles and their order are fixed (see docs/requirements.md, Policy pages).
const sections: readonly LegalSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    content: (
      <>
        <p>
          Kindred is a dating app for adults. Everyone deserves to feel safe here, and children must never be put at
          risk by anything that happens on our platform. This policy sets out the standards every member must follow,
          what we do to prevent, detect and respond to harm, and how to reach us.
        </p>
        <p>
          It applies to everyone who uses the Kindred app or this website, and to everything shared through them. It
          forms part of our <Link to="/terms">Terms and Conditions</Link>.
        </p>
      </>
    ),
  },
  {
    id: "commitment-to-safety",
    title: "Commitment to safety",
    content: (
      <>
        <p>
          <strong>
            Kindred has zero tolerance for child sexual abuse and exploitation (CSAE). Any such content or behaviour is
            strictly prohibited.
          </strong>{" "}
          This includes:
        </p>
        <ul>
          <li>creating, sharing, requesting or linking to child sexual abuse material;</li>
          <li>grooming: contacting or befriending a child, or an adult close to them, in order to abuse the child;</li>
          <li>sexualised messages, images or comments about anyone under 18;</li>
          <li>sextortion, or threatening to share intimate images of a child;</li>
          <li>arranging to meet a child for sexual purposes, or trafficking a child in any way.</li>
        </ul>
        <p>
          Kindred is only for people over 18. We check age at sign-up, and we remove any account we believe belongs to
          someone under 18. Harassment, threats, hate speech and non-consensual sharing of intimate images are also
          banned for everyone.
        </p>
      </>
    ),
  },
  {
    id: "reporting-and-enforcement",
    title: "Reporting and enforcement",
    content: (
      <>
        <p>
          Every profile and conversation has a <strong>Report</strong> feature in the app: open the profile or chat, tap
          Report, and choose a reason. Reports are confidential, and the person you report is not told who reported
          them. You can also write to our support team at {supportEmail}. Reports about the safety of a child go to the
          front of our review queue.
        </p>
        <p>When someone breaks this policy, we act quickly:</p>
        <ul>
          <li>we remove the content and suspend the account while we investigate;</li>
          <li>we permanently ban members who violate this policy, and block them from creating new accounts;</li>
          <li>we preserve the evidence that investigators need;</li>
          <li>
            we report apparent child sexual abuse and exploitation to the police, and cooperate fully with law
            enforcement under Indian law, including the Information Technology Act, 2000 and the POCSO Act, 2012.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "user-education",
    title: "User education",
    content: (
      <>
        <p>Knowing the warning signs helps everyone stay safe. We help our members by:</p>
        <ul>
          <li>showing safety tips when you join and before you meet someone for the first time;</li>
          <li>explaining how to recognise grooming, scams and manipulation, and how to report them;</li>
          <li>publishing advice on safe dating and online behaviour on our blog;</li>
          <li>telling reporters what happens after a report, so they know their concern was heard.</li>
        </ul>
      </>
    ),
  },
  {
    id: "content-moderation",
    title: "Content moderation",
    content: (
      <>
        <p>We combine automated and manual moderation:</p>
        <ul>
          <li>
            <strong>Automated tools</strong> screen profile photos, profile text and messages for prohibited content,
            and look for signs that a member may be under 18.
          </li>
          <li>
            <strong>Trained human moderators</strong> review what the tools flag and every report about child safety,
            and decide what action to take.
          </li>
        </ul>
        <p>
          Moderators follow written guidelines, receive regular training, and have the support they need for this
          difficult work. Members can ask us to review a decision they believe is wrong.
        </p>
      </>
    ),
  },
  {
    id: "collaboration-and-advisory",
    title: "Collaboration and advisory",
    content: (
      <p>
        No company can protect children alone. We work with child-protection organisations, safety experts, industry
        partners and law enforcement to understand new risks and improve our tools. We review this policy at least
        once a year, and sooner when laws or risks change.
      </p>
    ),
  },
  {
    id: "compliance-with-indian-laws",
    title: "Compliance with Indian laws",
    content: (
      <>
        <p>Kindred is based in Bengaluru and complies with Indian law, including:</p>
        <ul>
          <li>the Information Technology Act, 2000, and the rules for intermediaries made under it;</li>
          <li>the Protection of Children from Sexual Offences (POCSO) Act, 2012;</li>
          <li>the Digital Personal Data Protection Act, 2023.</li>
        </ul>
        <p>
          We have appointed a grievance officer, we act promptly on lawful orders from courts and government agencies,
          and we report offences against children to the authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: "data-protection-and-privacy",
    title: "Data protection and privacy",
    content: (
      <p>
        Reports, and the evidence attached to them, are seen only by our safety team. We share them only with law
        enforcement or as Indian law requires, and we keep them only as long as an investigation or the law needs. Our{" "}
        <Link to="/privacy">Privacy Policy</Link> explains how we protect all personal data.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    content: (
      <>
        <p>
          To report a concern or ask about this policy, use the Report feature in the app or write to our support team
          at {supportEmail}. We acknowledge every report within 24 hours.
        </p>
        <p>
          <strong>If a child is in immediate danger, call the police on 112.</strong> You can also call Childline India
          on 1098, or report online child sexual abuse material on the{" "}
          <a href="https://cybercrime.gov.in">National Cyber Crime Reporting Portal</a>.
        </p>
      </>
    ),
  },
];

/** The Safety and Child Protection Policy: how Kindred prevents and responds to harm, above all to children. */
export default function SafetyPage(): JSX.Element {
  return (
    <Layout>
      <Seo
        title="Safety and Child Protection Policy"
        description="Kindred's zero-tolerance policy on child sexual abuse and exploitation: reporting, moderation, enforcement, user education and cooperation with law enforcement under Indian law."
        path="/safety"
      />
      <LegalPage
        title="Safety and Child Protection Policy"
        lastUpdated="1 November 2023"
        lastUpdatedDateTime="2023-11-01"
        intro={
          <p>
            Keeping people safe, and children above all, comes before everything else we do. Here is how we protect
            our community and how you can help.
          </p>
        }
        sections={sections}
      />
    </Layout>
  );
}
