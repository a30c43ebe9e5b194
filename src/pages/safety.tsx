import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { LegalPage } from "../components/legal/LegalPage";
import { legalDocument } from "../components/legal/legal-document";

export const query = graphql`
  query SafetyPage {
    file(sourceInstanceName: { eq: "legal" }, name: { eq: "safety" }) {
      childMarkdownRemark {
        ...LegalDocument
      }
    }
  }
`;

/** The Safety and Child Protection Policy: how Kindred prevents and responds to harm, above all to children. Its text is content/legal/safety.md. */
export default function SafetyPage({ data }: PageProps<Queries.SafetyPageQuery>): JSX.Element {
  const { summary, ...policy } = legalDocument(data, "safety");
  return (
    <Layout>
      <Seo title={policy.title} description={summary} path="/safety" />
      <LegalPage {...policy} />
    </Layout>
  );
}
