// Jest compiles TypeScript and JSX with Gatsby's own Babel preset, as Gatsby's testing guide advises.
// Jest loads this file itself, with Node's type stripping (Node 24), so it stays plain erasable TypeScript.
import type * as babel from "@babel/core";
import { createTransformer } from "babel-jest";

/**
 * Jest runs the compiled files as CommonJS, where `import.meta` does not exist. The scripts the
 * tests import (scripts/**) run as ES modules on Node and use it, so it is rewritten here into its
 * CommonJS equivalents. No module is the program's entry point under Jest: `import.meta.main` is false.
 */
function importMetaToCommonJs({ types, template }: typeof babel): babel.PluginObj {
  const replacements: Record<string, () => babel.types.Expression> = {
    dirname: () => types.identifier("__dirname"),
    filename: () => types.identifier("__filename"),
    url: () => template.expression.ast`require("node:url").pathToFileURL(__filename).href`,
    main: () => types.booleanLiteral(false),
  };
  return {
    name: "import-meta-to-commonjs",
    visitor: {
      MetaProperty(path) {
        if (path.node.meta.name !== "import") return;
        const member = path.parentPath;
        const property =
          member.isMemberExpression() && !member.node.computed && types.isIdentifier(member.node.property)
            ? member.node.property.name
            : "";
        const replacement = replacements[property];
        if (!replacement)
          throw path.buildCodeFrameError(
            `Jest cannot compile import.meta${property ? `.${property}` : ""} to CommonJS`,
          );
        member.replaceWith(replacement());
      },
    },
  };
}

export default createTransformer({
  presets: ["babel-preset-gatsby", "@babel/preset-typescript"],
  plugins: [importMetaToCommonJs],
});
