/**
 * The contact page's only script: React hydrates the message form and the map, nothing
 * else (docs/decisions/058). Bundled on its own by the build.
 */
import type { ComponentProps } from "react";
import { hydrateIslands } from "~/components/hydrate-islands";
import { Toaster } from "~/components/ui/toaster";
import { ContactForm } from "./contact-form";
import { ContactMap } from "./contact-map";

hydrateIslands({
  // The page's root layout is not hydrated, so the form brings a toaster of its own. It
  // renders nothing until the first toast, so the server's HTML still matches.
  "contact-form": (props: ComponentProps<typeof ContactForm>) => (
    <>
      <ContactForm {...props} />
      <Toaster />
    </>
  ),
  "contact-map": ContactMap,
});
