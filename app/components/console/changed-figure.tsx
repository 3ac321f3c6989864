// A figure a change changes (DECISIONS D31): the old one struck through, the new one beside
// it, highlighted and underlined (not by colour alone), each said in words to a screen
// reader ("was", "now"), which reads neither <del> nor <ins> as such.

export function ChangedFigure({ before, after }: { before: string | null; after: string | null }) {
  return (
    <span data-testid="changed-figure">
      {before !== null && (
        <del className="text-slate-700">
          <span className="sr-only">was </span>
          {before}
        </del>
      )}
      {before !== null && " "}
      {after !== null ? (
        <ins className="rounded-sm bg-amber-100 px-1 font-semibold text-slate-950">
          <span className="sr-only">{before === null ? "added " : "now "}</span>
          {after}
        </ins>
      ) : (
        <span className="italic"> (taken out)</span>
      )}
    </span>
  );
}

/** A figure as printed: marked when `change` says it differs from what it is compared with. */
export function Figure({
  text,
  change,
}: {
  text: string;
  change?: { before: string | null; after: string | null } | undefined;
}) {
  return change ? <ChangedFigure before={change.before} after={change.after} /> : text;
}
