import { pageMeta, siteFromMatches } from "~/components/seo";
import { CLAIMS } from "~/content/marketing";
import { formatPounds } from "~/domain/finance";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(matches, {
    title: "About Us",
    description: `${site?.brandName ?? "We"} ${site ? `has helped UK homeowners borrow since ${site.establishedYear}` : "help UK homeowners borrow"}: an FCA-regulated credit broker comparing a panel of lenders for secured homeowner loans from ${formatPounds(CLAIMS.minLoan)} to ${formatPounds(CLAIMS.maxLoan)}.`,
    path: "/about-us",
  });
};

export { handle, AboutUs as default } from "~/pages/about-us";
