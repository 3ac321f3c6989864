/**
 * A console page's head: its title, and noindex. When the page fails its loader, the
 * console's error page gives the title (what happened, "Not for your role"), so the
 * page's own is left out: a second <title> is invalid HTML, and a screen reader would
 * announce the page the member was refused.
 */
export const consoleMeta =
  (title: string) =>
  ({ error }: { error?: unknown }) => [
    ...(error ? [] : [{ title: `${title} | Staff console` }]),
    { name: "robots", content: "noindex" },
  ];
