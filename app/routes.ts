import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// Routes are files in app/routes/ (flat-routes naming: `about-us.tsx`, `_index.tsx`).
export default flatRoutes() satisfies RouteConfig;
