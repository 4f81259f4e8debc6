import { outlineIconStroke } from "./outline-icon";

/**
 * Icons repeated on every character card are drawn once per page as SVG symbols and referenced
 * with <use>: a 50-card page stays small and cheap to render. Paths from lucide (ISC licence).
 */
const symbols = {
  heart:
    "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5",
  "message-circle": "M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719",
};

export type SpriteIconName = keyof typeof symbols;

/** Rendered once by the shell. */
export function IconSprite() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true">
      <defs>
        {Object.entries(symbols).map(([name, path]) => (
          <symbol key={name} id={`icon-${name}`} {...outlineIconStroke}>
            <path d={path} />
          </symbol>
        ))}
      </defs>
    </svg>
  );
}

export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
