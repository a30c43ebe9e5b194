// An ambient declaration (this file is a global script, not a module). Gatsby 5 compiles *.module.css to named exports, one per class.
declare module "*.module.css" {
  const classes: Readonly<Record<string, string>>;
  export = classes;
}
