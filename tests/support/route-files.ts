import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./server-process";

// The route modules in app/routes as flatRoutes (app/routes.ts) finds them: a file, or a
// folder's route.tsx (docs/decisions/490). The other files of a route's folder (its
// `*.server.ts` intents) are its own modules, not routes.

export const ROUTES_DIR = path.join(ROOT, "app/routes");

/** A folder's route module, as flatRoutes looks for it: `route.tsx`, else `index.tsx`. */
const FOLDER_ROUTE = ["route.tsx", "index.tsx"];

/** Each route module's path in app/routes: `about-us.tsx`, `staff.leads.$kind.$id/route.tsx`. */
export const routeFiles = () =>
  readdirSync(ROUTES_DIR, { withFileTypes: true })
    .flatMap((entry) => {
      const { name } = entry;
      if (!entry.isDirectory()) return name.endsWith(".tsx") && !name.includes(".test.") ? [name] : [];
      const module = FOLDER_ROUTE.find((file) => existsSync(path.join(ROUTES_DIR, name, file)));
      return module ? [`${name}/${module}`] : [];
    })
    .sort();

/** The flat-routes name a route module's address is read from: `staff.leads.$kind.$id` for either shape. */
export const routeName = (file: string) => file.replace(/\/(route|index)\.tsx$/, "").replace(/\.tsx$/, "");

/** Every file a route's code is in: the route file, or each module of its folder. */
export const routeSourceFiles = (file: string) => {
  if (!file.includes("/")) return [file];
  const folder = path.dirname(file);
  return readdirSync(path.join(ROUTES_DIR, folder))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `${folder}/${name}`)
    .sort();
};
