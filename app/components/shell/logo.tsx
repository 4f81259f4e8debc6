import { Link } from "react-router";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label="CharacterVerse home">
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span className="hidden text-lg sm:inline">
        Character<span className="bg-linear-to-r from-accent to-pink bg-clip-text text-transparent">Verse</span>
      </span>
    </Link>
  );
}
