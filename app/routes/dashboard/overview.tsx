import { Link } from "react-router";
import { displayName } from "~/lib/profile";
import { formatDate } from "~/lib/dates";
import { requireUser } from "~/modules/auth/login-session.server";
import { prisma } from "~/modules/db/db.server";
import type { Route } from "./+types/overview";

export function meta() {
  return [{ title: "Dashboard · CharacterVerse" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [account, balance, subscription] = await Promise.all([
    prisma().user.findUniqueOrThrow({ where: { id: user.id }, select: { createdAt: true } }),
    prisma().tokenBalance.findUnique({ where: { userId: user.id } }),
    prisma().subscription.findUnique({ where: { userId: user.id }, include: { plan: { select: { name: true } } } }),
  ]);
  return {
    name: displayName(user),
    memberSince: account.createdAt.toISOString(),
    tokens: (balance?.balanceFree ?? 0) + (balance?.balancePurchased ?? 0),
    planName: subscription?.plan.name ?? "Free",
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const cards = [
    { label: "Token balance", value: loaderData.tokens.toLocaleString("en-US"), link: { to: "/dashboard/tokens", text: "Get tokens" } },
    { label: "Plan", value: loaderData.planName, link: { to: "/dashboard/subscription", text: "See plans" } },
    { label: "Member since", value: formatDate(loaderData.memberSince), link: { to: "/dashboard/settings", text: "Edit profile" } },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Welcome back, {loaderData.name}</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="card flex flex-col gap-2 p-5">
            <p className="text-sm text-muted">{card.label}</p>
            <p className="text-2xl font-semibold">{card.value}</p>
            <Link to={card.link.to} className="text-sm text-accent hover:underline">
              {card.link.text}
            </Link>
          </div>
        ))}
      </div>
    </div>
  );
}
