import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The Node flags `npm run serve` (and `npm start`) give the shop, read from package.json so that the
 * benchmark measures the shop as it runs, with one list of flags to change.
 */
export function shopNodeFlags(): string[] {
  const words = serveArguments();
  return words.slice(
    0,
    words.findIndex((w) => !w.startsWith("--")),
  );
}

/** Everything `npm run serve` gives node: its flags, the start script and the script's arguments. */
export function serveArguments(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [node, ...words] = pkg.scripts.serve.split(/\s+/);
  if (node !== "node") throw new Error(`package.json's serve script does not start with node: ${pkg.scripts.serve}`);
  return words;
}
