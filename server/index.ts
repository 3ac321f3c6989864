import { ConfigError, readConfig } from "../app/config.server";
import { createLogger } from "./platform/logger";
import { sendProcessOutputTo } from "./platform/process-output";
import { startServer } from "./start";

// Every line this process prints is the logger's (decision 150): from the first line on,
// at the configured level once the configuration is read.
const bootLog = createLogger("info");
sendProcessOutputTo(bootLog);

async function main() {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(process.env, { forServer: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      // The variables' names and what is wrong with each (never their values).
      const [heading = "", ...problems] = error.message.split("\n");
      bootLog.fatal({ problems: problems.map((p) => p.trim()) }, heading);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  sendProcessOutputTo(log);
  const server = await startServer(config, { buildDir: process.env.BUILD_DIR ?? "build", log });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  bootLog.fatal({ err: error }, "the server could not start");
  process.exit(1);
});
