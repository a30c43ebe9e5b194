// Jest stand-in for the parts of Gatsby that need its runtime: links render as plain anchors and
// static queries answer with the site metadata of gatsby-config.
import React from "react";

const siteMetadata = {
  title: "Kindred",
  siteName: "Kindred",
  description: "Kindred is the dating app for meaningful connections.",
  siteUrl: "https://kindred.test",
  image: "/og-image.jpg",
};

interface LinkProps {
  to: string;
  activeClassName?: string;
  partiallyActive?: boolean;
  [attribute: string]: unknown;
}

// Everything else is Gatsby's own: the mock is the real module with these parts replaced, which
// only CommonJS's module.exports can express (ES exports cannot spread another module).
module.exports = {
  ...jest.requireActual<Record<string, unknown>>("gatsby"),
  graphql: jest.fn(),
  Link: jest.fn(({ activeClassName: _active, partiallyActive: _partial, to, ...rest }: LinkProps) =>
    React.createElement("a", { ...rest, href: to }),
  ),
  navigate: jest.fn(),
  StaticQuery: jest.fn(),
  useStaticQuery: jest.fn(() => ({ site: { siteMetadata } })),
};
