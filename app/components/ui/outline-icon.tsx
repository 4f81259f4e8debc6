import type { ReactNode } from "react";

/** How every hand-drawn line icon is stroked (the lucide look), for an <svg> or a sprite's <symbol>. */
export const outlineIconStroke = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** A decorative line icon drawn from the given paths. */
export function OutlineIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg aria-hidden="true" {...outlineIconStroke} className={className}>
      {children}
    </svg>
  );
}
