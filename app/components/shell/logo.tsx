import { Link } from "react-router";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label="CharacterVerse home">
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      {/* Not at 768-1023 px, where the header's category links take its room. */}
      <span className="hidden text-lg sm:inline md:hidden lg:inline">
        Character<span className="bg-linear-to-r from-accent to-pink bg-clip-text text-transparent">Verse</span>
      </span>
    </Link>
  );
}
