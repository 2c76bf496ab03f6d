/**
 * A tiny HTML builder for mail: `html` escapes everything interpolated into it unless it is itself
 * `html` (or `raw`), so a customer's name or message can never become markup.
 */
const SAFE = Symbol("safe html");

export type Html = { readonly [SAFE]: string };

export const raw = (markup: string): Html => ({ [SAFE]: markup });

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + (strings[i + 1] ?? "");
  return raw(out);
}

export const markup = (h: Html): string => h[SAFE];

/**
 * Characters beyond ASCII go into an `html` template as values, not as literal text: the server's build
 * escapes them everywhere but in tagged templates, and one left there makes the whole bundle's source
 * twice as heavy in memory (scripts/client-assets.ts fails the build on it).
 */
export const TIMES = "\u00d7";
export const MIDDLE_DOT = "\u00b7";

function piece(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(piece).join("");
  if (typeof value === "object" && SAFE in value) return (value as Html)[SAFE];
  return escapeHtml(String(value));
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Only absolute http(s) links go into a mail (a template bug must not produce a `javascript:` link). */
export function absoluteUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`a mail link must be absolute http(s): ${url}`);
  return url;
}

/** Several lines of plain text as HTML, line breaks kept. */
export function multiline(text: string): Html {
  return raw(
    text
      .split(/\r?\n/)
      .map((line) => escapeHtml(line))
      .join("<br>"),
  );
}

/** Several pieces of HTML, one after the other. */
export const join = (...parts: (Html | null | undefined | false)[]): Html => html`${parts}`;
