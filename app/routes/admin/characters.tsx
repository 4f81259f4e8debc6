import { ExternalLink, Info, Pencil } from "lucide-react";
import { Link, Outlet, useLocation } from "react-router";
import { z } from "zod";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { SubmissionList } from "~/components/admin/submission-list";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListPagination, ListRange } from "~/components/admin/paged-list";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { PublishSwitch } from "~/components/admin/publish-switch";
import { charactersListPath } from "~/lib/character-form";
import { formatDate } from "~/lib/dates";
import type { Language } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useLang, useT, type Translate } from "~/lib/i18n/react";
import { SUBMISSIONS_PATH } from "~/lib/review-queue";
import { CHARACTERS_PAGE_SIZE, listCharactersForAdmin, parseCharacterFilters } from "~/modules/admin/characters.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { setCharacterPublished } from "~/modules/catalogue/character-editor.server";
import { listCategories } from "~/modules/catalogue/categories.server";
import { approveSubmission, listSubmissions } from "~/modules/catalogue/submissions.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { consoleAction, publishForm, unlessGone } from "./+shared/console-action.server";
import type { Route } from "./+types/characters";
import { Avatar } from "~/components/ui/avatar";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "catalogue.characters.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseCharacterFilters(url.searchParams);
  const submitted = filters.published === "submitted";
  const [list, categories, waiting] = await Promise.all([listCharactersForAdmin(filters), listCategories(), submitted ? listSubmissions(filters.page) : null]);
  return {
    filters,
    ...list,
    submissions: waiting?.submissions ?? null,
    pageSize: CHARACTERS_PAGE_SIZE,
    categories: categories.map(({ id, name }) => ({ id, name })),
  };
}

const listForm = z.discriminatedUnion("intent", [publishForm("set-published"), z.object({ intent: z.literal("approve"), id: z.string().catch("") })]);

export async function action({ request }: Route.ActionArgs) {
  const back = charactersListPath(new URL(request.url).search);
  const handle = async (admin: AuditActor, input: z.output<typeof listForm>) => {
    switch (input.intent) {
      case "set-published":
        return setPublished(admin, input, back);
      case "approve":
        return approve(admin, input.id);
    }
  };
  return consoleAction(request, listForm, handle, { refused: () => redirectWithToast(back, "character-update-failed") });
}

/** Approve from the Submitted list: published, the owner mailed. */
async function approve(admin: AuditActor, characterId: string) {
  const back = SUBMISSIONS_PATH;
  await unlessGone(back, "review-not-waiting", () => approveSubmission(admin, characterId));
  return redirectWithToast(back, "character-approved");
}

/** The Published switch; back to the list as it was filtered. */
async function setPublished(admin: AuditActor, { id, published }: { id: string; published: boolean }, back: string) {
  await unlessGone(back, "character-update-failed", () => setCharacterPublished(admin, id, published));
  return redirectWithToast(back, "character-updated");
}

/** Tags shown in a row; the rest are counted. */
const SHOWN_TAGS = 3;

type Listed = Route.ComponentProps["loaderData"]["characters"][number];

const iconLink = "rounded-full p-1.5 text-muted hover:bg-raised hover:text-ink";

const columnsFor = (t: Translate, lang: Language): AdminColumn<Listed>[] => [
  {
    header: t("catalogue.form.name"),
    primary: true,
    cell: (character) => (
      <span className="flex min-w-0 items-center gap-3">
        <Avatar url={character.avatarUrl} size={40} name={character.name} />
        <span className="min-w-0 font-medium break-words">{character.name}</span>
      </span>
    ),
  },
  { header: t("catalogue.column.category"), cell: (character) => character.categoryName ?? "—" },
  {
    header: t("catalogue.characters.column.tags"),
    cell: (character) =>
      character.tags.length === 0 ? (
        "—"
      ) : (
        <span className="inline-flex flex-wrap justify-end gap-1 @2xl:justify-start">
          {character.tags.slice(0, SHOWN_TAGS).map((tag) => (
            <span key={tag} className="rounded-full bg-raised px-2 py-0.5 text-xs">
              {tag}
            </span>
          ))}
          {character.tags.length > SHOWN_TAGS ? <span className="text-xs text-muted">+{character.tags.length - SHOWN_TAGS}</span> : null}
        </span>
      ),
  },
  {
    header: t("catalogue.form.published"),
    cell: (character) => (
      <PublishSwitch
        intent="set-published"
        id={character.id}
        checked={character.isPublished}
        label={t("catalogue.action.published", { name: character.name })}
      />
    ),
  },
  { header: t("catalogue.column.created"), cell: (character) => formatDate(character.createdAt, lang) },
  { header: t("catalogue.column.actions"), actions: true, cell: (character) => <CharacterActions character={character} /> },
];

