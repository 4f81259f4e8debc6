import { FlaskConical, LoaderCircle, Pencil } from "lucide-react";
import { Link, Outlet, redirect, useActionData, useFetcher } from "react-router";
import { z } from "zod";
import { AdminTable, Badge, RowNote, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { PublishSwitch } from "~/components/admin/publish-switch";
import { FormAlert } from "~/components/ui/form";
import { MODEL_TYPES, modelTexts } from "~/lib/admin-models";
import { costLabel } from "~/lib/chat";
import { adminAction } from "~/modules/admin/console.server";
import { listModelsForAdmin, readModelFilters, setModelPublished, testModel, type ModelTestResult } from "~/modules/admin/models.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { isNotFound, redirectWithToast } from "~/modules/http/errors.server";
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
  return adminAction(request, { "set-published": (admin, form) => setPublished(admin, form, list), test: (_admin, form) => runTest(form, list) });
}

const idSchema = z.string().min(1).max(64);
const setPublishedSchema = z.object({ id: idSchema, published: z.enum(["true", "false"]) });

async function setPublished(admin: AuditActor, form: FormData, list: string) {
  const parsed = setPublishedSchema.safeParse({ id: form.get("id"), published: form.get("published") });
  if (!parsed.success) throw redirectWithToast(list, "model-update-failed");
  try {
    await setModelPublished(admin, parsed.data.id, parsed.data.published === "true");
  } catch (error) {
    if (isNotFound(error)) throw redirectWithToast(list, "model-update-failed");
    throw error;
  }
  throw redirect(list);
}

async function runTest(form: FormData, list: string): Promise<{ test: ModelTestResult }> {
  const parsed = idSchema.safeParse(form.get("id"));
  if (!parsed.success) throw redirectWithToast(list, "model-update-failed");
  try {
    return { test: await testModel(parsed.data) };
  } catch (error) {
    if (isNotFound(error)) throw redirectWithToast(list, "model-update-failed");
    throw error;
  }
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
      <Link
        to={`${model.id}/edit`}
        preventScrollReset
        className="rounded-full p-2 text-muted hover:bg-raised hover:text-ink"
        aria-label={`Edit ${model.chatModel}`}
        title="Edit"
      >
        <Pencil className="size-4" aria-hidden />
      </Link>
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
