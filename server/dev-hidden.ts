import { realpathSync } from "node:fs";
import path from "node:path";

/** Vite's default `server.fs.deny`, which a `deny` option replaces rather than extends. */
const VITE_DEFAULT_DENY = [".env", ".env.*", "*.{crt,pem,key,p12,pfx,cer,der}", ".npmrc", ".yarnrc.yml", "**/.git/**"];

/** The folders as they are written and as the file system resolves them (a data folder may be a symlink). */
function withRealPaths(dirs: string[]): string[] {
  const all = dirs.flatMap((dir) => {
    try {
      return [dir, realpathSync(dir)];
    } catch {
      return [dir];
    }
  });
  return [...new Set(all.map((dir) => path.resolve(dir).replaceAll("\\", "/")))];
}

/** `server.fs.deny` for Vite: its defaults plus everything under the hidden folders. */
export function viteDenyList(hiddenDirs: string[]): string[] {
  const literal = (dir: string) => dir.replace(/[*?[\]{}()!+@|]/g, "\\$&");
  return [...VITE_DEFAULT_DENY, ...withRealPaths(hiddenDirs).map((dir) => `${literal(dir)}/**`)];
}

/**
 * Whether a request for `url` could reach a file in one of the hidden folders, or a .env file, through Vite.
 * Vite decodes and resolves a path in several ways (plain, `/@fs/`, `/@id/`, query suffixes), so this reads it
 * the most generous way: decoded until it stops changing, backslashes as slashes, with and without its dot
 * segments resolved and Vite's prefixes, both under the project and as an absolute path; case is ignored, as
 * some file systems do.
 */
export function createHiddenCheck(root: string, hiddenDirs: string[]): (url: string) => boolean {
  const dirs = withRealPaths(hiddenDirs).map((dir) => dir.toLowerCase());
  const posixRoot = path.resolve(root).replaceAll("\\", "/").toLowerCase();
  const inside = (file: string) => dirs.some((dir) => file === dir || file.startsWith(`${dir}/`));
  const absolute = (p: string) => {
    const normal = path.posix.normalize(`/${p}`);
    return /^\/[a-z]:\//.test(normal) ? normal.slice(1) : normal;
  };

  return (url) => {
    const decoded = decodedPath(url)?.toLowerCase();
    if (decoded === undefined) return true;
    if (decoded.split("/").some((segment) => /^\.env(\.|$)/.test(segment))) return true;
    const forms = new Set([decoded]);
    for (const form of forms) {
      // normalised too, since dot segments can hide a prefix (`/x/../@fs/…`)
      forms.add(path.posix.normalize(form));
      forms.add(form.replace(/^\/*@(fs|id)(?=\/|$)/, ""));
    }
    return [...forms].some((form) => inside(absolute(form)) || inside(path.posix.join(posixRoot, form)));
  };
}

/** The path of a request URL without its query, decoded until it stops changing; undefined if it will not decode. */
function decodedPath(url: string): string | undefined {
  // absolute-form request targets (`GET http://host/path`) included
  let p = url.startsWith("/") ? url : URL.parse(url)?.pathname;
  if (p === undefined) return undefined;
  for (let round = 0; round < 5; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(p.replace(/[?#].*$/s, "")).replaceAll("\\", "/");
    } catch {
      return undefined;
    }
    if (decoded === p) return decoded;
    p = decoded;
  }
  return undefined;
}
