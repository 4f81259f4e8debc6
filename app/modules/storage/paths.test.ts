import { describe, expect, it } from "vitest";
import { cleanStoragePath, contentTypeForPath, InvalidStoragePathError } from "./paths";

describe("cleanStoragePath", () => {
  it("removes leading, trailing and doubled slashes", () => {
    expect(cleanStoragePath("//user-1///abc//photo.png/")).toBe("user-1/abc/photo.png");
  });

  it("treats backslashes as separators", () => {
    expect(cleanStoragePath("user\\file.png")).toBe("user/file.png");
  });

  it.each(["../secret", "a/../../b", "./x", "", "///"])("refuses %j", (raw) => {
    expect(() => cleanStoragePath(raw)).toThrow(InvalidStoragePathError);
  });
});

describe("contentTypeForPath", () => {
  it("knows image types case-insensitively and falls back to octet-stream", () => {
    expect(contentTypeForPath("a/B.PNG")).toBe("image/png");
    expect(contentTypeForPath("a/b.webp")).toBe("image/webp");
    expect(contentTypeForPath("a/b.exe")).toBe("application/octet-stream");
  });
});
