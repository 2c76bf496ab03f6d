/**
 * A Vite plugin: `import source from "./file.ts?inline-script"` gives that browser module compiled
 * and minified, as text to write into a page's <script> (app/lib/page-script.server.ts). Its own
 * imports are not followed: such a script stands alone.
 */
import { readFile } from "node:fs/promises";
import { minify, type Plugin, transformWithOxc } from "vite";

const SUFFIX = "?inline-script";

/** A TypeScript module's text as a browser runs it: types erased, minified. */
export async function compileInlineScript(source: string, file: string): Promise<string> {
  const compiled = await transformWithOxc(source, file, { lang: "ts" });
  const minified = await minify(file.replace(/\.ts$/, ".js"), compiled.code, { compress: true, mangle: true });
  if (minified.errors.length) throw new Error(`${file}: ${minified.errors.map((e) => e.message).join("; ")}`);
  return minified.code.trim();
}

export function inlineScript(): Plugin {
  return {
    name: "vitrine:inline-script",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await compileInlineScript(await readFile(file, "utf8"), file))};`;
    },
  };
}
