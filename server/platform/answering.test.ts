import { createServer, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requestsInFlight } from "./answering";

describe("requestsInFlight: what the outbox gives way to", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A server whose responses wait until the test ends them; resolves each response as it arrives. */
  async function heldServer(inFlight: ReturnType<typeof requestsInFlight>) {
    const arrived: ServerResponse[] = [];
    const waiting: ((response: ServerResponse) => void)[] = [];
    server = createServer((_req, res) => {
      inFlight.answer(res);
      const next = waiting.shift();
      if (next) next(res);
      else arrived.push(res);
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const nextResponse = () =>
      new Promise<ServerResponse>((resolve) => {
        const ready = arrived.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      });
    return { port, nextResponse };
  }

  const get = (port: number) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent: false });
    const answered = new Promise<number>((resolve, reject) => {
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
    });
    req.end();
    return { req, answered };
  };

  it("is busy while a response is unfinished, and idle once each has been sent", async () => {
    const inFlight = requestsInFlight();
    const { port, nextResponse } = await heldServer(inFlight);
    expect(inFlight.busy()).toBe(false);

    const first = get(port);
    const second = get(port);
    const [a, b] = [await nextResponse(), await nextResponse()];
    expect(inFlight.count()).toBe(2);

    a.end("done");
    expect(await first.answered).toBe(200);
    await until(() => inFlight.count() === 1);
    expect(inFlight.busy()).toBe(true);

    b.end("done");
    expect(await second.answered).toBe(200);
    await until(() => !inFlight.busy());
    expect(inFlight.count()).toBe(0);
  });

  it("counts a request whose client went away as answered", async () => {
    const inFlight = requestsInFlight();
    const { port, nextResponse } = await heldServer(inFlight);
    const gone = get(port);
    gone.answered.catch(() => {});
    await nextResponse();
    expect(inFlight.busy()).toBe(true);
    gone.req.destroy();
    await until(() => !inFlight.busy());
    expect(inFlight.count()).toBe(0);
  });
});

/** Resolves once `condition` holds: the count falls on the response's close event, a moment after the client has its answer. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}
