// Jest stand-in: images render as plain <img> with their alt text.
const React = require("react");

module.exports = {
  StaticImage: ({ src, alt, className }) => React.createElement("img", { src, alt, className }),
  GatsbyImage: ({ alt, className }) => React.createElement("img", { alt, className }),
  getImage: (node) => node,
};
