import type { ServerBuild } from "react-router";
import { twMerge } from "tailwind-merge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { createTestApp, loadBuild } from "../support/app";
import { openTestDatabase } from "../support/database";
import { ensureBuild } from "../support/server-process";

/**
 * `cn` joins class names without resolving conflicts (docs/decisions/139): a component
 * offers variants instead of taking classes that override its own. So no element may
 * carry two classes that set the same thing, where the stylesheet's order rather than
 * the markup would decide. tailwind-merge, which knows Tailwind's groups, is the judge:
 * it must keep every class of every element on every page, in the states a visitor
 * meets without script (a step or the contact form sent with nothing filled in).
 */

const SITE = "http://localhost:3000";

/** Every route's path that takes no parameter, from the build's own route table. */
function staticPaths(build: ServerBuild): string[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const fullPath = (id: string | undefined): string | undefined => {
    if (id === undefined) return "";
    const route = build.routes[id];
    if (!route) return "";
    const parent = fullPath(route.parentId);
    if (parent === undefined) return undefined;
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
  };
  const paths = routes
    .filter((route) => route.path !== undefined || route.index)
    .map((route) => fullPath(route.id) || "/")
    .filter((path): path is string => path !== undefined && !/[:*]/.test(path));
  return [...new Set(paths)].sort();
}

/** Each element's classes that tailwind-merge would drop, as "dropped ← whole attribute". */
function conflicts(html: string): string[] {
  const found: string[] = [];
  for (const [, value = ""] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const classes = value.split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(value).split(" "));
    const dropped = [...new Set(classes)].filter((name) => !kept.has(name));
    if (dropped.length > 0) found.push(`${dropped.join(" ")} ← ${value}`);
  }
  return found;
}

const sentEmpty = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.20" },
  body: new URLSearchParams(fields).toString(),
});

describe("class names on the server-rendered pages", () => {
  let database: DatabaseHandle;
  let build: ServerBuild;
  let site: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    ensureBuild();
    database = await openTestDatabase("pglite");
    const loaded = await loadBuild();
    if (!loaded) throw new Error("no build to render pages with");
    build = loaded;
    site = createTestApp(database, {}, { build });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("finds the site's pages in the build", () => {
    const paths = staticPaths(build);
    expect(paths).toEqual(expect.arrayContaining(["/", "/apply", "/apply-personal", "/contact-us", "/school-fees-loan"]));
    expect(paths.length).toBeGreaterThan(20);
  });

  it("no element on any page carries two classes for the same thing", async () => {
    const found: string[] = [];
    for (const path of staticPaths(build)) {
      const response = await site.app.request(`${SITE}${path}`);
      const html = await response.text();
      for (const conflict of conflicts(html)) found.push(`${path}: ${conflict}`);
    }
    expect(found).toEqual([]);
  });

  it.each([
    ["/apply", { step: "status" }],
    ["/loan-application", { step: "status" }],
    ["/apply-personal", { step: "status" }],
    ["/contact-us", {}],
  ])("nor on %s sent with nothing filled in", async (path, fields) => {
    const response = await site.app.request(`${SITE}${path}`, sentEmpty(fields));
    expect(response.status).toBe(400);
    expect(conflicts(await response.text())).toEqual([]);
  });

  it("would notice a conflict", () => {
    expect(conflicts('<p class="py-8 px-4 py-0">')).toEqual(["py-8 ← py-8 px-4 py-0"]);
  });
});
