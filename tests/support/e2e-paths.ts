import os from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** A conversion id in the Google Ads format, so the browser tests prove the conversion (the ad network is faked). */
export const E2E_ADS_CONVERSION_ID = "AW-000000000/e2e-test";

/** Where the e2e SMTP sink leaves each message it receives, as JSON (see e2e-server.ts). */
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `e2e-mail-${E2E_PORT}`);
