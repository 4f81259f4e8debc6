import { Prisma } from "~/generated/prisma/client";
import { AGENT_DOCUMENT_KEYS } from "~/lib/documents/agent-document";
import { DETAIL_KEYS, TEMPERATURE_RANGE } from "~/lib/documents/character-details";

/**
 * The agent's own settings for its replies (spec: agent info), read from its document in the
 * reply's opening statement (`document` is an SQL jsonb expression). Each reads what
 * parseAgentDocument reads (agentTemperature, agentStreams, chat_model), by the same field names
 * and bounds; a test holds the two to the same answers.
 */

/** A field name as an SQL string literal: a constant of the document schemas, never input. */
export function jsonKey(name: string) {
  if (!/^[A-Za-z_]+$/.test(name)) throw new Error(`not a document field name: ${name}`);
  return Prisma.raw(`'${name}'`);
}

const document = {
  chatModel: jsonKey(AGENT_DOCUMENT_KEYS.chatModel),
  temperature: jsonKey(AGENT_DOCUMENT_KEYS.temperature),
  details: jsonKey(AGENT_DOCUMENT_KEYS.details),
};
const details = { temperature: jsonKey(DETAIL_KEYS.temperature), isStream: jsonKey(DETAIL_KEYS.isStream) };

/**
 * A temperature within TEMPERATURE_RANGE as a JSON number, else NULL; the nested CASE casts only a
 * number. One too small for a double (1e-400) is 0, as JavaScript reads it: casting it would fail.
 */
function temperatureIn(value: Prisma.Sql) {
  const number = Prisma.sql`(${value} #>> '{}')::numeric`;
  return Prisma.sql`CASE WHEN jsonb_typeof(${value}) = 'number' THEN
                      CASE WHEN ${number} BETWEEN ${Prisma.raw(String(TEMPERATURE_RANGE.min))} AND ${Prisma.raw(String(TEMPERATURE_RANGE.max))}
                           THEN CASE WHEN ${number} < 1e-320 THEN 0 ELSE ${number}::float8 END END
                    END`;
}

/** `document.temperature`, else `document.details.temperature`, whichever is a valid one first; NULL for the default. */
export function agentTemperatureSql(agentDocument: Prisma.Sql) {
  return Prisma.sql`COALESCE(${temperatureIn(Prisma.sql`(${agentDocument} -> ${document.temperature})`)}, ${temperatureIn(Prisma.sql`(${agentDocument} -> ${document.details} -> ${details.temperature})`)})`;
}

/** False only when `document.details.isStream` is false: the agent asks for whole replies. */
export function agentStreamsSql(agentDocument: Prisma.Sql) {
  return Prisma.sql`((${agentDocument} -> ${document.details} -> ${details.isStream}) IS DISTINCT FROM 'false'::jsonb)`;
}

/** `document.chat_model` when it is a text, else NULL. */
export function agentChatModelSql(agentDocument: Prisma.Sql) {
  return Prisma.sql`CASE WHEN jsonb_typeof(${agentDocument} -> ${document.chatModel}) = 'string' THEN ${agentDocument} ->> ${document.chatModel} END`;
}
