/**
 * A Vite plugin for the server build (vite.config.ts): it fails the build when a server chunk's code
 * has a character beyond ASCII. The server keeps its bundle's source text in memory as long as it runs,
 * at one byte a character when all of it is ASCII and at two otherwise: one "×" doubles megabytes. The
 * build escapes such characters (`charset: "ascii"`) everywhere but in tagged templates, whose raw text
 * it may not change; there, put the character in as a value (`${TIMES}`).
 */
import type { Plugin } from "vite";

/** Where code has characters beyond ASCII: up to `limit` snippets with their line numbers. */
export function nonAsciiSpots(code: string, limit = 5): string[] {
  const spots: string[] = [];
  const lines = code.split("\n");
  for (let i = 0; i < lines.length && spots.length < limit; i++) {
    const line = lines[i];
    let at = 0;
    while (at < line.length && line.charCodeAt(at) <= 0x7f) at++;
    if (at < line.length) spots.push(`line ${i + 1}: …${line.slice(Math.max(0, at - 50), at + 20)}…`);
  }
  return spots;
}

export function asciiServerBundle(): Plugin {
  return {
    name: "vitrine:ascii-server-bundle",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(_options, bundle) {
      const offences = Object.values(bundle).flatMap((chunk) =>
        chunk.type === "chunk" ? nonAsciiSpots(chunk.code).map((spot) => `${chunk.fileName} ${spot}`) : [],
      );
      if (offences.length) {
        this.error(
          `characters beyond ASCII in the server bundle (they double the memory its source takes) — in an html\`…\` template, put them in as values:\n  ${offences.join("\n  ")}`,
        );
      }
    },
  };
}
