import * as React from "react";
import { LegalPage, type LegalSection } from "../components/legal/LegalPage";
import { POLICIES_UPDATED, SUPPORT_EMAIL } from "../components/legal/support";

const supportLink = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: "introduction",
    heading: "1. Introduction",
    body: (
      <p>
        Kindred is a dating app for adults over 18. We have zero tolerance for child sexual abuse and exploitation
        (CSAE). This policy sets out the standards every member must follow and what we do to prevent, detect and
        respond to any harm to children on our platform.
      </p>
    ),
  },
  {
    id: "commitment",
    heading: "2. Commitment to safety",
    body: (
      <>
        <p>
          <strong>
            Child sexual abuse and exploitation is strictly prohibited on Kindred, in any form.
          </strong>{" "}
          This includes sharing, requesting or linking to child sexual abuse material, grooming, sextortion, trafficking,
          and any sexualised content or conversation involving a minor.
        </p>
        <p>Accounts of anyone under 18 are not allowed and are removed as soon as we find them.</p>
      </>
    ),
  },
  {
    id: "reporting",
    heading: "3. Reporting and enforcement",
    body: (
      <>
        <p>
          Every profile and conversation has an in-app <strong>Report</strong> feature. Reports about child safety go to
          the front of our review queue. You can also write to our support team at {supportLink}.
        </p>
        <ul>
          <li>Members who break this policy are suspended or permanently banned, and may not create a new account.</li>
          <li>
            We cooperate fully with law enforcement under Indian law, including the Information Technology Act, 2000 and
            the Protection of Children from Sexual Offences (POCSO) Act, 2012, and report apparent CSAE to the
            authorities.
          </li>
          <li>We preserve relevant evidence for investigations, as the law requires.</li>
        </ul>
      </>
    ),
  },
  {
    id: "education",
    heading: "4. User education",
    body: (
      <p>
        We help members recognise and report unsafe behaviour with safety tips in the app and on our blog, reminders
        when a conversation shows warning signs, and clear guidance on how to report a concern and what happens next.
      </p>
    ),
  },
  {
    id: "moderation",
    heading: "5. Content moderation",
    body: (
      <p>
        We combine automated and manual moderation. Automated tools screen photos and messages for prohibited content and
        signs that a member may be under 18; trained human moderators review flagged content and every child-safety report,
        and decide on enforcement.
      </p>
    ),
  },
  {
    id: "collaboration",
    heading: "6. Collaboration and advisory",
    body: (
      <p>
        We work with child-protection experts, non-governmental organisations and industry partners to keep our policies
        and tools up to date with new risks, and we review this policy at least once a year with their advice.
      </p>
    ),
  },
  {
    id: "compliance",
    heading: "7. Compliance with Indian laws",
    body: (
      <p>
        Kindred complies with Indian law, including the Information Technology Act, 2000 and its rules for
        intermediaries, the POCSO Act, 2012 and the Digital Personal Data Protection Act, 2023. We appoint a grievance
        officer and act on lawful orders from courts and government agencies.
      </p>
    ),
  },
  {
    id: "data-protection",
    heading: "8. Data protection and privacy",
    body: (
      <p>
        Reports and evidence are handled confidentially, accessible only to our safety team, and shared only with law
        enforcement as the law requires. Our Privacy Policy explains how we protect all personal data.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "9. Contact",
    body: (
      <p>
        To report a concern or ask about this policy, use the in-app Report feature or write to {supportLink}. If a child
        is in immediate danger, call the police on 112 or Childline India on 1098.
      </p>
    ),
  },
];

/** Safety and Child Protection Policy. */
export default function SafetyPage(): JSX.Element {
  return (
    <LegalPage
      title="Safety and Child Protection Policy"
      description="Kindred's zero-tolerance policy on child sexual abuse and exploitation: reporting, moderation, enforcement and cooperation with law enforcement under Indian law."
      path="/safety"
      lastUpdated={POLICIES_UPDATED}
      intro={
        <p>
          Keeping people safe, and children above all, comes before everything else we do. Here is how we protect our
          community.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
