import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { siteDir } from "../../gatsby-internals/gatsby-store";
import type { FirestoreSourceOptions } from "./plugin-options";
import { LOCAL_IMAGES_PUBLIC_PATH } from "./read-local";

/** Copies the sample content's images into public/, where article bodies and seeded documents point. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ store }, pluginOptions) => {
  const { localContentDir } = pluginOptions as FirestoreSourceOptions;
  if (!localContentDir) return;
  const imagesDir = path.join(localContentDir, "images");
  if (!existsSync(imagesDir)) return;
  cpSync(imagesDir, path.join(siteDir(store), "public", LOCAL_IMAGES_PUBLIC_PATH), { recursive: true });
};
