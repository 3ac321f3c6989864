import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "./logger";

// Bytes Node's HTTP parser cannot read (a body sent with no Content-Length, whose bytes
// then read as a second request) are refused with a 400 and the connection closed. The
// request before them on that connection is then answered to nobody: its handler sees an
// aborted request, and the log would carry whatever it made of that (a page's 500). Such
// a request is logged as what the client was told, a 400.

const refused = new WeakMap<IncomingMessage, number>();

/** The status the client was sent when the parser refused what followed this request, closing its connection. */
export const refusedWith = (request: IncomingMessage | undefined) =>
  request === undefined ? undefined : refused.get(request);

/** What the parser's own error answers: an oversized header is 431, any other unreadable request 400. */
const refusalStatus = (code: string | undefined) =>
  code === "HPE_HEADER_OVERFLOW" ? 431 : code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;

/**
 * Answers what the parser refused as Node does, and puts it in the log: on the line of
 * the request in flight on that connection when there is one, else a line of its own.
 */
export function refuseUnreadableRequests(server: Server, log: Logger) {
  const current = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    current.set(request.socket, { request, response });
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = refusalStatus(error.code);
    const last = current.get(socket);
    const inFlight = last && !last.response.writableEnded ? last : undefined;
    if (!inFlight) log.info({ status, code: error.code }, "request refused");
    // As Node's own answer: never into the middle of an answer already begun.
    if (!inFlight?.response.headersSent) {
      if (inFlight) refused.set(inFlight.request, status);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
}