function CharacterActions({ character }: { character: Listed }) {
  const t = useT();
  // The dialogs keep the list's filters and page, to go back to them.
  const search = new URLSearchParams(useLocation().search);
  search.delete("toast");
  const dialog = (kind: string) => `${character.id}/${kind}${search.size > 0 ? `?${search}` : ""}`;
  return (
    <div className="flex w-full justify-end">
      <Link
        to={dialog("info")}
        preventScrollReset
        className={iconLink}
        aria-label={t("catalogue.characters.infoLabel", { name: character.name })}
        title={t("catalogue.characters.info")}
      >
        <Info className="size-4" aria-hidden />
      </Link>
      <Link
        to={dialog("edit")}
        preventScrollReset
        className={iconLink}
        aria-label={t("catalogue.action.edit", { name: character.name })}
        title={t("catalogue.characters.edit")}
      >
        <Pencil className="size-4" aria-hidden />
      </Link>
      <a
        href={`/explore?character=${character.id}`}
        target="_blank"
        rel="noopener noreferrer"
        className={iconLink}
        aria-label={t("catalogue.characters.viewLabel", { name: character.name })}
        title={t("catalogue.characters.view")}
      >
        <ExternalLink className="size-4" aria-hidden />
      </a>
      <DeleteLink to={dialog("delete")} label={t("catalogue.action.delete", { name: character.name })} />
    </div>
  );
}

export default function AdminCharacters({ loaderData }: Route.ComponentProps) {
  const { filters, characters, submissions, total, page, pageCount, pageSize, categories } = loaderData;
  const listPath = "/admin/characters";
  const t = useT();
  const lang = useLang();
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <ListHeader title={t("catalogue.characters.title")} add={{ to: "/admin/build", label: t("catalogue.characters.add") }} />
      <FilterBar label={t("catalogue.characters.filter.label")} action={listPath} active={Boolean(filters.q || filters.category || filters.published)}>
        <FilterSearch
          name="q"
          label={t("catalogue.characters.filter.search")}
          value={filters.q}
          placeholder={t("catalogue.characters.filter.searchPlaceholder")}
        />
        <FilterSelect
          name="category"
          label={t("catalogue.column.category")}
          value={filters.category ? String(filters.category) : ""}
          allLabel={t("catalogue.characters.filter.allCategories")}
          options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        />
        <FilterSelect
          name="published"
          label={t("catalogue.characters.filter.status")}
          value={filters.published ?? ""}
          allLabel={t("catalogue.characters.filter.all")}
          options={[
            { value: "published", label: t("catalogue.form.published") },
            { value: "draft", label: t("catalogue.characters.status.draft") },
            { value: "submitted", label: t("catalogue.characters.status.submitted") },
          ]}
        />
      </FilterBar>
      <ListRange page={page} pageSize={pageSize} total={total} noun="admin.range.noun.characters" />
      {submissions ? (
        <SubmissionList submissions={submissions} />
      ) : (
        <AdminTable
          caption={t("catalogue.characters.title")}
          columns={columnsFor(t, lang)}
          rows={characters}
          rowKey={(character) => character.id}
          empty={t("catalogue.characters.empty")}
        />
      )}
      <ListPagination page={page} pageCount={pageCount} path={listPath} />
      <Outlet />
    </div>
  );
}

/** The characters could not be loaded (or an editor's character does not exist): a panel in place of the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <LoadErrorPanel
      error={error}
      listPath="/admin/characters"
      listTitle={t("catalogue.characters.title")}
      notFoundTitle={t("catalogue.characters.notFound")}
      failedTitle={t("catalogue.characters.fetchFailed")}
    />
  );
}
