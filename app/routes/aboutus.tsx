import type { ReactNode } from "react";
import { Link } from "react-router";
import { CategoryIcon } from "~/components/category-icon";
import { FaqAccordion, type FaqItem } from "~/components/faq-accordion";
import { InfoPage } from "~/components/info-page";
import { OutlineIcon } from "~/components/ui/outline-icon";
import type { TextId } from "~/lib/i18n/ids";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useT, type Translate } from "~/lib/i18n/react";
import type { Route } from "./+types/aboutus";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "info.about.meta.title", "info.about.meta.description");

const benefits: { title: TextId; text: TextId; icon: ReactNode }[] = [
  {
    title: "info.about.benefits.ready.title",
    text: "info.about.benefits.ready.text",
    icon: <path d="M4 5h16v11H9l-5 4z" />,
  },
  {
    title: "info.about.benefits.yours.title",
    text: "info.about.benefits.yours.text",
    icon: <path d="M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" />,
  },
  {
    title: "info.about.benefits.pay.title",
    text: "info.about.benefits.pay.text",
    icon: (
      <>
        <circle cx="12" cy="12" r="8" />
        <circle cx="12" cy="12" r="4" />
      </>
    ),
  },
];

/** The seeded categories: `icon` is the category's English name, which picks its icon. */
const categories: { id: number; icon: string; name: TextId; text: TextId }[] = [
  { id: 1, icon: "Girls", name: "info.about.categories.girls.name", text: "info.about.categories.girls.text" },
  { id: 2, icon: "Guys", name: "info.about.categories.guys.name", text: "info.about.categories.guys.text" },
  { id: 3, icon: "Anime", name: "info.about.categories.anime.name", text: "info.about.categories.anime.text" },
  { id: 4, icon: "Pros", name: "info.about.categories.pros.name", text: "info.about.categories.pros.text" },
];

const highlights: TextId[] = ["info.about.what.chat", "info.about.what.generate", "info.about.what.create", "info.about.what.free"];

function faqs(t: Translate): FaqItem[] {
  return [
    {
      question: t("info.about.faq.what.question"),
      answer: <p>{t("info.about.faq.what.answer")}</p>,
    },
    {
      question: t("info.about.faq.tokens.question"),
      answer: <p>{t("info.about.faq.tokens.answer")}</p>,
    },
    {
      question: t("info.about.faq.cost.question"),
      answer: (
        <>
          <p>{t("info.about.faq.cost.intro")}</p>
          <ul className="space-y-1">
            <li>{t("info.about.faq.cost.basic")}</li>
            <li>{t("info.about.faq.cost.standard")}</li>
            <li>{t("info.about.faq.cost.premium")}</li>
            <li>{t("info.about.faq.cost.ultimate")}</li>
          </ul>
          <p>{t("info.about.faq.cost.card")}</p>
        </>
      ),
    },
    {
      question: t("info.about.faq.private.question"),
      answer: (
        <p>
          <Rich
            id="info.about.faq.private.answer"
            tags={{
              link: (text) => (
                <Link to="/privacy" className="text-accent hover:underline">
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      ),
    },
    {
      question: t("info.about.faq.create.question"),
      answer: <p>{t("info.about.faq.create.answer")}</p>,
    },
    {
      question: t("info.about.faq.host.question"),
      answer: <p>{t("info.about.faq.host.answer")}</p>,
    },
  ];
}

export default function AboutUs() {
  const t = useT();
  return (
    <InfoPage className="space-y-16 md:space-y-24">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-linear-to-br from-accent/25 via-surface to-pink/20 px-6 py-12 text-center md:px-12 md:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">{t("info.about.hero.eyebrow")}</p>
        <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-6xl">{t("info.about.hero.heading")}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-muted md:text-lg">{t("info.about.hero.intro")}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/signup" className="btn-primary w-full px-6 py-3 text-base sm:w-auto">
            {t("info.about.signUp")}
          </Link>
          <Link to="/explore" className="btn-secondary w-full px-6 py-3 text-base sm:w-auto">
            {t("info.about.hero.explore")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="what-heading" className="grid gap-6 md:grid-cols-2 md:items-center md:gap-12">
        <div>
          <h2 id="what-heading" className="text-2xl font-bold md:text-3xl">
            {t("info.about.what.heading")}
          </h2>
          <p className="mt-4 leading-relaxed text-muted">{t("info.about.what.text")}</p>
        </div>
        <ul className="card space-y-3 p-6 text-sm text-muted">
          {highlights.map((item) => (
            <li key={item} className="flex gap-3">
              <span aria-hidden="true" className="text-accent">
                ✓
              </span>
              {t(item)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="text-2xl font-bold md:text-3xl">
          {t("info.about.benefits.heading")}
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {benefits.map((benefit) => (
            <article key={benefit.title} className="card p-6">
              <OutlineIcon className="size-10 rounded-xl bg-accent-soft p-2 text-accent">{benefit.icon}</OutlineIcon>
              <h3 className="mt-4 text-lg font-semibold">{t(benefit.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(benefit.text)}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold md:text-3xl">
          {t("info.about.categories.heading")}
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <Link
              key={category.id}
              to={`/explore?category=${category.id}`}
              className="card group block p-6 transition hover:-translate-y-0.5 hover:border-accent"
            >
              <CategoryIcon name={category.icon} className="size-8 text-accent" />
              <h3 className="mt-3 text-lg font-semibold group-hover:text-accent">{t(category.name)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(category.text)}</p>
            </Link>
          ))}
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-24">
        <h2 id="faq-heading" className="text-2xl font-bold md:text-3xl">
          {t("info.about.faq.heading")}
        </h2>
        <div className="mt-6">
          <FaqAccordion items={faqs(t)} />
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="card bg-linear-to-r from-accent/20 to-pink/20 px-6 py-10 text-center md:py-14">
        <h2 id="cta-heading" className="text-2xl font-bold md:text-3xl">
          {t("info.about.cta.heading")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">{t("info.about.cta.text")}</p>
        <Link to="/signup" className="btn-primary mt-6 w-full px-6 py-3 text-base sm:w-auto">
          {t("info.about.signUp")}
        </Link>
      </section>
    </InfoPage>
  );
}
