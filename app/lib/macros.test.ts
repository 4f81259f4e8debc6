import { describe, expect, it } from "vitest";
import { fillNames, personaName, VISITOR_NAME } from "./macros";

const names = { char: "Luna", user: "Sam" };

describe("fillNames", () => {
  it("fills {{char}} and {{user}} in any case, every time they appear", () => {
    expect(fillNames("Oh, hi {{user}}! I'm {{char}}. {{USER}}, {{Char}}?", names)).toBe("Oh, hi Sam! I'm Luna. Sam, Luna?");
  });

  it("fills the older <USER> and <BOT> as SillyTavern does", () => {
    expect(fillNames("<USER>: Hello\n<bot>: Hi, <user>.", names)).toBe("Sam: Hello\nLuna: Hi, Sam.");
  });

  it("leaves other braces, tags and text as they are", () => {
    expect(fillNames("{{random}} {char} <b>bold</b> {{ user }}", names)).toBe("{{random}} {char} <b>bold</b> {{ user }}");
  });

  it("puts a name in as it is written, even one that looks like a replacement pattern", () => {
    expect(fillNames("Hi {{user}}", { char: "Luna", user: "$& $1 $$" })).toBe("Hi $& $1 $$");
  });
});

describe("personaName", () => {
  it("is the person's name, else the part of their e-mail before @", () => {
    expect(personaName({ name: " Sam ", email: "sam.k@example.com" })).toBe("Sam");
    expect(personaName({ name: null, email: "sam.k@example.com" })).toBe("sam.k");
    expect(personaName({ name: "  ", email: "sam.k@example.com" })).toBe("sam.k");
  });

  it("is 'User' for a visitor, or when there is nothing to go by", () => {
    expect(personaName(null)).toBe(VISITOR_NAME);
    expect(personaName({ name: null, email: "@example.com" })).toBe(VISITOR_NAME);
  });

  it("is the chat's persona's name when one is chosen, else the person's own", () => {
    expect(personaName({ name: "Sam", email: "sam.k@example.com" }, { name: " Captain Mira " })).toBe("Captain Mira");
    expect(personaName({ name: "Sam", email: "sam.k@example.com" }, { name: null })).toBe("Sam");
  });
});
