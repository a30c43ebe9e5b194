// Four of the tools (image, attaches, link, personality) bundle a helper that finds the global object
// with `new Function("return this")()`: code made from a string, which the console's
// Content-Security-Policy forbids (no 'unsafe-eval'). The browser would block it, report a violation and
// the helper fall back to `window`. Imported by editorjs.mjs before the tools, this answers that one
// call with `globalThis`, without making code from a string, and passes every other use of Function on
// to the browser's own (which the policy still governs). It stays: the bundler may run a tool's module
// late, when the editor first asks for it.
const NativeFunction = globalThis.Function;

function Function(...args) {
  if (args.length === 1 && args[0] === "return this") return () => globalThis;
  return Reflect.construct(NativeFunction, args);
}
Function.prototype = NativeFunction.prototype;

if (globalThis.Function === NativeFunction) globalThis.Function = Function;
