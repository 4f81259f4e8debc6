import { Link } from "react-router";
import { legalNav } from "./navigation";

export function Footer() {
  return (
    <footer className="mt-12 border-t border-line px-4 py-6 text-sm text-faint">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 sm:flex-row">
        <p>© {new Date().getFullYear()} CharacterVerse. AI characters can make mistakes.</p>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-4">
          {[...legalNav, { to: "/aboutus", label: "About Us" }, { to: "/contactus", label: "Contact Us" }].map((item) => (
            <Link key={item.to} to={item.to} className="flex min-h-6 items-center hover:text-ink">
              {item.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
