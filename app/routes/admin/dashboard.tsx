import { getAdminCounts } from "~/modules/admin/dashboard.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Admin · CharacterVerse" }];
}

/** Live counts (the spec's console showed fixed sample figures). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getAdminCounts();
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const cards = [
    { label: "Users", value: loaderData.users, detail: `${loaderData.activeUsers} active` },
    { label: "Characters", value: loaderData.characters, detail: `${loaderData.published} published` },
    { label: "Published models", value: loaderData.models, detail: "chat, image and media" },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="card p-5">
            <p className="text-sm text-muted">{card.label}</p>
            <p className="text-3xl font-semibold">{card.value.toLocaleString("en-US")}</p>
            <p className="text-xs text-faint">{card.detail}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
