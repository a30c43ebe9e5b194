import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { LegalPage } from "../components/legal/LegalPage";
import { legalDocument } from "../components/legal/legal-document";

export const query = graphql`
  query TermsPage {
    file(sourceInstanceName: { eq: "legal" }, name: { eq: "terms" }) {
      childMarkdownRemark {
        ...LegalDocument
      }
    }
  }
`;

/** The Terms and Conditions: who may use Kindred and the rules of using it. Its text is content/legal/terms.md. */
export default function TermsPage({ data }: PageProps<Queries.TermsPageQuery>): JSX.Element {
  const { summary, ...policy } = legalDocument(data, "terms");
  return (
    <Layout>
      <Seo title={policy.title} description={summary} path="/terms" />
      <LegalPage {...policy} />
    </Layout>
  );
}
