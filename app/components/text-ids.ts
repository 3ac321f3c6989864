/**
 * Ids made from visible text, such as a heading's words, for `aria-labelledby` and links:
 * an id may hold no space, so each is the prefix and the text in lower case with every
 * run of other characters as one hyphen ("Loan Services" → "footer-loan-services"). Texts
 * made into ids together get different ids, a repeat taking the next free number.
 */
export function idsFromText(prefix: string, texts: readonly string[]): string[] {
  const used = new Set<string>();
  return texts.map((text) => {
    const words = text
      .normalize("NFKD")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    const base = [prefix, ...words].join("-");
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}
