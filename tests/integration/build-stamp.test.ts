/**
 * `npm start` builds only when build/ is not the build of the sources (scripts/build-stamp.js): a
 * stamp of the sources' contents, written after a build, decides. Tested on a small project in a
 * temporary folder; nothing here runs a real build (one that was attempted would fail there: no
 * node_modules), so "current" also proves that no build was started.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildState, ensureBuild, sourceStamp, takeBuildLock, writeStamp } from "../../scripts/build-stamp.js";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "vitrine-stamp-"));
  write("app/root.tsx", "export default 1;\n");
  write("server/entry.ts", "export const start = 1;\n");
  write("domain/catalog/index.ts", "export {};\n");
  write("public/favicon.svg", "<svg/>");
  write("package.json", '{ "name": "x" }\n');
  write("vite.config.ts", "export default {};\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A build as `react-router build` leaves it, stamped with the sources of now. */
function built() {
  write("build/server/index.js", "export const start = () => {};\n");
  writeStamp(root, sourceStamp(root));
}

describe("the build stamp", () => {
  it("is missing before the first build, current after it", async () => {
    expect(buildState(root)).toBe("missing");
    built();
    expect(buildState(root)).toBe("current");
    expect(await ensureBuild(root, { output: "pipe" })).toBe("current");
  });

  it("goes stale when a source changes, a source is added or removed, or the build's configuration changes", () => {
    const cases: [string, () => void][] = [
      ["an edited page", () => write("app/root.tsx", "export default 2;\n")],
      ["a new server file", () => write("server/new.ts", "export {};\n")],
      ["a removed domain file", () => rmSync(path.join(root, "domain/catalog/index.ts"))],
      ["a changed static file", () => write("public/favicon.svg", "<svg></svg>")],
      ["a changed Vite configuration", () => write("vite.config.ts", "export default { x: 1 };\n")],
      ["a changed plugin of the build", () => write("scripts/inline-script.ts", "export const inlineScript = 2;\n")],
      ["a dependency upgrade", () => write("package-lock.json", "{}\n")],
    ];
    for (const [what, change] of cases) {
      built();
      change();
      expect(buildState(root), what).toBe("stale");
    }
  });

  it("stays current when files are only touched, or when tests change", () => {
    built();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "app/root.tsx"), later, later);
    write("domain/catalog/service.test.ts", "it('works', () => {});\n");
    write("tests/integration/x.test.ts", "// a test\n");
    write("README.md", "# words\n");
    expect(buildState(root)).toBe("current");
  });

  it("is stale when a build has no stamp (an older checkout's build, or an interrupted one)", () => {
    write("build/server/index.js", "export const start = () => {};\n");
    expect(buildState(root)).toBe("stale");
  });
});

describe("the build lock", () => {
  it("lets one process build at a time: the second waits until the first lets go", async () => {
    const release = await takeBuildLock(root);
    let second = false;
    const waiting = takeBuildLock(root).then((releaseSecond) => {
      second = true;
      return releaseSecond;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(second).toBe(false);
    release();
    (await waiting)();
    expect(second).toBe(true);
  });

  it("takes over a lock left by a process that died", async () => {
    mkdirSync(path.join(root, ".tmp/build.lock"), { recursive: true });
    // a process id that is not running (above the kernel's largest)
    writeFileSync(path.join(root, ".tmp/build.lock/pid"), "4194305");
    const release = await takeBuildLock(root, 2_000);
    release();
  });

  it("gives up with a sentence when a living process holds the lock too long", async () => {
    const release = await takeBuildLock(root);
    try {
      await expect(takeBuildLock(root, 300)).rejects.toThrow(/still held by process/);
    } finally {
      release();
    }
  });
});
