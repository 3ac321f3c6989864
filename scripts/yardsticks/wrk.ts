import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** What one wrk run measured: requests a second and latency percentiles in ms. */
export interface LoadResult {
  requests: number;
  perSecond: number;
  /** Answers of 400 or more, and socket errors (connect, read, write, time-out). */
  errors: number;
  p50: number;
  p99: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /**
   * A POST body sent with each request. `__KEY__` in it becomes a new version-4 UUID and
   * `__N__` a number, fresh for each request; `X-Forwarded-For` gets a new address from
   * 10.0.0.0/8 for each, as real traffic comes from many addresses.
   */
  postBody?: string;
}

/**
 * wrk (Debian's package: a load generator written in C, so the generator is never what
 * limits the figure) against `url`, with its results read from a Lua `done` hook.
 */
export function wrk({ url, connections, seconds, headers = {}, postBody }: LoadOptions): LoadResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wrk-"));
  try {
    const script = path.join(dir, "bench.lua");
    writeFileSync(script, luaScript(headers, postBody));
    const run = spawnSync(
      "wrk",
      [
        "-t",
        String(Math.min(2, connections)),
        "-c",
        String(connections),
        "-d",
        `${seconds}s`,
        "--timeout",
        "5s",
        "-s",
        script,
        url,
      ],
      { encoding: "utf8" },
    );
    const line = run.stdout.split("\n").find((l) => l.startsWith("WRK_JSON "));
    if (run.status !== 0 || !line) throw new Error(`wrk failed:\n${run.stderr}\n${run.stdout}`);
    const r = JSON.parse(line.slice("WRK_JSON ".length));
    return {
      requests: r.requests,
      perSecond: r.requests / (r.duration_us / 1e6),
      errors: r.status + r.connect + r.read + r.write + r.timeout,
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const luaString = (text: string) => `[==[${text}]==]`;

function luaScript(headers: Record<string, string>, postBody: string | undefined): string {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join("\n");
  const post = postBody
    ? `
local template = ${luaString(postBody)}
local counter = 0
local function hex4() return string.format("%04x", math.random(0, 65535)) end
request = function()
  counter = counter + 1
  local key = hex4() .. hex4() .. "-" .. hex4() .. "-4" .. string.sub(hex4(), 2) .. "-8" .. string.sub(hex4(), 2) .. "-" .. hex4() .. hex4() .. hex4()
  local body = string.gsub(string.gsub(template, "__KEY__", key), "__N__", tostring(thread_id * 100000000 + counter))
  local headers = { ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254) }
  return wrk.format("POST", nil, headers, body)
end`
    : "";
  return `${headerLines}
local next_id = 1
function setup(thread)
  thread:set("thread_id", next_id)
  next_id = next_id + 1
end
function init(args)
  math.randomseed(os.time() * 100 + (thread_id or 0))
end
${post}
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout, latency:percentile(50), latency:percentile(99)))
end
`;
}
