import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoginSession } from "~/modules/auth/login-session.server";
import { getObject } from "~/modules/storage/storage.server";
import { action } from "~/routes/dashboard/settings";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { routeArgs } from "../helpers/route-args";

let test: TestDatabase;
let userId: string;
let cookie: string;

beforeAll(async () => {
  test = await createTestDatabase();
  const user = await test.database.prisma.user.create({
    data: { email: "pic@example.com", name: "pic", status: "active", emailVerifiedAt: new Date(), avatarUrl: "/default-avatar.svg" },
  });
  userId = user.id;
  cookie = (await startLoginSession(user.id, new Request("http://localhost/"), null)).split(";")[0];
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
    expect(result.headers.get("location")).toBe("/dashboard/settings?toast=profile-updated");
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
});
