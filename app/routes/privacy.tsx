import { Link } from "react-router";
import { documentStyles, LegalDocument, type DocumentSection } from "~/components/info-page";
import type { TextId } from "~/lib/i18n/ids";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useT, type Translate } from "~/lib/i18n/react";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "info.privacy.meta.title", "info.privacy.meta.description");

const { list, link } = documentStyles;

/** A list item that starts with a bold label: the message marks it `<b>Label:</b> text`. */
function Labelled({ id }: { id: TextId }) {
  return (
    <li>
      <Rich id={id} tags={{ b: (text) => <strong className="text-ink">{text}</strong> }} />
    </li>
  );
}

function sections(t: Translate): DocumentSection[] {
  return [
    {
      id: "controller",
      title: t("info.privacy.controller.title"),
      body: <p>{t("info.privacy.controller.text")}</p>,
    },
    {
      id: "collect",
      title: t("info.privacy.collect.title"),
      body: (
        <ul className={list}>
          <Labelled id="info.privacy.collect.account" />
          <Labelled id="info.privacy.collect.content" />
          <Labelled id="info.privacy.collect.payments" />
          <Labelled id="info.privacy.collect.technical" />
        </ul>
      ),
    },
    {
      id: "why",
      title: t("info.privacy.why.title"),
      body: (
        <ul className={list}>
          <li>{t("info.privacy.why.service")}</li>
          <li>{t("info.privacy.why.sell")}</li>
          <li>{t("info.privacy.why.secure")}</li>
          <li>{t("info.privacy.why.support")}</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: t("info.privacy.sharing.title"),
      body: (
        <>
          <p>{t("info.privacy.sharing.ai")}</p>
          <p>{t("info.privacy.sharing.others")}</p>
        </>
      ),
    },
    {
      id: "visibility",
      title: t("info.privacy.visibility.title"),
      body: <p>{t("info.privacy.visibility.text")}</p>,
    },
    {
      id: "retention",
      title: t("info.privacy.retention.title"),
      body: (
        <ul className={list}>
          <li>{t("info.privacy.retention.account")}</li>
          <li>{t("info.privacy.retention.payments")}</li>
          <li>{t("info.privacy.retention.logs")}</li>
        </ul>
      ),
    },
    {
      id: "rights",
      title: t("info.privacy.rights.title"),
      body: (
        <>
          <p>{t("info.privacy.rights.text")}</p>
          <p>{t("info.privacy.rights.complain")}</p>
        </>
      ),
    },
    {
      id: "cookies",
      title: t("info.privacy.cookies.title"),
      body: <p>{t("info.privacy.cookies.text")}</p>,
    },
    {
      id: "security",
      title: t("info.privacy.security.title"),
      body: <p>{t("info.privacy.security.text")}</p>,
    },
    {
      id: "ai",
      title: t("info.privacy.ai.title"),
      body: <p>{t("info.privacy.ai.text")}</p>,
    },
    {
      id: "children",
      title: t("info.privacy.children.title"),
      body: <p>{t("info.privacy.children.text")}</p>,
    },
    {
      id: "changes",
      title: t("info.privacy.changes.title"),
      body: <p>{t("info.privacy.changes.text")}</p>,
    },
    {
      id: "contact",
      title: t("info.privacy.contact.title"),
      body: (
        <p>
          <Rich
            id="info.privacy.contact.text"
            tags={{
              contact: (text) => (
                <Link to="/contactus" className={link}>
                  {text}
                </Link>
              ),
              terms: (text) => (
                <Link to="/terms" className={link}>
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

export default function Privacy() {
  const t = useT();
  return <LegalDocument title={t("info.privacy.title")} lastUpdated="2026-11-21" sections={sections(t)} />;
}
