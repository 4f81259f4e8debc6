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
import { MODEL_TYPES, modelTexts } from "~/lib/admin-models";
import { costLabel } from "~/lib/chat";
import { listModelsForAdmin, readModelFilters, setModelPublished, testModel, type ModelTestResult } from "~/modules/admin/models.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { consoleAction, publishForm, recordId, unlessGone } from "./+shared/console-action.server";
import type { Route } from "./+types/models";

export function meta() {
  return [{ title: "Chat Models · Admin · CharacterVerse" }];
}

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
  return { test: await unlessGone(list, "model-update-failed", () => testModel(id)) };
}

type Listed = Route.ComponentProps["loaderData"]["models"][number];

const columns: AdminColumn<Listed>[] = [
  {
    header: "Chat Model",
    primary: true,
    cell: (model) => (
      <span className="flex min-w-0 flex-col @2xl:min-w-32">
        <span className="font-medium wrap-break-word">{model.chatModel}</span>
        <span className="text-xs wrap-anywhere text-muted">{model.modelId}</span>
        {model.earlyAccess ? <span className="text-xs font-medium text-accent">Early access</span> : null}
      </span>
    ),
  },
  { header: "Type", cell: (model) => <Badge tone="muted">{model.modelType}</Badge> },
  { header: "AI Platform", cell: (model) => model.aiPlatform },
  {
    header: "Published",
    cell: (model) => <PublishSwitch intent="set-published" id={model.id} checked={model.isPublished} label={`Published: ${model.chatModel}`} />,
  },
  { header: "Tokens", cell: (model) => costLabel(model.costTokens, model.costUnit) },
  { header: "Actions", actions: true, cell: (model) => <ModelActions model={model} /> },
];

/** Test's fetcher, shared by the row's button and the note under the row that shows the answer. */
const testFetcherKey = (modelId: string) => `model-test-${modelId}`;

function ModelActions({ model }: { model: Listed }) {
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
          aria-label={`Test ${model.chatModel}`}
        >
          {/* The label keeps its width while the test runs, so the table never grows sideways at 1280 px. */}
          {fetcher.state === "idle" ? (
            <FlaskConical className="size-4" aria-hidden />
          ) : (
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          )}{" "}
          Test
        </button>
      </fetcher.Form>
      <EditLink to={`${model.id}/edit`} label={`Edit ${model.chatModel}`} />
      <DeleteLink to={`${model.id}/delete`} label={`Delete ${model.chatModel}`} />
    </div>
  );
}

/** The model's test answer under its row: from the row's fetcher, or (without JavaScript) from the page's own post. */
function ModelTestNote({ model, span }: { model: Listed; span: number }) {
  const fetched = useFetcher<{ test?: ModelTestResult }>({ key: testFetcherKey(model.id) }).data?.test;
  const posted = (useActionData() as { test?: ModelTestResult } | undefined)?.test;
  const result = fetched ?? (posted?.modelId === model.id ? posted : undefined);
  if (!result) return null;
  return (
    <RowNote span={span}>
      <FormAlert tone={result.ok ? "success" : "error"}>
        <span className="font-medium">{result.ok ? `${result.name} answered: ` : `${result.name} failed: `}</span>
        {result.text}
      </FormAlert>
    </RowNote>
  );
}

export default function AdminModels({ loaderData }: Route.ComponentProps) {
  const { filters, models, platforms } = loaderData;
  return (
    <div className="@container flex flex-col gap-6">
      <ListHeader title="Chat Models" add={{ to: "new", label: "Add Model" }} />
      <FilterBar label="Filter chat models" action="/admin/models" active={Boolean(filters.name || filters.platform || filters.type)}>
        <FilterSearch name="name" label="Model name" value={filters.name} placeholder="Search models" />
        <FilterSelect
          name="platform"
          label="AI Platform"
          value={filters.platform}
          allLabel="All platforms"
          options={platforms.map((platform) => ({ value: platform, label: platform }))}
        />
        <FilterSelect name="type" label="Type" value={filters.type} allLabel="All types" options={MODEL_TYPES.map((type) => ({ value: type, label: type }))} />
      </FilterBar>
      <AdminTable
        caption="Chat models"
        columns={columns}
        rows={models}
        rowKey={(model) => model.id}
        empty={modelTexts.empty}
        note={(model, span) => <ModelTestNote model={model} span={span} />}
      />
      <Outlet />
    </div>
  );
}

/** The list could not be loaded (or an editor's model does not exist): a panel in place of the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LoadErrorPanel error={error} listPath="/admin/models" listTitle="Chat Models" notFoundTitle="Chat model not found" failedTitle={modelTexts.fetchFailed} />
  );
}
