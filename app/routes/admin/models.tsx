import { FlaskConical, LoaderCircle } from "lucide-react";
import { Outlet, redirect, useActionData, useFetcher } from "react-router";
import { z } from "zod";
import { AdminTable, Badge, RowNote, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { EditLink } from "~/components/admin/edit-link";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { PublishSwitch } from "~/components/admin/publish-switch";
import { FormAlert } from "~/components/ui/form";
import { MODEL_TYPE_LABELS, MODEL_TYPES, type ModelType } from "~/lib/admin-models";
import { costText } from "~/lib/chat";
import { pageMeta } from "~/lib/i18n/meta";
import { useT, type Translate } from "~/lib/i18n/react";
import { listModelsForAdmin, readModelFilters, setModelPublished, testModel, type ModelTestResult } from "~/modules/admin/models.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { consoleAction, publishForm, recordId, unlessGone } from "./+shared/console-action.server";
import type { Route } from "./+types/models";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "catalogue.models.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = readModelFilters(url);
  return { filters, ...(await listModelsForAdmin(filters)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  // Back to the list as it was filtered: forms post to the page's own URL, query included.
  const query = new URLSearchParams(url.search);
  query.delete("toast");
  const list = query.size ? `/admin/models?${query}` : "/admin/models";
  const handle = async (admin: AuditActor, input: z.output<typeof listForm>) => {
    switch (input.intent) {
      case "set-published":
        return setPublished(admin, input, list);
      case "test":
        return runTest(input.id, list);
    }
  };
  return consoleAction(request, listForm, handle, { refused: () => redirectWithToast(list, "model-update-failed") });
}

const listForm = z.discriminatedUnion("intent", [publishForm("set-published"), z.object({ intent: z.literal("test"), id: recordId })]);

async function setPublished(admin: AuditActor, { id, published }: { id: string; published: boolean }, list: string) {
  await unlessGone(list, "model-update-failed", () => setModelPublished(admin, id, published));
  throw redirect(list);
}

async function runTest(id: string, list: string): Promise<{ test: ModelTestResult }> {
  const test = await unlessGone(list, "model-update-failed", () => testModel(id));
  // A failure (or the note for an empty answer) is the server's text; the model's own answer is left as it is.
  const serverText = !test.ok || test.text === "(The model answered with no text.)";
  return { test: serverText ? { ...test, text: translateMessage(test.text) } : test };
}

type Listed = Route.ComponentProps["loaderData"]["models"][number];

const typeLabel = (t: Translate, type: string) => (type in MODEL_TYPE_LABELS ? t(MODEL_TYPE_LABELS[type as ModelType]) : type);

const columnsFor = (t: Translate): AdminColumn<Listed>[] => [
  {
    header: t("catalogue.models.column.chatModel"),
    primary: true,
    cell: (model) => (
      <span className="flex min-w-0 flex-col @2xl:min-w-32">
        <span className="font-medium wrap-break-word">{model.chatModel}</span>
        <span className="text-xs wrap-anywhere text-muted">{model.modelId}</span>
        {model.earlyAccess ? <span className="text-xs font-medium text-accent">{t("catalogue.models.earlyAccess")}</span> : null}
      </span>
    ),
  },
  { header: t("catalogue.models.column.type"), cell: (model) => <Badge tone="muted">{typeLabel(t, model.modelType)}</Badge> },
  { header: t("catalogue.models.column.platform"), cell: (model) => model.aiPlatform },
  {
    header: t("catalogue.form.published"),
    cell: (model) => (
      <PublishSwitch intent="set-published" id={model.id} checked={model.isPublished} label={t("catalogue.action.published", { name: model.chatModel })} />
    ),
  },
  { header: t("catalogue.models.column.tokens"), cell: (model) => costText(t, model.costTokens, model.costUnit) },
  { header: t("catalogue.column.actions"), actions: true, cell: (model) => <ModelActions model={model} /> },
];

/** Test's fetcher, shared by the row's button and the note under the row that shows the answer. */
const testFetcherKey = (modelId: string) => `model-test-${modelId}`;

function ModelActions({ model }: { model: Listed }) {
  const t = useT();
  const fetcher = useFetcher<{ test?: ModelTestResult }>({ key: testFetcherKey(model.id) });
  return (
    <div className="flex items-center justify-end whitespace-nowrap">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="test" />
        <input type="hidden" name="id" value={model.id} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="inline-flex items-center gap-1 rounded-full px-2 py-1.5 text-sm text-muted hover:bg-raised hover:text-ink disabled:opacity-50"
          aria-label={t("catalogue.models.testLabel", { name: model.chatModel })}
        >
          {/* The label keeps its width while the test runs, so the table never grows sideways at 1280 px. */}
          {fetcher.state === "idle" ? (
            <FlaskConical className="size-4" aria-hidden />
          ) : (
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          )}{" "}
          {t("catalogue.models.test")}
        </button>
      </fetcher.Form>
      <EditLink to={`${model.id}/edit`} label={t("catalogue.action.edit", { name: model.chatModel })} />
      <DeleteLink to={`${model.id}/delete`} label={t("catalogue.action.delete", { name: model.chatModel })} />
    </div>
  );
}

/** The model's test answer under its row: from the row's fetcher, or (without JavaScript) from the page's own post. */
function ModelTestNote({ model, span }: { model: Listed; span: number }) {
  const t = useT();
  const fetched = useFetcher<{ test?: ModelTestResult }>({ key: testFetcherKey(model.id) }).data?.test;
  const posted = (useActionData() as { test?: ModelTestResult } | undefined)?.test;
  const result = fetched ?? (posted?.modelId === model.id ? posted : undefined);
  if (!result) return null;
  return (
    <RowNote span={span}>
      <FormAlert tone={result.ok ? "success" : "error"}>
        <span className="font-medium">{t(result.ok ? "catalogue.models.testAnswered" : "catalogue.models.testFailed", { name: result.name })}</span>
        {result.text}
      </FormAlert>
    </RowNote>
  );
}

export default function AdminModels({ loaderData }: Route.ComponentProps) {
  const { filters, models, platforms } = loaderData;
  const t = useT();
  return (
    <div className="@container flex flex-col gap-6">
      <ListHeader title={t("catalogue.models.title")} add={{ to: "new", label: t("catalogue.models.add") }} />
      <FilterBar label={t("catalogue.models.filter.label")} action="/admin/models" active={Boolean(filters.name || filters.platform || filters.type)}>
        <FilterSearch name="name" label={t("catalogue.models.filter.name")} value={filters.name} placeholder={t("catalogue.models.filter.search")} />
        <FilterSelect
          name="platform"
          label={t("catalogue.models.column.platform")}
          value={filters.platform}
          allLabel={t("catalogue.models.filter.allPlatforms")}
          options={platforms.map((platform) => ({ value: platform, label: platform }))}
        />
        <FilterSelect
          name="type"
          label={t("catalogue.models.column.type")}
          value={filters.type}
          allLabel={t("catalogue.models.filter.allTypes")}
          options={MODEL_TYPES.map((type) => ({ value: type, label: t(MODEL_TYPE_LABELS[type]) }))}
        />
      </FilterBar>
      <AdminTable
        caption={t("catalogue.models.caption")}
        columns={columnsFor(t)}
        rows={models}
        rowKey={(model) => model.id}
        empty={t("catalogue.models.empty")}
        note={(model, span) => <ModelTestNote model={model} span={span} />}
      />
      <Outlet />
    </div>
  );
}

/** The list could not be loaded (or an editor's model does not exist): a panel in place of the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <LoadErrorPanel
      error={error}
      listPath="/admin/models"
      listTitle={t("catalogue.models.title")}
      notFoundTitle={t("catalogue.models.notFound")}
      failedTitle={t("catalogue.models.fetchFailed")}
    />
  );
}
