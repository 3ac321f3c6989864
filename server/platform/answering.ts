import type { ServerResponse } from "node:http";

/**
 * Counts the requests the HTTP server is answering now, so the outbox can give way to
 * them (decision 143). `answer` is called with each response as its request arrives;
 * the count falls when the response closes: sent in full, or its connection gone.
 */
export function requestsInFlight() {
  let answering = 0;
  return {
    answer(response: ServerResponse) {
      answering++;
      response.once("close", () => {
        answering--;
      });
    },
    busy: () => answering > 0,
    count: () => answering,
  };
}
