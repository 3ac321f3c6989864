import { describe, expect, it } from "vitest";
import { batched, batchedPerDatabase, refusedForItsData } from "./batch";

/** A flush that records each batch it was given and answers after the test lets it. */
function recordingFlush(
  answer: (items: number[]) => number[] | Promise<number[]> = (items) => items.map((n) => n * 10),
) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const flush = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => releases.push(resolve));
    return answer(items);
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { flush, batches, releaseAll };
}

const dataError = (code: string) => Object.assign(new Error(`refused ${code}`), { code });

describe("batched", () => {
  it("sends a lone call at once, then everything that arrived meanwhile as one batch", async () => {
    const { flush, batches, releaseAll } = recordingFlush();
    const call = batched(flush);
    const answers = Promise.all([1, 2, 3, 4].map(call));
    expect(batches).toEqual([[1]]);
    await releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("lets maxInFlight batches run at once and caps each at maxBatch", async () => {
    const { flush, batches, releaseAll } = recordingFlush();
    const call = batched(flush, { maxInFlight: 2, maxBatch: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(call));
    expect(batches).toEqual([[1], [2]]);
    await releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2], [3, 4], [5]]);
  });

  it("tries each item alone when a batch is refused for its data, so only the faulty item fails", async () => {
    const { flush, batches, releaseAll } = recordingFlush((items) => {
      if (items.includes(3)) throw dataError("23505");
      return items.map((n) => n * 10);
    });
    const call = batched(flush);
    const answers = Promise.allSettled([1, 2, 3, 4].map(call));
    await releaseAll();
    const settled = await answers;
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([
      10,
      20,
      "refused 23505",
      40,
    ]);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("fails the whole batch, without retrying, when the database itself fails", async () => {
    const { flush, batches, releaseAll } = recordingFlush((items) => {
      if (items.length > 1) throw new Error("connection terminated");
      return items.map((n) => n * 10);
    });
    const call = batched(flush);
    const answers = Promise.allSettled([1, 2, 3].map(call));
    await releaseAll();
    expect((await answers).map((s) => s.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("goes on after a failure: the next calls are sent", async () => {
    let fail = true;
    const call = batched(async (items: number[]) => {
      if (fail) throw new Error("down");
      return items;
    });
    await expect(call(1)).rejects.toThrow("down");
    fail = false;
    expect(await Promise.all([call(2), call(3)])).toEqual([2, 3]);
  });

  it("refuses an answer that does not give one result per item", async () => {
    const call = batched(async (items: number[]) => items.slice(1));
    await expect(call(1)).rejects.toThrow("a batch of 1 answered 0 results");
  });
});

describe("batchedPerDatabase", () => {
  it("batches each database's calls apart, with one batcher per database", async () => {
    const batches: [string, number[]][] = [];
    const call = batchedPerDatabase(async (db: { name: string }, items: number[]) => {
      batches.push([db.name, items]);
      return items.map((n) => `${db.name}${n}`);
    });
    const a = { name: "a" };
    const b = { name: "b" };
    expect(await Promise.all([call(a, 1), call(b, 2), call(a, 3), call(b, 4), call(a, 5)])).toEqual([
      "a1",
      "b2",
      "a3",
      "b4",
      "a5",
    ]);
    expect(batches).toEqual([
      ["a", [1]],
      ["b", [2]],
      ["a", [3, 5]],
      ["b", [4]],
    ]);
  });
});

describe("refusedForItsData", () => {
  it.each([
    ["a unique violation", dataError("23505"), true],
    ["a check violation", dataError("23514"), true],
    ["a numeric overflow", dataError("22003"), true],
    ["invalid text for a type", dataError("22P02"), true],
    [
      "Drizzle's wrapper around a data error",
      Object.assign(new Error("Failed query"), { cause: dataError("23505") }),
      true,
    ],
    ["a lost connection", dataError("08006"), false],
    ["an administrator's shutdown", dataError("57P01"), false],
    ["a deadlock", dataError("40P01"), false],
    ["a syntax error (ours, not the item's)", dataError("42601"), false],
    ["an error with no code", new Error("socket hang up"), false],
    ["a network error code", Object.assign(new Error("refused"), { code: "ECONNREFUSED" }), false],
    ["no error at all", undefined, false],
  ])("%s", (_name, error, expected) => {
    expect(refusedForItsData(error)).toBe(expected);
  });
});
