import { graphql } from "gatsby";
import type { LegalPageProps } from "./LegalPage";
import { LegalDocumentError, legalContent } from "./legal-markdown";

/**
 * The policy texts (Terms, Privacy, Safety) live as Markdown in content/legal/, read by
 * gatsby-source-filesystem and gatsby-transformer-remark. This module turns one of those documents
 * into the props of LegalPage:
 *
 * - the front matter gives the title, the summary (the page's meta description) and the date;
 * - the text before the first `##` heading is the introduction;
 * - each `## Title {#anchor}` starts a section; LegalPage numbers them and lists them in the contents;
 * - `{{supportEmail}}` in the text becomes the support address link (SupportEmailLink).
 *
 * The conversion (legal-markdown.tsx) is deliberately narrow: it knows paragraphs, lists, `###` sub-headings, bold,
 * italics and links to site paths or https addresses, and nothing else. HTML written into the
 * Markdown, images, tables, unknown placeholders or a section heading without its anchor stop the
 * build with a message naming the file, rather than reaching the page.
 */

/** The fields a policy page queries for its document: `...LegalDocument` on its MarkdownRemark node. */
export const legalDocumentFragment = graphql`
  fragment LegalDocument on MarkdownRemark {
    frontmatter {
      title
      summary
      lastUpdated(formatString: "D MMMM YYYY")
      lastUpdatedDateTime: lastUpdated(formatString: "YYYY-MM-DD")
    }
    htmlAst
  }
`;

/** A MarkdownRemark node as the LegalDocument fragment returns it. */
type LegalDocumentNode = Queries.LegalDocumentFragment;

/** What a policy page's query returns: the file content/legal/<name>.md and its Markdown node. */
export type LegalPageData = Queries.TermsPageQuery | Queries.PrivacyPageQuery | Queries.SafetyPageQuery;

/** The props of LegalPage, plus the summary the page gives as its meta description. */
export interface LegalDocument extends LegalPageProps {
  summary: string;
}

/** Everything LegalPage and the page's Seo need, from a page's query; `name` is the file's name in content/legal. */
export function legalDocument(data: LegalPageData, name: string): LegalDocument {
  const source = `content/legal/${name}.md`;
  const node = data.file?.childMarkdownRemark;
  if (!node) throw new LegalDocumentError(`${source}: the file was not found or is not Markdown`);
  const frontmatter: Partial<NonNullable<LegalDocumentNode["frontmatter"]>> = node.frontmatter ?? {};
  const required = (field: keyof typeof frontmatter, hint: string): string => {
    const value = frontmatter[field]?.trim();
    if (!value) throw new LegalDocumentError(`${source}: the front matter needs ${hint}`);
    return value;
  };
  const lastUpdatedDateTime = required("lastUpdatedDateTime", "lastUpdated, the date of the last change (YYYY-MM-DD)");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(lastUpdatedDateTime)) {
    throw new LegalDocumentError(`${source}: lastUpdated must be a date written YYYY-MM-DD`);
  }
  return {
    title: required("title", "a title"),
    summary: required("summary", "a summary, the page's description for search engines and sharing"),
    lastUpdated: required("lastUpdated", "lastUpdated, the date of the last change (YYYY-MM-DD)"),
    lastUpdatedDateTime,
    ...legalContent(node.htmlAst, source),
  };
}
