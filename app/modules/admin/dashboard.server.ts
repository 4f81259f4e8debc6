import { prisma } from "~/modules/db/db.server";

/** The admin dashboard's live figures: accounts, characters and published models. */
export async function getAdminCounts() {
  const [users, activeUsers, characters, published, models] = await Promise.all([
    prisma().user.count(),
    prisma().user.count({ where: { status: "active" } }),
    prisma().character.count(),
    prisma().character.count({ where: { isPublished: true } }),
    prisma().chatModel.count({ where: { isPublished: true } }),
  ]);
  return { users, activeUsers, characters, published, models };
}
