import { STATIC_PAGE } from "~/components/route-handle";
import { pageMeta } from "~/components/seo";
import { useSite } from "~/components/site-config";
import { buttonVariants } from "~/components/ui/button";
import { AD_IMAGES, adDownloadName } from "~/content/ad-images";
import type { Route } from "./+types/google-ads";

/** Images and download links only: nothing here needs React in the browser (decision 010). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Advertising Images",
    description:
      "Download our homeowner loan advertising images, square 1200 by 1200 and horizontal 1200 by 628, as WebP files drawn from our current rates.",
    path: "/google-ads",
  });

export default function GoogleAdsPage() {
  const site = useSite();
  return (
    <div className="mx-auto max-w-7xl px-4 py-14">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">Advertising images</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        Two images for display and search campaigns, in the sizes Google Ads asks for. They are drawn when the site is
        built, from the {site.brandName} brand and the rates and representative example on the site today, so they never
        show a figure the site does not.
      </p>
      <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1fr_1.5fr]">
        {AD_IMAGES.map((image, i) => (
          <figure key={image.id} className="rounded-2xl border border-slate-200 p-4 shadow-sm">
            <img
              src={image.path}
              width={image.width}
              height={image.height}
              alt={`${image.label} advert for ${site.brandName} homeowner loans, with the representative example and repossession warning`}
              loading={i === 0 ? "eager" : "lazy"}
              decoding="async"
              className="h-auto w-full rounded-lg bg-slate-100"
            />
            <figcaption className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <span className="font-semibold text-slate-900">
                {image.label}, {image.width} × {image.height} pixels (WebP)
              </span>
              <a
                href={image.path}
                download={adDownloadName(site.brandName, image)}
                className={buttonVariants({ variant: "secondary" })}
              >
                Download {image.label.toLowerCase()} image
              </a>
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}
