import { ImagePlus, Sparkles } from "lucide-react";
import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useAuthModal } from "~/components/auth-modal";
import { useReload } from "~/components/chat/use-chat-feed";
import { OutOfTokensOptions } from "~/components/out-of-tokens-options";
import { FormAlert } from "~/components/ui/form";
import type { ModelSettings, SettingOption } from "~/lib/documents/model-settings";
import { GALLERY_REFRESH_MS, type GalleryFilter, type GalleryPage } from "~/lib/gallery";
import { modelTypeName, optionLabel, optionsOf, settingLabel, type GenerateModelView, type ModelTypeView } from "~/lib/generate";
import { useT } from "~/lib/i18n/react";
import { CUSTOM_IMAGE_SIZE, CUSTOM_SIZE_MAX, CUSTOM_SIZE_MIN, defaultSettingOption, mediaCostText, mediaPrice, readMediaSettings } from "~/lib/media-pricing";
import type { UploadView } from "~/lib/uploads";
import { UPLOAD_ACCEPT } from "~/lib/uploads";
import { outOfTokensOfferOf } from "~/lib/tokens";
import { Gallery, type PendingJobView } from "./gallery";
import { MyMediaPicker } from "./my-media-picker";
import { useMediaJobEvents } from "./use-media-job-events";

type Props = {
  signedIn: boolean;
  /** The person's tokens (null signed out), shown beside the price. */
  balance: number | null;
  types: ModelTypeView[];
  type: string;
  models: GenerateModelView[];
  model: string | null;
  filter: GalleryFilter;
  gallery: GalleryPage;
  pending: PendingJobView[];
  refusal: { error: string; code?: string; buyTokens?: string; claimTokens?: string; nextFreeTokens?: unknown } | null;
};

