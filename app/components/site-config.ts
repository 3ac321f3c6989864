import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "~/config.server";

/** The deployment's brand, firm details and partner links (from the root loader). */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData("root") as { site: SiteConfig } | undefined;
  if (!data) throw new Error("useSite() needs the root loader's data");
  return data.site;
}
