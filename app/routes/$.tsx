import { data } from "react-router";

/**
 * Any path no other route claims. Throwing here (rather than matching nothing) lets the
 * root loader run, so the 404 page has the site's header and footer.
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
