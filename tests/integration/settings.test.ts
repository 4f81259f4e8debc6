import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_UPLOADS } from "~/modules/account/profile.server";
import { clearLimit } from "~/modules/security/rate-limit.server";
import { getObject } from "~/modules/storage/storage.server";
import { action } from "~/routes/dashboard/settings";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { routeArgs } from "../helpers/route-args";
import { signedInPerson } from "../helpers/person";

let test: TestDatabase;
let userId: string;
let cookie: string;

beforeAll(async () => {
  test = await createTestDatabase();
  const signedIn = await signedInPerson({ email: "pic@example.com", name: "pic", avatarUrl: "/default-avatar.svg" });
  userId = signedIn.user.id;
  cookie = signedIn.cookie;
});
afterAll(() => test.dispose());

async function post(form: FormData, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/dashboard/settings", { method: "POST", body: form, headers: { Cookie: cookie, ...headers } });
  try {
    return await action(routeArgs(request));
  } catch (thrown) {
    return thrown;
  }
}

const avatarForm = (file: File) => {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", file);
  return form;
};
const avatarUrl = async () => (await test.database.prisma.user.findUniqueOrThrow({ where: { id: userId } })).avatarUrl;

describe("dashboard settings", () => {
  it("refuses a file that is not an image, whatever its name, and keeps the old avatar", async () => {
    const result = (await post(avatarForm(new File(["<script>alert(1)</script>"], "photo.png", { type: "image/png" })))) as {
      init: { status: number };
      data: { error: string };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error).toBe("Failed to upload avatar: Only images can be used as an avatar");
    expect(await avatarUrl()).toBe("/default-avatar.svg");
  });

  it("stores a real image at avatars/{userId}/{random}.webp and shows it", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#ec4899" } })
      .png()
      .toBuffer();
    const result = (await post(avatarForm(new File([new Uint8Array(png)], "me.png", { type: "image/png" })))) as Response;
    expect(result).toRedirectTo("/dashboard/settings", { toast: "profile-updated" });
    const url = (await avatarUrl())!;
    expect(url).toMatch(new RegExp(`^/storage/avatars/${userId}/[0-9a-f]{24}\\.webp$`));
    const stored = await getObject("avatars", url.replace("/storage/avatars/", ""));
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });
  });

  it("refuses an oversized upload before reading it", async () => {
    const result = (await post(avatarForm(new File(["x"], "big.png")), { "Content-Length": String(50 * 1024 * 1024) })) as { init: { status: number } };
    expect(result.init.status).toBe(413);
  });

  it("saves the name, and refuses an empty one", async () => {
    const empty = new FormData();
    empty.set("intent", "profile");
    empty.set("name", "   ");
    expect(((await post(empty)) as { init: { status: number } }).init.status).toBe(400);
    const named = new FormData();
    named.set("intent", "profile");
    named.set("name", "Pia");
    expect(((await post(named)) as Response).headers.get("location")).toBe("/dashboard/settings?toast=profile-updated");
    expect((await test.database.prisma.user.findUniqueOrThrow({ where: { id: userId } })).name).toBe("Pia");
  });

  it("saves whether characters answer in the person's language, without JavaScript (an unticked box sends nothing)", async () => {
    const replyInLanguage = async () => (await test.database.prisma.user.findUniqueOrThrow({ where: { id: userId } })).replyInLanguage;
    expect(await replyInLanguage()).toBe(true);

    const unticked = new FormData();
    unticked.set("intent", "reply-language");
    expect((await post(unticked)) as Response).toRedirectTo("/dashboard/settings", { toast: "profile-updated" });
    expect(await replyInLanguage()).toBe(false);

    const ticked = new FormData();
    ticked.set("intent", "reply-language");
    ticked.set("replyInLanguage", "on");
    expect((await post(ticked)) as Response).toRedirectTo("/dashboard/settings", { toast: "profile-updated" });
    expect(await replyInLanguage()).toBe(true);
  });
});

describe("avatar replacement", () => {
  const picture = async (background: string) =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 64, height: 64, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      ],
      "me.png",
      { type: "image/png" },
    );
  const objectOf = (url: string) => getObject("avatars", url.replace("/storage/avatars/", ""));

  it("deletes the picture it replaces when the app stored it, and leaves pictures it did not store alone", async () => {
    await clearLimit(`avatar-upload:user:${userId}`);
    await test.database.prisma.user.update({ where: { id: userId }, data: { avatarUrl: "https://lh3.googleusercontent.com/a/photo" } });
    await post(avatarForm(await picture("#111111")));
    const first = (await avatarUrl())!;
    expect(await objectOf(first)).not.toBeNull();

    await post(avatarForm(await picture("#222222")));
    const second = (await avatarUrl())!;
    expect(second).not.toBe(first);
    expect(await objectOf(first)).toBeNull();
    expect(await objectOf(second)).not.toBeNull();
  });

  it(`allows ${AVATAR_UPLOADS.limit} uploads an hour per person, then says so`, async () => {
    await clearLimit(`avatar-upload:user:${userId}`);
    const file = await picture("#333333");
    for (let upload = 1; upload <= AVATAR_UPLOADS.limit; upload += 1) {
      expect(((await post(avatarForm(file))) as Response).headers.get("location"), `upload ${upload}`).toBe("/dashboard/settings?toast=profile-updated");
    }
    const before = await avatarUrl();
    const refused = (await post(avatarForm(file))) as { init: { status: number; headers: Record<string, string> }; data: { error: string } };
    expect(refused.init.status).toBe(429);
    expect(refused.data.error).toMatch(/^Failed to upload avatar: You have changed your avatar too often\. Please try again in \d+ minutes?\.$/);
    expect(refused.init.headers).toMatchObject({ "Retry-After": expect.stringMatching(/^\d+$/) });
    expect(await avatarUrl()).toBe(before);
  });
});
