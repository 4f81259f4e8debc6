import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { MESSAGE_MAX } from "~/lib/tickets";
import { useHydrated } from "~/components/use-hydrated";

/**
 * A reply to a ticket: a plain form posting intent=reply, so it works without JavaScript (the
 * browser's `required` and the server refuse an empty one). Once the page's script runs, Send
 * stays disabled while the message is empty after trimming (spec section 5).
 */
export function ReplyForm({ ticketId, error, label }: { ticketId: string; error?: string; label?: string }) {
  const t = useT();
  const [text, setText] = useState("");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  // After a sent reply the page reloads its data; the field starts empty again.
  useEffect(() => {
    if (navigation.state === "idle" && !error) setText("");
  }, [navigation.state, error]);
  return (
    <Form method="post" className="card flex flex-col gap-3 p-4" aria-labelledby="reply-heading">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="ticketId" value={ticketId} />
      <h2 id="reply-heading" className="font-semibold">
        {t("dashboard.tickets.reply.heading")}
      </h2>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <label htmlFor="reply-message" className="sr-only">
        {label ?? t("dashboard.tickets.reply.label")}
      </label>
      <textarea
        id="reply-message"
        name="message"
        rows={4}
        required
        maxLength={MESSAGE_MAX}
        placeholder={t("dashboard.tickets.reply.placeholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="field resize-y"
      />
      <button type="submit" className="btn-primary self-end" disabled={busy || (hydrated && text.trim() === "")}>
        {t("dashboard.tickets.reply.send")}
      </button>
    </Form>
  );
}
