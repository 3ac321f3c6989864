import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_MAIL_DIR } from "./e2e-paths";
import type { ReceivedMail } from "./smtp-sink";

/** Every message the e2e server has sent so far. */
export function receivedMail(): ReceivedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(E2E_MAIL_DIR)
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, f), "utf8")) as ReceivedMail);
}

/** Waits for a message to `to` matching `subject`, and returns it. */
export async function waitForMail(to: string, subject: RegExp | string, timeout = 15_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMail().find(
          (m) =>
            m.to.includes(to.toLowerCase()) &&
            (typeof subject === "string" ? m.subject.includes(subject) : subject.test(m.subject)),
        );
        return Boolean(found);
      },
      { timeout },
    )
    .toBe(true);
  return found as ReceivedMail;
}
