/**
 * The contact page's only script: React hydrates the message form and the map, nothing
 * else (docs/decisions/058), each once it is near the viewport or touched (decision 142).
 */
import type { ComponentProps } from "react";
import { hydrateIslands } from "~/components/hydrate-islands";

hydrateIslands({
  // The page's root layout is not hydrated, so the form brings a toaster of its own. It
  // renders nothing until the first toast, so the server's HTML still matches.
  "contact-form": async () => {
    const [{ ContactForm }, { Toaster }] = await Promise.all([
      import("./contact-form"),
      import("~/components/ui/toaster"),
    ]);
    return (props: ComponentProps<typeof ContactForm>) => (
      <>
        <ContactForm {...props} />
        <Toaster />
      </>
    );
  },
  "contact-map": () => import("./contact-map").then((m) => m.ContactMap),
});
