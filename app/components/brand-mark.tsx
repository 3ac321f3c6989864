/** The logo mark: a roof over a harbour wave, drawn in the brand colours. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <rect width="40" height="40" rx="9" fill="#1b3a5e" />
      <path
        d="M8 19 20 9l12 10"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M12 18v10h16V18" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      <path
        d="M6 32c3-2.5 6-2.5 9 0s6 2.5 9 0 6-2.5 9 0"
        fill="none"
        stroke="#5eead4"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
