import { describe, expect, it } from "vitest";
import { initialsOf, nameBackground } from "./name-colour";

describe("a name's colour and initials", () => {
  it("gives a name the same colour every time, and different names different colours", () => {
    expect(nameBackground("Luna")).toBe(nameBackground("Luna"));
    const colours = new Set(["Luna", "Sofia", "Priya", "Zara", "Elena", "Nia", "Ingrid", "Camila"].map(nameBackground));
    expect(colours.size).toBeGreaterThanOrEqual(7);
  });

  it("takes the first letters of the first and last words, capitalised", () => {
    expect(initialsOf("luna")).toBe("L");
    expect(initialsOf("  Captain Sora  Aozaki ")).toBe("CA");
    expect(initialsOf("Élodie de la Tour")).toBe("ÉT");
    expect(initialsOf("🦊 Kitsune")).toBe("🦊K");
    expect(initialsOf("   ")).toBe("?");
  });
});
