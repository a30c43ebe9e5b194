// Jest stand-in for the parts of Gatsby that need its runtime: links render as plain anchors and
// static queries answer with the site metadata of gatsby-config.
const React = require("react");
const gatsby = jest.requireActual("gatsby");

const siteMetadata = {
  title: "Kindred",
  siteName: "Kindred",
  description: "Kindred is the dating app for meaningful connections.",
  siteUrl: "https://kindred.test",
  image: "/og-image.jpg",
};

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn(({ activeClassName: _active, partiallyActive: _partial, to, ...rest }) =>
    React.createElement("a", { ...rest, href: to }),
  ),
  navigate: jest.fn(),
  StaticQuery: jest.fn(),
  useStaticQuery: jest.fn(() => ({ site: { siteMetadata } })),
};
