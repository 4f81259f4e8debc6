export function meta() {
  return [{ title: "Language · CharacterVerse" }, { name: "description", content: "Choose the language CharacterVerse is shown in." }];
}

export default function Language() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-12">
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Language</h1>
        <p className="mt-2 text-muted">Choose the language for menus, buttons and messages.</p>

        <fieldset className="mt-8">
          <legend className="sr-only">Display language</legend>
          <label className="card flex cursor-pointer items-center gap-4 border-accent p-4 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent">
            <input type="radio" name="language" value="en" defaultChecked className="sr-only" />
            <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent">
              EN
            </span>
            <span className="flex-1">
              <span className="block font-medium text-ink">English</span>
              <span className="block text-sm text-muted">Current language</span>
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.5}
              strokeLinecap="round"
              strokeLinejoin="round"
              className="size-6 rounded-full bg-accent-strong p-1 text-white"
            >
              <path d="M5 12l5 5 9-10" />
            </svg>
          </label>
        </fieldset>

        <p className="mt-6 rounded-xl border border-line bg-raised px-4 py-3 text-sm text-muted">
          English is the only language available right now. More languages are coming soon.
        </p>
      </div>
    </div>
  );
}
