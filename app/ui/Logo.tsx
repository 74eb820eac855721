import { SITE } from "~/ui/site";

/** The brand mark: a brush-stroke monogram and the artist's name. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className={`logo logo--${tone}`}>
      <svg className="logo__mark" width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" focusable="false">
        <circle cx="17" cy="17" r="16" fill="currentColor" opacity="0.1" />
        <path
          d="M9 24c3-9 6-14 8-14s2 6 4 6 3-3 4-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="25" cy="11" r="2" fill="var(--accent)" />
      </svg>
      <span className="logo__text">{SITE.brand}</span>
    </span>
  );
}
