// Jest stand-in: images render as plain <img> with their alt text.
import React from "react";

interface ImageProps {
  src?: string;
  alt: string;
  className?: string;
}

export const StaticImage = ({ src, alt, className }: ImageProps): React.ReactElement =>
  React.createElement("img", { src, alt, className });
export const GatsbyImage = ({ alt, className }: ImageProps): React.ReactElement =>
  React.createElement("img", { alt, className });
export const getImage = <T>(node: T): T => node;
