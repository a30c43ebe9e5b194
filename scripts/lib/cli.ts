// Command-line handling shared by the scripts: options parsed by node:util's parseArgs (strict, so
// a misspelt option is an error rather than silently ignored), a generated --help text, and one way
// to end a script that failed.
import { writeSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

/** One option of a script, as parseArgs takes it plus what --help says about it. */
export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  default?: string | boolean;
  /** One line for --help. */
  description: string;
  /** The placeholder for a string option's value in --help, e.g. "host:port". */
  value?: string;
}

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  /** How to run it, e.g. "npm run seed -- [options]". */
  usage: string;
  /** What it does, a sentence or two. */
  summary: string;
  options: O;
  /** When the script takes positional arguments: their name in --help and what they are. */
  positionals?: { name: string; description: string };
}

type OptionValue<S extends OptionSpec> = S["type"] extends "boolean" ? boolean : string;

/** The parsed values: options with a default always have a value, the others may be undefined. */
export type OptionValues<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K] extends { default: string | boolean } ? OptionValue<O[K]> : OptionValue<O[K]> | undefined;
};

export interface ParsedCommandLine<O extends Record<string, OptionSpec>> {
  values: OptionValues<O>;
  positionals: string[];
}

/** The --help text of a command. */
export function helpText<O extends Record<string, OptionSpec>>(command: CommandSpec<O>): string {
  const rows: [string, string][] = Object.entries(command.options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : "    "}--${name}${spec.type === "string" ? ` <${spec.value ?? "value"}>` : ""}`;
    const text =
      spec.default !== undefined && spec.type === "string"
        ? `${spec.description.replace(/\.$/, "")} (default: ${String(spec.default)}).`
        : spec.description;
    return [flag, text];
  });
  rows.push(["-h, --help", "Show this help and exit."]);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const lines = [`Usage: ${command.usage}`, "", command.summary, ""];
  if (command.positionals)
    lines.push("Arguments:", `  ${command.positionals.name.padEnd(width)}  ${command.positionals.description}`, "");
  lines.push("Options:", ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`));
  return lines.join("\n");
}

/**
 * Parses `args` (by default this process's arguments) against the command's options. Prints the
 * help and exits 0 on --help; prints what is wrong and exits 2 on an unknown option, a missing
 * value or an unexpected argument.
 */
export function parseCommandLine<const O extends Record<string, OptionSpec>>(
  command: CommandSpec<O>,
  args: string[] = process.argv.slice(2),
): ParsedCommandLine<O> {
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, { type, short, default: fallback }]) => [
      name,
      { type, ...(short ? { short } : {}), ...(fallback !== undefined ? { default: fallback } : {}) },
    ]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: command.positionals !== undefined,
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\nRun with --help to see the options.`, 2);
  }
  if (parsed.values.help) {
    console.log(helpText(command));
    process.exit(0);
  }
  const { help: _help, ...values } = parsed.values;
  // parseArgs checked every value against the options' types; the mapped type only names them.
  return { values: values as OptionValues<O>, positionals: parsed.positionals };
}

/** A whole number of at least `min`, or an exit with a message naming the option. */
export function integerOption(value: string, name: string, min = 1): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min)
    fail(`--${name} must be a whole number of at least ${min}, not "${value}".`, 2);
  return number;
}

/** Prints `message` to stderr, prefixed with the running script's name, and exits. */
export function fail(message: string, exitCode = 1): never {
  console.error(`${path.basename(process.argv[1] ?? "script")}: ${message}`);
  process.exit(exitCode);
}

/** Runs a script's asynchronous body; an error ends the process with its message and status 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
}

/**
 * Writes one line of JSON straight to the standard output's descriptor, whole, before the caller
 * goes on (and may exit). A single writeSync to a pipe whose reader is slower than the writer
 * writes only what the pipe takes (a pipe is non-blocking here): a report of thousands of files came
 * out cut at 146,176 bytes. So each write goes on from where the last stopped, and a full pipe
 * (EAGAIN) is waited out a millisecond at a time.
 */
export function printJsonLine(value: unknown): void {
  const bytes = Buffer.from(`${JSON.stringify(value)}\n`);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(1, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
