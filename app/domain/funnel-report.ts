import { z } from "./zod";
import { FUNNEL_EVENTS, FUNNEL_FORMS, type FunnelForm } from "./funnel";

// What a form may report to the funnel (DECISIONS D16), as the server checks it. Apart
// from funnel.ts so a page that draws the funnel does not build a schema in the browser.

/** Where a redirect sends a visitor: a page of ours, or a partner by name. */
const target = z.string().regex(/^(\/[a-z0-9-]{1,40}|external:[a-z-]{1,30})$/);

/** One report from a form, as the browser sends it. */
export const funnelReportSchema = z
  .object({
    form: z.enum(Object.keys(FUNNEL_FORMS) as [FunnelForm, ...FunnelForm[]]),
    event: z.enum(FUNNEL_EVENTS),
    /** The step reached (event "step"), or the step a redirect or submission came from. */
    step: z.string().max(20),
    /** Where a redirect went. */
    target: target.optional(),
    /** The landing page URL, for its utm_source and utm_campaign; never stored itself. */
    landing: z.string().max(2_000).optional(),
  })
  .refine((r) => FUNNEL_FORMS[r.form].steps.includes(r.step), { message: "Unknown step", path: ["step"] })
  .refine((r) => (r.event === "redirect") === (r.target !== undefined), {
    message: "A redirect names its target, and only a redirect",
    path: ["target"],
  });
export type FunnelReport = z.infer<typeof funnelReportSchema>;
