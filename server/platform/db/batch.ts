/**
 * Group commit: calls that arrive while earlier statements are still at the database
 * wait, then go together as one statement. A lone call goes at once and waits for
 * nobody; under load one round trip and one commit serve many requests. (A server
 * spends most of a small write on the round trip and the commit, not on the row.)
 */
export interface BatchOptions {
  /** Statements allowed at the database at once; calls beyond them wait and join the next. */
  maxInFlight?: number;
  /** The most items one statement carries. */
  maxBatch?: number;
}

interface Waiting<In, Out> {
  item: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

/**
 * `flush` receives the items of one batch and answers one result per item, in order.
 * When a batch is refused because of its data (a constraint or a bad value), each item
 * is tried again alone, so one item's fault fails that item only. Any other failure
 * (the connection, the server) fails the whole batch: nothing of it was committed.
 */
export function batched<In, Out>(
  flush: (items: In[]) => Promise<Out[]>,
  { maxInFlight = 1, maxBatch = 200 }: BatchOptions = {},
): (item: In) => Promise<Out> {
  const waiting: Waiting<In, Out>[] = [];
  let inFlight = 0;

  async function run(batch: Waiting<In, Out>[]) {
    try {
      const results = await flush(batch.map((entry) => entry.item));
      if (results.length !== batch.length)
        throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      for (const [i, entry] of batch.entries()) entry.resolve(results[i] as Out);
    } catch (error) {
      if (batch.length === 1 || !refusedForItsData(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      await Promise.all(batch.map((entry) => run([entry])));
    }
  }

  function pump() {
    while (inFlight < maxInFlight && waiting.length > 0) {
      inFlight++;
      void run(waiting.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
}

/**
 * A batcher per database, made on first use: calls to one database batch together,
 * never with another's (tests open many databases in one process).
 */
export function batchedPerDatabase<Db extends object, In, Out>(
  flush: (db: Db, items: In[]) => Promise<Out[]>,
  options?: BatchOptions,
): (db: Db, item: In) => Promise<Out> {
  const batchers = new WeakMap<Db, (item: In) => Promise<Out>>();
  return (db, item) => {
    let call = batchers.get(db);
    if (!call) {
      call = batched((items: In[]) => flush(db, items), options);
      batchers.set(db, call);
    }
    return call(item);
  };
}

/**
 * True for PostgreSQL's data exceptions (class 22) and integrity constraint violations
 * (class 23): the statement was refused, so nothing of it was written, and the fault
 * lies with some row of it. Drizzle wraps the driver's error; its cause has the code.
 */
export function refusedForItsData(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return /^2[23][0-9A-Z]{3}$/.test(code);
  }
  return false;
}
