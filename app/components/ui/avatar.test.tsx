import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Avatar, CharacterPicture } from "./avatar";

describe("a character's picture", () => {
  test("without an image, shows its initials on its own colour, never an empty box", () => {
    const html = renderToString(<CharacterPicture name="Captain Sora" url={null} thumbnail={300} width={300} height={400} className="size-full" />);
    expect(html).not.toContain("<img");
    expect(html).toContain(">CS</span>");
    expect(html).toMatch(/background-image:linear-gradient\(135deg, hsl\(\d+ 55% 32%\)/);
  });

  test("with an image, shows its thumbnail over the same colour while it loads", () => {
    const html = renderToString(<CharacterPicture name="Luna" url="/storage/avatars/characters/luna.webp" thumbnail={300} lazy width={300} height={400} />);
    const empty = renderToString(<CharacterPicture name="Luna" url={null} thumbnail={300} width={300} height={400} />);
    expect(html).toContain('src="/thumb/avatars/characters/luna.webp?w=300"');
    expect(html).toContain('loading="lazy"');
    expect(/background-image:[^"]+/.exec(html)?.[0]).toBe(/background-image:[^"]+/.exec(empty)?.[0]);
  });

  test("names itself when it is given words for a reader, and hides when it is decoration", () => {
    expect(renderToString(<CharacterPicture name="Noa" url={null} thumbnail={1024} alt="Portrait of Noa" width={320} height={320} />)).toContain(
      'role="img" aria-label="Portrait of Noa"',
    );
    expect(renderToString(<CharacterPicture name="Noa" url={null} thumbnail={150} width={36} height={36} />)).toContain('aria-hidden="true"');
  });

  test("a round avatar shows a character's initials, and a person's default picture", () => {
    expect(renderToString(<Avatar url={null} size={36} name="Mei" />)).toContain(">M</span>");
    expect(renderToString(<Avatar url={null} size={36} />)).toContain('src="/default-avatar.svg"');
  });
});
