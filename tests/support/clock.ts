import { vi } from "vitest";

/**
 * Runs `body` with `Date` held still at the present moment (timers still run).
 *
 * The rate limits count in fixed windows that turn over every 15 minutes on the clock,
 * so a test that makes a run of requests up to a limit on the real clock fails when a
 * window turns over midway (one did, at 13:30:00). Held still, the whole run falls in
 * one window, and the test means the same at any time of day.
 */
export async function withClockHeld<T>(body: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  try {
    return await body();
  } finally {
    vi.useRealTimers();
  }
}
