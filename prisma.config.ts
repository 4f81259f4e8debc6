import { defineConfig } from "prisma/config";

// The app applies migrations itself at start (app/modules/db/migrate.server.ts). This file
// lets `prisma generate` and, where the native engine can be had, `prisma migrate deploy` run.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/placeholder" },
});
