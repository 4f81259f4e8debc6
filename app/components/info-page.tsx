import type { ReactNode } from "react";
import { useFormats, useT } from "~/lib/i18n/react";

/** The frame every information page (About, Terms, Privacy) sits in: one width, one spacing. */
export function InfoPage({ className = "", children }: { className?: string; children: ReactNode }) {
  return <div className={`mx-auto max-w-5xl px-4 py-8 md:py-12 ${className}`.trimEnd()}>{children}</div>;
}

export type DocumentSection = { id: string; title: string; body: ReactNode };

/** How a legal document's lists and links look inside its sections. */
export const documentStyles = { list: "list-disc space-y-2 pl-5", link: "text-accent hover:underline" } as const;

/**
 * A legal document (Terms, Privacy): its title and date, then its sections, with a contents list
 * beside them on wide screens. `lastUpdated` is a calendar day ("2026-11-21"), written out in the
 * page's language ("November 21, 2026").
 */
export function LegalDocument({ title, lastUpdated, sections }: { title: string; lastUpdated: string; sections: DocumentSection[] }) {
  const t = useT();
  const { date } = useFormats();
  const updated = date(`${lastUpdated}T00:00:00Z`, { dateStyle: "long", timeZone: "UTC" });
  return (
    <InfoPage>
      <header className="border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-faint">{t("info.document.lastUpdated", { date: updated })}</p>
      </header>
      <div className="mt-8 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label={t("info.document.contents")} className="hidden lg:block">
          <ol className="sticky top-24 space-y-2 text-sm text-muted">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="hover:text-accent">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl space-y-10">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold">
                {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-muted">{section.body}</div>
            </section>
          ))}
        </article>
      </div>
    </InfoPage>
  );
}
