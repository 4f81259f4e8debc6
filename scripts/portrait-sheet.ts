// `npx tsx scripts/portrait-sheet.ts [file.png] [cards]`: every seed character's portrait on one
// contact sheet, to look at after editing an appearance; "cards" crops them as the cards do.
import sharp from "sharp";
import { portraitSvg } from "~/modules/seed/artwork.server";
import { portraitOf } from "~/modules/seed/portraits/portraits";
import { renderThumbnail } from "~/modules/storage/thumbnail.server";
import { seedCharacters } from "../prisma/seed/catalogue-data";

const [file = "portraits.png", crop] = process.argv.slice(2);
const columns = 11;
const [width, height] = crop === "cards" ? [150, 200] : [200, 200];
const labelHeight = 18;

const tiles = await Promise.all(
  seedCharacters.map(async (character, index) => {
    const square = await sharp(Buffer.from(portraitSvg(portraitOf(character))))
      .png()
      .toBuffer();
    const picture = await sharp(crop === "cards" ? await renderThumbnail(square, 300) : square)
      .resize(width, height)
      .png()
      .toBuffer();
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${labelHeight}"><rect width="100%" height="100%" fill="#fff"/><text x="3" y="13" font-size="12" font-family="sans-serif">${character.name} (${character.category})</text></svg>`;
    const left = (index % columns) * width;
    const top = Math.floor(index / columns) * (height + labelHeight);
    return [
      { input: picture, left, top },
      { input: Buffer.from(label), left, top: top + height },
    ];
  }),
);
const rows = Math.ceil(seedCharacters.length / columns);
await sharp({ create: { width: columns * width, height: rows * (height + labelHeight), channels: 3, background: "#ddd" } })
  .composite(tiles.flat())
  .png()
  .toFile(file);
console.log(`Wrote ${file}`);
