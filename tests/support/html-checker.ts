import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The W3C Nu HTML Checker (the `vnu-jar` package, run by Java) over many pages in one
 * call: Java's start is most of its time.
 */

const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

/** Whether this machine can run the checker (`java` on the PATH). */
export const hasJava = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

export interface CheckedPage {
  /** What the page is, as a failure names it: its path, or the state it shows. */
  name: string;
  html: string;
}

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message?: string;
  extract?: string;
}

/** A page with one known error, checked beside the others: a run that misses it read nothing. */
const CANARY: CheckedPage = {
  name: "the checker's own known-bad page",
  html: '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p id="a b">x</p></body></html>',
};

/** Every error the checker finds in `pages`, as "page (line n): message [extract]" lines; none when valid. */
export function htmlErrors(pages: readonly CheckedPage[]): string[] {
  const errors = checkerErrors([...pages, CANARY]);
  const own = errors.filter((line) => line.startsWith(CANARY.name));
  if (own.length !== 1) throw new Error(`the HTML checker missed the known-bad page's error: ${errors.join("\n")}`);
  return errors.filter((line) => !line.startsWith(CANARY.name));
}

function checkerErrors(pages: readonly CheckedPage[]): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "html-check-"));
  try {
    const files = new Map<string, string>();
    pages.forEach((page, index) => {
      const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, page.html);
      files.set(file, page.name);
    });
    const run = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files.keys()], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    // The checker writes its report to stderr, and exits 1 when it found an error.
    const report = JSON.parse(run.stderr || "{}") as { messages?: VnuMessage[] };
    if (!report.messages) throw new Error(`the HTML checker gave no report: ${run.stderr || run.error}`);
    return report.messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => {
        // Each file is named as a URL: "file:/tmp/…/000.html".
        const file = m.url ? decodeURIComponent(m.url.replace(/^file:(\/\/)?/, "")) : "";
        const page = files.get(file) ?? m.url ?? "?";
        return `${page} (line ${m.lastLine ?? "?"}): ${m.message ?? m.type} [${(m.extract ?? "").replace(/\s+/g, " ").trim()}]`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
