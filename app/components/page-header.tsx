import type { ReactNode } from "react";

/** The band at the top of a content page: an optional badge, the page's h1 and its lead. */
export function PageHeader({ badge, title, children }: { badge?: string; title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        {badge && (
          <p className="mb-4 inline-block rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-teal-100 ring-1 ring-white/25">
            {badge}
          </p>
        )}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-lg text-slate-100">{children}</div>}
      </div>
    </section>
  );
}
