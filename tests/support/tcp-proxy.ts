import { createServer, type Server, type Socket, connect } from "node:net";

/**
 * A TCP proxy between the server and a real PostgreSQL (or SMTP) server, for fault
 * tests: it passes bytes through until told to refuse new connections (the database
 * is down), cut the ones it carries (the database restarted), or stall (the database
 * hangs: connections are accepted and nothing is ever answered).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const stalledClients = new Set<Socket>();
  let stalled = false;
  let server: Server | undefined;
  let port = 0;

  function onConnection(client: Socket) {
    client.on("error", () => {});
    if (stalled) {
      // Accepted, then silence: what a client sees of a hung server.
      stalledClients.add(client);
      client.on("close", () => stalledClients.delete(client));
      return;
    }
    const upstream = connect(target);
    upstream.on("error", () => client.destroy());
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", forget);
    upstream.on("close", forget);
  }

  async function listen() {
    server = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server?.once("error", reject);
      server?.listen(port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    port = typeof address === "object" && address ? address.port : port;
  }

  function cut() {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    for (const client of stalledClients) client.destroy();
  }

  await listen();

  return {
    get port() {
      return port;
    },
    /** `url` (a postgres:// or smtp:// address) pointed at the proxy instead. */
    via(url: string) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    /** Drops every connection it carries; new ones still pass. */
    cut,
    /** Stops listening and drops every connection: new connections are refused. */
    async refuse() {
      cut();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    /** Every connection, open or new, goes silent: nothing is forwarded either way. */
    stall() {
      stalled = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    /** Back to normal: listening again (after refuse), stalled connections dropped, new ones pass. */
    async restore() {
      stalled = false;
      cut();
      if (!server) await listen();
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
