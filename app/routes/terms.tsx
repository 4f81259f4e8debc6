import { Link } from "react-router";
import { documentStyles, LegalDocument, type DocumentSection } from "~/components/info-page";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useT, type Translate } from "~/lib/i18n/react";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "info.terms.meta.title", "info.terms.meta.description");

const { list, link } = documentStyles;

function sections(t: Translate): DocumentSection[] {
  return [
    {
      id: "agreement",
      title: t("info.terms.agreement.title"),
      body: (
        <p>
          <Rich
            id="info.terms.agreement.text"
            tags={{
              link: (text) => (
                <Link to="/privacy" className={link}>
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      ),
    },
    {
      id: "service",
      title: t("info.terms.service.title"),
      body: <p>{t("info.terms.service.text")}</p>,
    },
    {
      id: "accounts",
      title: t("info.terms.accounts.title"),
      body: (
        <ul className={list}>
          <li>{t("info.terms.accounts.age")}</li>
          <li>{t("info.terms.accounts.verify")}</li>
          <li>{t("info.terms.accounts.password")}</li>
        </ul>
      ),
    },
    {
      id: "tokens",
      title: t("info.terms.tokens.title"),
      body: (
        <ul className={list}>
          <li>{t("info.terms.tokens.cost")}</li>
          <li>{t("info.terms.tokens.free")}</li>
          <li>{t("info.terms.tokens.packages")}</li>
          <li>{t("info.terms.tokens.stripe")}</li>
          <li>{t("info.terms.tokens.money")}</li>
          <li>{t("info.terms.tokens.refunds")}</li>
        </ul>
      ),
    },
    {
      id: "acceptable-use",
      title: t("info.terms.use.title"),
      body: (
        <>
          <p>{t("info.terms.use.intro")}</p>
          <ul className={list}>
            <li>{t("info.terms.use.minors")}</li>
            <li>{t("info.terms.use.realPeople")}</li>
            <li>{t("info.terms.use.harass")}</li>
            <li>{t("info.terms.use.law")}</li>
            <li>{t("info.terms.use.deceive")}</li>
            <li>{t("info.terms.use.abuse")}</li>
          </ul>
        </>
      ),
    },
    {
      id: "content",
      title: t("info.terms.content.title"),
      body: (
        <>
          <p>{t("info.terms.content.rights")}</p>
          <p>{t("info.terms.content.characters")}</p>
        </>
      ),
    },
    {
      id: "ai-output",
      title: t("info.terms.ai.title"),
      body: (
        <>
          <p>{t("info.terms.ai.fictional")}</p>
          <p>{t("info.terms.ai.advice")}</p>
        </>
      ),
    },
    {
      id: "termination",
      title: t("info.terms.termination.title"),
      body: <p>{t("info.terms.termination.text")}</p>,
    },
    {
      id: "liability",
      title: t("info.terms.liability.title"),
      body: <p>{t("info.terms.liability.text")}</p>,
    },
    {
      id: "changes",
      title: t("info.terms.changes.title"),
      body: <p>{t("info.terms.changes.text")}</p>,
    },
    {
      id: "contact",
      title: t("info.terms.contact.title"),
      body: (
        <p>
          <Rich
            id="info.terms.contact.text"
            tags={{
              link: (text) => (
                <Link to="/contactus" className={link}>
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      ),
    },
  ];
}

export default function Terms() {
  const t = useT();
  return <LegalDocument title={t("info.terms.title")} lastUpdated="2026-11-21" sections={sections(t)} />;
}
