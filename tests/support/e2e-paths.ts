import os from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Where the e2e SMTP sink leaves each message it receives, as JSON (see e2e-server.ts). */
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `e2e-mail-${E2E_PORT}`);
