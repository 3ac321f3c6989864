import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isCrossOriginWrite, logRefusal } from "../server/platform/refusal-log.server";
import { NonceProvider } from "./components/nonce";
import { scriptsAfterPaint } from "./scripts-after-paint";

export const streamTimeout = 5_000;

/**
 * A loader's or action's error goes to the server's log, whose error serializer keeps
 * query parameters and personal values out (React Router's default prints it whole).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A request the page refused (a method it has no action for: 405) is the client's
  // error, not the server's: its request line carries the status.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const log = (context as Partial<AppLoadContext> | undefined)?.log;
  // A post from another site's page, refused before any action (400): a refusal, not our fault.
  if (log && isCrossOriginWrite(request)) return logRefusal(log, "cross-origin post");
  if (log) log.error({ err: error, path: new URL(request.url).pathname }, "page error");
};

/**
 * Every page is rendered whole before the first byte is sent: pages are small, and a
 * complete document is what search engines, prerendering and slow phones want. Its
 * scripts are then asked for only once it has painted (app/scripts-after-paint.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Absent while prerendering at build: those pages' scripts are allowed by hash instead.
  const nonce = (loadContext as Partial<AppLoadContext> | undefined)?.nonce;

  return new Promise((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // The whole page is sent at once (onAllReady), so a finished Suspense boundary is
        // written in place: by default React moves a large one after the shell, to be
        // swapped in by script, and a browser without script would show only its fallback
        // (the step forms' last step, issue 13).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk, _encoding, callback) {
              chunks.push(Buffer.from(chunk));
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = scriptsAfterPaint(Buffer.concat(chunks).toString("utf8"));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(page);
        },
        onShellError: reject,
        onError(error) {
          responseStatusCode = 500;
          const log = (loadContext as Partial<AppLoadContext> | undefined)?.log;
          if (log) log.error({ err: error }, "render error");
          else console.error(error);
        },
      },
    );
  });
}
