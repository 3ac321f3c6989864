/**
 * The calculator pages' only script: React hydrates each calculator island and nothing
 * else on the page (docs/decisions/058). Bundled on its own by the build.
 */
import { hydrateIslands } from "~/components/hydrate-islands";
import { CALCULATORS } from "./calculators";

hydrateIslands(CALCULATORS);
