import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { LegalPage } from "../components/legal/LegalPage";
import { legalDocument } from "../components/legal/legal-document";

export const query = graphql`
  query PrivacyPage {
    file(sourceInstanceName: { eq: "legal" }, name: { eq: "privacy" }) {
      childMarkdownRemark {
        ...LegalDocument
      }
    }
  }
`;

/** The Privacy Policy: what personal data Kindred collects, why, and the choices members have. Its text is content/legal/privacy.md. */
export default function PrivacyPage({ data }: PageProps<Queries.PrivacyPageQuery>): JSX.Element {
  const { summary, ...policy } = legalDocument(data, "privacy");
  return (
    <Layout>
      <Seo title={policy.title} description={summary} path="/privacy" />
      <LegalPage {...policy} />
    </Layout>
  );
}
