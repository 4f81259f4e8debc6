import { Plus } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

/**
 * The person's balance, always in sight (the header, and a conversation's own header on a phone):
 * '{n} Tokens' with a plus, to the tokens page, where more are claimed or bought.
 */
export function TokenBalanceLink({ tokens, className = "", testId }: { tokens: number; className?: string; testId?: string }) {
  const t = useT();
  return (
    <Link
      to="/dashboard/tokens"
      className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-raised px-3 text-sm font-medium whitespace-nowrap hover:text-accent ${className}`}
      data-testid={testId}
    >
      <Plus className="size-4 text-accent" aria-hidden />
      {t("common.shell.tokenBalance", { count: tokens })}
    </Link>
  );
}
