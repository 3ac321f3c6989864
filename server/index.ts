import { ConfigError, readConfig } from "../app/config.server";
import { startServer } from "./start";

async function main() {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(process.env, { forServer: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config, { buildDir: process.env.BUILD_DIR ?? "build" });

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
  console.error(error);
  process.exit(1);
});
