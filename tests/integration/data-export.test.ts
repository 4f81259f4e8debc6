import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DOWNLOADS } from "~/modules/account/data-export.server";
import { prisma } from "~/modules/db/db.server";
import { clearLimit } from "~/modules/security/rate-limit.server";
import { getObject } from "~/modules/storage/storage.server";
import { loader as dataLoader } from "~/routes/dashboard/settings.data";
import { personWithEverything } from "../helpers/account-data";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { callRoute } from "../helpers/payments";

let db: TestDatabase;
let characterId: string;
beforeAll(async () => {
  ({ db, characterId } = await chatTestDatabase());
});
afterAll(() => db.dispose());

const DATA = "http://localhost/dashboard/settings/data";

async function download(cookie: string) {
  const response = (await callRoute(dataLoader, DATA, cookie)) as Response;
  return { response, zip: response.status === 200 ? await JSZip.loadAsync(await response.arrayBuffer()) : null };
}
const json = async (zip: JSZip, name: string) => JSON.parse(await zip.file(name)!.async("string"));

describe("Download my data", () => {
  test("is a zip of what the person made: profile, chats with messages and files, characters, tickets with replies, media and uploads", async () => {
    const ada = await personWithEverything("ada.export@example.com", "correct horse", characterId);
    const bob = await personWithEverything("bob.private@example.com", "correct horse", characterId);
    await prisma().ticket.update({ where: { id: bob.ticket.id }, data: { topic: "Bob's own question" } });

    const { response, zip } = await download(ada.cookies[0]!);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="characterverse-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers.get("cache-control")).toContain("no-store");

    expect(await json(zip!, "profile.json")).toMatchObject({ email: "ada.export@example.com", name: "Ada Lovelace", signsInWith: ["password", "google"] });
    const tokens = await json(zip!, "tokens-and-payments.json");
    expect(tokens.balance.total).toBe(tokens.transactions.reduce((sum: number, row: { change: number }) => sum + row.change, 0));

    const chats = Object.keys(zip!.files).filter((name) => /^chats\/[^/]+\.json$/.test(name));
    expect(chats).toHaveLength(1);
    const chat = await json(zip!, chats[0]!);
    const said = chat.messages.find((message: { text: string }) => message.text === "Look at my holiday");
    expect(said).toMatchObject({ from: "you", attachments: [`chats/files/${ada.attachment.path.slice(ada.userId.length + 1)}`] });
    expect(chat.messages.map((message: { text: string }) => message.text)).toContain("What a lovely beach!");
    const attached = await zip!.file(said.attachments[0])!.async("nodebuffer");
    expect(attached.equals((await getObject("chats", ada.attachment.path))!.body)).toBe(true);

    const characters = await json(zip!, "characters.json");
    expect(characters.map((character: { name: string }) => character.name).sort()).toEqual(["My Secret Friend", "Public Pal"]);
    const secret = characters.find((character: { name: string }) => character.name === "My Secret Friend");
    expect(zip!.file(secret.pictureFile)).not.toBeNull();

    const [ticket] = await json(zip!, "tickets.json");
    expect(ticket).toMatchObject({ topic: "Billing question", replies: [{ from: "CharacterVerse Support" }, { from: "you", message: "Thank you!" }] });

    const [media] = await json(zip!, "media.json");
    expect(media).toMatchObject({ prompt: "a red fox in the snow", public: true });
    expect((await zip!.file(media.file)!.async("nodebuffer")).equals((await getObject("gallery", ada.picture))!.body)).toBe(true);
    const [upload] = await json(zip!, "uploads.json");
    expect(upload).toMatchObject({ filename: "cat.png", kind: "image" });
    expect(zip!.file(upload.file)).not.toBeNull();
    expect(await json(zip!, "favorites.json")).toEqual([expect.objectContaining({ type: "character", id: characterId })]);
    expect(zip!.file("avatar.webp")).not.toBeNull();

    // Nothing of anyone else's is in it.
    const everything = (await Promise.all(Object.values(zip!.files).map((file) => (file.dir ? "" : file.async("string"))))).join("\n");
    expect(everything).not.toContain(bob.userId);
    expect(everything).not.toContain("bob.private@example.com");
    expect(everything).not.toContain("Bob's own question");
  });

  test("asks a signed-out visitor to sign in, and serves only the signed-in person's own data", async () => {
    const anonymous = (await callRoute(dataLoader, DATA, "")) as Response;
    expect(anonymous).toRedirectTo(`/login?redirectTo=${encodeURIComponent("/dashboard/settings/data")}`);
  });

  test(`allows ${DATA_DOWNLOADS.limit} downloads an hour, then leads back to Settings with the reason`, async () => {
    const carol = await personWithEverything("carol.export@example.com", "correct horse", characterId);
    await clearLimit(`data-download:user:${carol.userId}`);
    for (let time = 0; time < DATA_DOWNLOADS.limit; time += 1) expect((await download(carol.cookies[0]!)).response.status).toBe(200);
    const refused = (await download(carol.cookies[0]!)).response;
    expect(refused).toRedirectTo("/dashboard/settings", { toast: "too-many-downloads" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
