/** @jest-environment node */
import config from "../../../../gatsby-config";
import { SITE_METADATA_TYPE_DEFS, addSiteMetadataType } from "../../../../src/node/site-metadata-type";

// siteMetadata's GraphQL type: every field of gatsby-config's siteMetadata, each a non-null String, so
// the generated query types say `string` and a missing value fails the build at its query.

/** The fields the type declares, with their GraphQL types, descriptions left out. */
function declaredFields(typeDefs: string): Record<string, string> {
  const body = /type SiteSiteMetadata \{([\s\S]*)\}/.exec(typeDefs)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const [, name, type] of body.replace(/"[^"]*"/g, "").matchAll(/(\w+)\s*:\s*([\w![\]]+)/g)) {
    fields[name!] = type!;
  }
  return fields;
}

describe("the SiteSiteMetadata type", () => {
  it("declares each field of gatsby-config's siteMetadata as a non-null String, and no other", () => {
    const metadata = config.siteMetadata ?? {};
    expect(Object.values(metadata).every((value) => typeof value === "string" && value !== "")).toBe(true);
    expect(declaredFields(SITE_METADATA_TYPE_DEFS)).toEqual(
      Object.fromEntries(Object.keys(metadata).map((name) => [name, "String!"])),
    );
  });

  it("is given to Gatsby in createSchemaCustomization", () => {
    const createTypes = jest.fn();
    addSiteMetadataType({ actions: { createTypes } as never });
    expect(createTypes).toHaveBeenCalledWith(SITE_METADATA_TYPE_DEFS);
  });
});
