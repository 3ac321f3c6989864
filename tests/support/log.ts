import { Writable } from "node:stream";
import { createLogger } from "../../server/platform/logger";

/** A logger whose lines the test reads. */
export function capturedLog(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger(level, destination), lines, text: () => lines.map((l) => JSON.stringify(l)).join("\n") };
}
