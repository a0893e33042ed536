// goclock: the arbiter's tool for the clock over USB serial (npm run --silent tool -- COMMAND).
// Every command has --help; output is for people unless --json. Exit status: 0 done, 1 the clock
// refused (nothing changed), 2 a bad command line, 3 no answer, 4 not this clock, 5 the port cannot
// be opened (missing, busy, no permission), 6 locked (unlock with the PIN first), 7 the clock's
// firmware is not this build. While the clock's PIN is the factory 0000, every command says so.

import { parseArgs } from "node:util";
import { ClockRefusal, connect, type Client } from "./client";
import { DEFAULT_PIN_WARNING, usageError, wholeOption, type Command, type Ctx } from "./command";
import { EXIT, ToolError } from "./errors";
import { log, sgf, status, watch } from "./commands/read";
import { OPS, lock, newgame, set, unlock } from "./commands/write";
import { flash, list } from "./commands/ports";
import { repl, verify } from "./commands/trust";
import { hall } from "./commands/hall";
import { collect } from "./commands/collect";

export const COMMANDS: Command[] = [list, status, set, unlock, lock, newgame].concat(OPS, [log, sgf, watch, verify, repl, flash, hall, collect]);

function overview(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return (
    "usage: goclock COMMAND [options]        (in the project: npm run --silent tool -- COMMAND …)\n\n" +
    COMMANDS.map((c) => "  " + c.name + " ".repeat(w - c.name.length) + c.summary).join("\n") +
    "\n\ngoclock COMMAND --help tells more. Exit status: 0 done, 1 refused by the clock (nothing changed),\n" +
    "2 bad command line, 3 no answer, 4 not this clock, 5 port cannot be opened, 6 locked (PIN first),\n" +
    "7 the clock's firmware is not this build (goclock verify)."
  );
}

function commandHelp(c: Command): string {
  return "usage: goclock " + c.name + " " + c.usage + "\n\n" + c.summary + "\n\n" + c.help;
}

export async function main(argv: string[]): Promise<number> {
  const name = argv[0];
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(overview() + "\n");
    return name === undefined ? EXIT.usage : 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    process.stderr.write("goclock: no command '" + name + "'\n\n" + overview() + "\n");
    return EXIT.usage;
  }
  let json = argv.indexOf("--json") >= 0;
  let client: Client | null = null;
  let ctx: Ctx | null = null;
  /** The warnings the clock's own words call for, as of now. */
  const warnings = (): string[] => ((client as Client | null)?.defaultPin || ctx?.defaultPin ? [DEFAULT_PIN_WARNING] : []);
  const withWarnings = (value: unknown): unknown => {
    const w = warnings();
    return w.length && typeof value === "object" && value !== null && !Array.isArray(value) ? Object.assign({}, value, { warnings: w }) : value;
  };
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv.slice(1),
        options: Object.assign({ help: { type: "boolean", short: "h" }, json: { type: "boolean" } }, cmd.options ?? {}),
        allowPositionals: true,
        strict: true,
      });
    } catch (e) {
      throw usageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, "") + " (goclock " + cmd.name + " --help)");
    }
    const values = parsed.values as Ctx["values"];
    if (values.help) {
      process.stdout.write(commandHelp(cmd) + "\n");
      return 0;
    }
    json = values.json === true;
    const [min, max] = cmd.words ?? [0, 0];
    const words = parsed.positionals;
    if (words.length < min || words.length > max) {
      throw usageError("goclock " + cmd.name + " " + cmd.usage.replace(/^--port PATH ?/, "") + ": " + (words.length < min ? "too few words" : "'" + words[max] + "' is one word too many") + " (goclock " + cmd.name + " --help)");
    }
    const port = typeof values.port === "string" ? values.port : "";
    if (cmd.port && !port) throw usageError("goclock " + cmd.name + " needs --port PATH (goclock list shows the clocks connected)");
    const timeoutMs = wholeOption(values, "timeout", 50, 60000);
    const retries = wholeOption(values, "retries", 0, 10);
    ctx = {
      values: values,
      words: words,
      json: json,
      port: port,
      defaultPin: false,
      print: (human, value) => {
        process.stdout.write((json && value !== null ? JSON.stringify(withWarnings(value), null, 2) : human) + "\n");
      },
      note: (text) => {
        process.stderr.write(text + "\n");
      },
      open: async () => {
        if (!client) client = await connect(port, { timeoutMs: timeoutMs, retries: retries });
        return client;
      },
    };
    return await cmd.run(ctx);
  } catch (e) {
    if (!(e instanceof ToolError)) throw e;
    let text = e.message;
    if (e instanceof ClockRefusal) text = (e.exit === EXIT.locked ? "the clock is locked: " + text + " (goclock unlock --pin PIN, or add --pin PIN)" : "the clock refused: " + text) + "; nothing changed";
    process.stderr.write("goclock " + cmd.name + ": " + text + "\n");
    if (json) process.stdout.write(JSON.stringify(withWarnings({ error: text, exit: e.exit })) + "\n");
    return e.exit;
  } finally {
    const c = client as Client | null;
    if (c) await c.close();
    for (const w of warnings()) process.stderr.write("goclock " + cmd.name + ": warning: " + w + "\n");
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: Error) => {
    process.stderr.write("goclock: " + (e.stack ?? e.message) + "\n");
    process.exitCode = 1;
  },
);
