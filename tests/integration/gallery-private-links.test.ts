import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { GalleryPage } from "~/lib/gallery";
import { listMessages } from "~/modules/chat/messages.server";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { getObject, listObjects, putObject } from "~/modules/storage/storage.server";
import { loader as galleryApi } from "~/routes/api/gallery";
import { action as generateAction } from "~/routes/generate";
import { png } from "../helpers/account-data";
import { post } from "../helpers/admin";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { newSignedInPerson } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";
import { statusOfStoredLink } from "../helpers/stored-links";

let db: TestDatabase;
let characterId: string;
beforeAll(async () => {
  ({ db, characterId } = await chatTestDatabase());
});
afterAll(() => db.dispose());

async function galleryPage(query: string, cookie: string) {
  const response = (await galleryApi(routeArgs(new Request(`http://localhost/api/gallery?${query}`, { headers: { Cookie: cookie } })))) as Response;
  return (await response.json()) as GalleryPage;
}

/** A public picture of the person's, with its thumbnail, also shown in one of their chats as a picture reply. */
async function publicPictureInChat(userId: string) {
  const requestId = `${randomUUID()}-0`;
  const picture = await putObject("gallery", `${userId}/${requestId}.png`, await png("#aa5500", 64), "image/png");
  const thumbnail = await putObject("gallery", `${userId}/${requestId}-300.webp`, await png("#aa5500"), "image/webp");
  const image = await prisma().galleryImage.create({
    data: { userId, requestId, prompt: "a fox", url: picture, storagePath: picture, thumbnailPath: thumbnail, isPublic: true },
  });
  const sessionId = await startChat(userId, characterId);
  const agent = await prisma().chatAgent.findFirstOrThrow({ where: { userId } });
  const media = [{ galleryImageId: image.id, mediaType: "image", contentType: "image/png", path: picture, thumbnailPath: thumbnail, width: 64, height: 64 }];
  await prisma().chatMessage.create({ data: { sessionId, senderType: "agent", senderId: agent.id, userId, message: "Here it is", media } });
  return { image, picture, thumbnail, sessionId };
}

const setPublic = (cookie: string, imageId: string, value: boolean) =>
  post(generateAction, "/generate", cookie, [
    ["intent", "set-public"],
    ["imageId", imageId],
    ["public", String(value)],
  ]);

/** Every link a viewer and the owner hold to the item: its file, its thumbnail, and its thumbnail route. */
async function linksTo(imageId: string, cookie: string, query: string) {
  const item = (await galleryPage(query, cookie)).items.find((candidate) => candidate.id === imageId)!;
  return [item.url, item.thumbUrl, item.url.replace("/storage/", "/thumb/").replace("?", "?w=300&")];
}
const statuses = (links: string[]) => Promise.all(links.map(statusOfStoredLink));

describe("making a picture private", () => {
  test("stops every earlier link to it, the owner's and other people's, while the owner and the chat get new ones", async () => {
    const ada = await newSignedInPerson();
    const bob = await newSignedInPerson();
    const { image, picture, thumbnail, sessionId } = await publicPictureInChat(ada.userId);
    const bobsLinks = await linksTo(image.id, bob.cookie, "filter=public");
    const adasLinks = await linksTo(image.id, ada.cookie, "filter=mine");
    expect(await statuses([...bobsLinks, ...adasLinks])).toEqual(Array(6).fill(200));

    expect(await setPublic(ada.cookie, image.id, false)).toRedirectTo("/generate", { toast: "image-private" });

    expect(await statuses([...bobsLinks, ...adasLinks])).toEqual(Array(6).fill(404));
    expect((await galleryPage("filter=public", bob.cookie)).items).toEqual([]);
    // The owner still sees it, through new links, and so does the chat that shows it.
    expect(await statuses(await linksTo(image.id, ada.cookie, "filter=mine"))).toEqual([200, 200, 200]);
    const reply = (await listMessages(sessionId)).messages.find((message) => message.message === "Here it is")!;
    expect(await statuses([reply.media![0]!.url, reply.media![0]!.thumbUrl])).toEqual([200, 200]);
    // The old files are gone, and nothing waits to be removed.
    expect(await getObject("gallery", picture)).toBeNull();
    expect(await getObject("gallery", thumbnail)).toBeNull();
    expect(await prisma().fileRemoval.count()).toBe(0);
  });

  test("public again and private again: the links of the second public time stop too", async () => {
    const ada = await newSignedInPerson();
    const bob = await newSignedInPerson();
    const { image } = await publicPictureInChat(ada.userId);
    await setPublic(ada.cookie, image.id, false);
    await setPublic(ada.cookie, image.id, true);
    const bobsLinks = await linksTo(image.id, bob.cookie, "filter=public");
    expect(await statuses(bobsLinks)).toEqual([200, 200, 200]);
    await setPublic(ada.cookie, image.id, false);
    expect(await statuses(bobsLinks)).toEqual([404, 404, 404]);
    expect(await statuses(await linksTo(image.id, ada.cookie, "filter=mine"))).toEqual([200, 200, 200]);
  });

  test("making a private picture private again changes nothing: the owner's links keep working", async () => {
    const ada = await newSignedInPerson();
    const { image } = await publicPictureInChat(ada.userId);
    await setPublic(ada.cookie, image.id, false);
    const links = await linksTo(image.id, ada.cookie, "filter=mine");
    expect(await setPublic(ada.cookie, image.id, false)).toMatchObject({ status: 302 });
    expect(await statuses(links)).toEqual([200, 200, 200]);
  });

  test("two requests making it private at once: one moves the files, and no copy is left behind", async () => {
    const ada = await newSignedInPerson();
    const { image } = await publicPictureInChat(ada.userId);
    const answers = await Promise.all([1, 2].map(() => setPublic(ada.cookie, image.id, false)));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const row = await prisma().galleryImage.findUniqueOrThrow({ where: { id: image.id } });
    expect((await listObjects("gallery", ada.userId)).map((entry) => entry.path).sort()).toEqual([row.storagePath, row.thumbnailPath].sort());
  });
});
