import { describe, expect, it } from "vitest";
import { actionSort, CONSOLE_ACTIONS } from "../../app/domain/console-actions";
import { consoleActionIntents, consolePagePath } from "../support/console-routes";

// The walk of every console action (DECISIONS D31): each intent a console route's action
// takes, read from the wrapper's declaration, is sorted in app/domain/console-actions.ts as
// safe, undoable or confirmed; a route or an intent added tomorrow fails here until it is.

const modules = import.meta.glob<Record<string, unknown>>([
  "../../app/routes/staff*.tsx",
  "../../app/routes/staff*/route.tsx",
]);
const load = async (file: string) => {
  const module = modules[`../../app/routes/${file}`];
  if (!module) throw new Error(`no module for ${file}`);
  return module();
};

describe("every console action is sorted", () => {
  it("reads a route file's path as its page, a folder's route.tsx by its folder's name", () => {
    expect(consolePagePath("staff._index.tsx")).toBe("/staff");
    expect(consolePagePath("staff.leads.$kind.$id/route.tsx")).toBe("/staff/leads/:kind/:id");
    expect(consolePagePath("staff.people.$kind.$id.tsx")).toBe("/staff/people/:kind/:id");
    expect(consolePagePath("staff.export_.ticked.tsx")).toBe("/staff/export/ticked");
  });

  it("finds each action's intents through the wrapper", async () => {
    const routes = await consoleActionIntents(load);
    expect(routes.map((r) => r.page)).toContain("/staff/leads/:kind/:id");
    expect(routes.filter((r) => r.intents === null).map((r) => r.file)).toEqual([]);
    expect(routes.find((r) => r.page === "/staff")?.intents).toContain("bulk-assign");
  }, 60_000);

  it("holds every intent of every console route in the table, and no line that no route has", async () => {
    const routes = await consoleActionIntents(load);
    const taken = routes.flatMap((r) => (r.intents ?? []).map((intent) => `${r.page} ${intent}`));
    const unsorted = taken.filter((key) => {
      const [page = "", intent = ""] = key.split(" ");
      return actionSort(page, intent) === null;
    });
    expect(unsorted, "console actions missing from app/domain/console-actions.ts").toEqual([]);
    const listed = Object.entries(CONSOLE_ACTIONS).flatMap(([page, intents]) =>
      Object.keys(intents).map((intent) => `${page} ${intent}`),
    );
    expect(
      listed.filter((key) => !taken.includes(key)),
      "lines of the table no route takes",
    ).toEqual([]);
  }, 60_000);
});
