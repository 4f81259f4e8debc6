// The floors of app/modules: lint reports an import that climbs up, and docs/architecture.md's
// table says what the lint zones say.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The floors as eslint.config.js writes them: [floor, { room: rooms it may import on its own floor }], lowest first. */
const { floors } = (await import(path.resolve("eslint.config.js"))) as { floors: [string, Record<string, string[]>][] };
const eslint = new ESLint({ overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

/** The floor rule's reports on `code` as if it were the file at `filePath`. */
async function floorReports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "import-x/no-restricted-paths").map((message) => message.message);
}

describe("module floors", () => {
  it("reports a foundation that imports a domain", async () => {
    const reports = await floorReports("app/modules/db/upward.server.ts", `export { publishChatEvent } from "~/modules/chat/realtime.server";\n`);
    expect(reports).toEqual([expect.stringContaining("~/modules/chat/realtime.server")]);
  });

  it("reports a domain that imports a domain its floor's table does not name", async () => {
    const reports = await floorReports("app/modules/chat/sideways.server.ts", `export { startGeneration } from "~/modules/media/generation.server";\n`);
    expect(reports).toEqual([expect.stringContaining("~/modules/media/generation.server")]);
  });

  it("lets a room import down the floors", async () => {
    const reports = await floorReports("app/modules/media/downward.server.ts", `export { publishChatEvent } from "~/modules/chat/realtime.server";\n`);
    expect(reports).toEqual([]);
  });

  it("docs/architecture.md's floor table is the lint zones' order", () => {
    const section = fs.readFileSync("docs/architecture.md", "utf8").split("\n## Floors\n")[1]!.split("\n## ")[0]!;
    const rows = section
      .split("\n")
      .filter((line) => /^\| [a-z]/.test(line) && !line.startsWith("| floor |"))
      .map((line) => line.split("|").map((cell) => cell.trim()));
    const table = rows.map(([, floor, room, neighbours]) => [floor, room!.replace(/[`/]/g, ""), neighbours ? neighbours.replace(/[`/]/g, "").split(", ") : []]);
    const zones = floors.flatMap(([floor, rooms]) => Object.entries(rooms).map(([room, neighbours]) => [floor, room, neighbours]));
    expect(table).toEqual(zones);
  });

  it("names every room of app/modules", () => {
    const rooms = fs.readdirSync("app/modules", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const named = floors.flatMap(([, floorRooms]) => Object.keys(floorRooms));
    expect(named.sort()).toEqual(rooms.map((entry) => entry.name).sort());
  });
});
