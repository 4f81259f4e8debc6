import { Prisma } from "~/generated/prisma/client";

/**
 * The agent's own settings for its replies (spec: agent info), read from its document in the
 * reply's opening statement (`document` is an SQL jsonb expression).
 */

/** A temperature from 0 to 2 as a JSON number, else NULL; the nested CASE casts only a number. */
function temperatureIn(value: Prisma.Sql) {
  return Prisma.sql`CASE WHEN jsonb_typeof(${value}) = 'number' THEN
                      CASE WHEN (${value} #>> '{}')::numeric BETWEEN 0 AND 2 THEN (${value} #>> '{}')::numeric::float8 END
                    END`;
}

/** `document.temperature`, else `document.details.temperature`, whichever is a valid one first; NULL for the default. */
export function agentTemperatureSql(document: Prisma.Sql) {
  return Prisma.sql`COALESCE(${temperatureIn(Prisma.sql`(${document} -> 'temperature')`)}, ${temperatureIn(Prisma.sql`(${document} -> 'details' -> 'temperature')`)})`;
}

/** False only when `document.details.isStream` is false: the agent asks for whole replies. */
export function agentStreamsSql(document: Prisma.Sql) {
  return Prisma.sql`((${document} -> 'details' -> 'isStream') IS DISTINCT FROM 'false'::jsonb)`;
}