/** Spec section 2 (Generate Media): prompt, model type and model, settings, a picture to start from, the price, Generate; the gallery below. */
export function GeneratePage({ signedIn, balance, types, type, models, model: modelName, filter, gallery, pending, refusal }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const openAuthModal = useAuthModal();
  const busy = useNavigation().state === "submitting";
  const model = models.find((candidate) => candidate.name === modelName) ?? null;
  const [values, setValues] = useState<Record<string, string>>(CUSTOM_SIZE_DEFAULTS);
  const [source, setSource] = useState<UploadView | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const liveVersion = useMediaJobEvents(signedIn);
  const reload = useReload();
  // A job changed (live), or, while one runs, every 30 s: the page's data (its running jobs) is read again.
  useEffect(() => {
    if (liveVersion > 0) reload();
  }, [liveVersion, reload]);
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setInterval(reload, GALLERY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending.length, reload]);

  useEffect(() => setValues(CUSTOM_SIZE_DEFAULTS), [modelName]);

  const hrefWith = (changes: Record<string, string>) => {
    const params = new URLSearchParams(location.search);
    params.delete("toast");
    for (const [key, value] of Object.entries(changes)) params.set(key, value);
    return `/generate?${params}`;
  };

  const quote = useMemo(() => {
    if (!model) return null;
    const reading = readMediaSettings(model.settings, values);
    return reading.ok ? mediaPrice(model.costTokens, model.costUnit, reading.settings) : null;
  }, [model, values]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const hasFile = form.get("file") instanceof File && (form.get("file") as File).size > 0;
    if (!signedIn) {
      event.preventDefault();
      openAuthModal({ message: t("media.generate.signIn") });
      return;
    }
    // Spec section 5: no prompt and no picture, nothing is sent.
    if (!String(form.get("prompt") ?? "").trim() && !hasFile && !source) event.preventDefault();
  }

  function promptKeys(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("media.generate.title")}</h1>

      <nav aria-label={t("media.generate.modelType")} className="flex flex-wrap gap-2">
        {types.map((option) => (
          <Link
            key={option.name}
            to={`/generate?${new URLSearchParams({ type: option.name, filter })}`}
            preventScrollReset
            aria-current={option.name === type ? "page" : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm capitalize ${option.name === type ? "border-accent bg-accent-strong text-white" : "border-line hover:border-accent"}`}
          >
            {modelTypeName(t, option.name)}
          </Link>
        ))}
      </nav>

      <Form method="post" encType="multipart/form-data" onSubmit={submit} className="card flex flex-col gap-4 p-5">
        <input type="hidden" name="intent" value="generate" />
        <input type="hidden" name="type" value={type} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="prompt" className="text-sm font-medium">
            {t("media.generate.promptLabel")}
          </label>
          <textarea
            id="prompt"
            name="prompt"
            rows={3}
            maxLength={4000}
            placeholder={t("media.generate.promptPlaceholder")}
            onKeyDown={promptKeys}
            className="field min-h-24 resize-y py-2"
          />
        </div>

        {models.length === 0 ? (
          <p className="text-sm text-muted">{t("media.generate.noModels", { type: modelTypeName(t, type) })}</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="model" className="text-sm font-medium">
              {t("media.generate.model")}
            </label>
            <select
              id="model"
              name="model"
              defaultValue={model?.name}
              key={model?.name}
              onChange={(event) => navigate(hrefWith({ model: event.currentTarget.value }), { replace: true, preventScrollReset: true })}
              className="field h-11"
            >
              {models.map((option) => (
                <option key={option.name} value={option.name}>
                  {option.name} · {mediaCostText(t, option.costTokens, option.costUnit)}
                </option>
              ))}
            </select>
            {model?.description ? <p className="text-xs text-faint">{model.description}</p> : null}
          </div>
        )}

        {model ? (
          <SettingsFields key={model.name} settings={model.settings} onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} />
        ) : null}

        {model?.takesSourceImage ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium">{t("media.generate.sourceImage")}</legend>
            <div className="flex flex-wrap items-center gap-3">
              <input
                name="file"
                type="file"
                accept={UPLOAD_ACCEPT}
                aria-label={t("media.generate.uploadPicture")}
                className="min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
              />
              {signedIn ? (
                <button type="button" className="btn-secondary" onClick={() => setPickerOpen(true)}>
                  <ImagePlus className="size-4" aria-hidden /> {t("media.generate.myMedia")}
                </button>
              ) : null}
              {source ? (
                <span className="flex items-center gap-2 text-sm">
                  <img src={source.thumbUrl} alt="" className="size-10 rounded object-cover" /> {source.filename}
                  <input type="hidden" name="sourceUploadId" value={source.id} />
                  <button type="button" className="text-xs underline" onClick={() => setSource(null)}>
                    {t("media.generate.remove")}
                  </button>
                </span>
              ) : null}
            </div>
          </fieldset>
        ) : null}

        {refusal ? <Refusal refusal={refusal} /> : null}

        <div className="flex flex-wrap items-center justify-between gap-3">
          <PriceAndBalance price={quote} balance={balance} />
          <button type="submit" className="btn-primary" disabled={busy || !model}>
            <Sparkles className="size-4" aria-hidden /> {busy ? t("media.generate.generating") : t("media.generate.generate")}
          </button>
        </div>
      </Form>

      <Gallery filter={filter} initial={gallery} signedIn={signedIn} pending={pending} hrefWith={hrefWith} liveVersion={liveVersion} />
      {pickerOpen ? (
        <MyMediaPicker
          onClose={() => setPickerOpen(false)}
          mediaType="image"
          onPick={(upload) => {
            setSource(upload);
            setPickerOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

/** Why nothing was generated, and for want of tokens what the person can do about it. */
function Refusal({ refusal }: { refusal: NonNullable<Props["refusal"]> }) {
  const offer = outOfTokensOfferOf(refusal);
  if (!offer) return <FormAlert tone="error">{refusal.error}</FormAlert>;
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      <p>{refusal.error}</p>
      <OutOfTokensOptions offer={offer} className="mt-1" />
    </div>
  );
}

/** What the chosen settings cost, and beside it what the person has (in the danger colour when it is not enough). */
function PriceAndBalance({ price, balance }: { price: number | null; balance: number | null }) {
  const t = useT();
  if (price === null) return <p aria-live="polite" />;
  const short = balance !== null && balance < price;
  return (
    <p className="text-sm text-muted" aria-live="polite">
      {price === 0 ? t("media.generate.priceFree") : t("media.generate.price", { tokens: price })}
      {balance !== null ? (
        <>
          <span aria-hidden> · </span>
          <span className={short ? "font-medium text-danger" : undefined}>
            {t(short ? "media.generate.balanceShort" : "media.generate.balance", { tokens: balance })}
          </span>
        </>
      ) : null}
    </p>
  );
}

/** A custom image size starts at 1024 × 1024 (the inputs' default values). */
const CUSTOM_SIZE_DEFAULTS = { width: "1024", height: "1024" };

/** One select per setting; image_size's 'custom' reveals width and height (by CSS, so it works without JavaScript too). */
function SettingsFields({ settings, onChange }: { settings: ModelSettings; onChange: (field: string, value: string) => void }) {
  const entries = Object.entries(settings);
  const t = useT();
  if (entries.length === 0) return null;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {entries.map(([name, options]) => (
        <div key={name} className="group flex flex-col gap-1.5">
          <label htmlFor={`setting-${name}`} className="text-sm font-medium">
            {settingLabel(t, name)}
          </label>
          <select
            id={`setting-${name}`}
            name={`setting.${name}`}
            defaultValue={String(defaultSettingOption(name, options))}
            onChange={(event) => onChange(name, event.currentTarget.value)}
            className="field h-11"
          >
            {optionsOf(name, options).map((option: SettingOption) => (
              <option key={String(option)} value={String(option)}>
                {option === CUSTOM_IMAGE_SIZE ? t("media.generate.custom") : optionLabel(t, option)}
              </option>
            ))}
          </select>
          {name === "image_size" ? (
            <div className="hidden gap-2 group-has-[option[value=custom]:checked]:flex">
              {(["width", "height"] as const).map((side) => (
                <label key={side} className="flex flex-1 flex-col gap-1 text-xs">
                  {side === "width" ? t("media.generate.width") : t("media.generate.height")}
                  <input
                    name={side}
                    type="number"
                    min={CUSTOM_SIZE_MIN}
                    max={CUSTOM_SIZE_MAX}
                    step={1}
                    defaultValue={CUSTOM_SIZE_DEFAULTS[side]}
                    onChange={(event) => onChange(side, event.currentTarget.value)}
                    className="field h-10"
                  />
                </label>
              ))}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
