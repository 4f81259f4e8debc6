import { OptimisticSwitch } from "~/components/ui/optimistic-switch";

/**
 * A published (or active) switch in an admin list: a POST form with an `intent`, the record's id
 * and the state it asks for, so it works without JavaScript and repeating it changes nothing.
 * With JavaScript it posts through a fetcher and shows the new state at once.
 */
export function PublishSwitch({
  intent,
  id,
  checked,
  label,
  field = "published",
}: {
  intent: string;
  id: string;
  checked: boolean;
  /** e.g. "Published: Summer sale" */
  label: string;
  /** the form field that carries the wanted state */
  field?: string;
}) {
  return <OptimisticSwitch className="inline-flex" fields={{ intent, id }} field={field} checked={checked} look="console" label={label} />;
}
