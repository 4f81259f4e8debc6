import { createAvatar } from "@dicebear/core";
import * as collection from "@dicebear/collection";
import sharp from "sharp";
import type { PortraitDrawing } from "./portraits/portraits";

const styles = { avataaars: collection.avataaars, adventurer: collection.adventurer };

/** The portrait as SVG, drawn locally with DiceBear: no network needed. */
export function portraitSvg(drawing: PortraitDrawing) {
  return createAvatar(styles[drawing.style] as typeof collection.avataaars, { ...drawing.options, size: 512 }).toString();
}

/** A character portrait rasterised by sharp. */
export async function renderCharacterAvatar(drawing: PortraitDrawing): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(drawing)))
    .resize(512, 512)
    .webp({ quality: 86 })
    .toBuffer();
}

/** A wide banner background: a two-colour gradient with soft light shapes; the UI lays text over it. */
export async function renderBannerImage([from, to]: [string, string], seed: number): Promise<Buffer> {
  const circles = Array.from({ length: 6 }, (_, index) => {
    const x = (seed * 137 + index * 241) % 1200;
    const y = (seed * 59 + index * 97) % 400;
    const radius = 60 + ((seed + index * 31) % 140);
    return `<circle cx="${x}" cy="${y}" r="${radius}" fill="white" fill-opacity="${0.04 + (index % 3) * 0.03}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="1200" height="400" fill="url(#g)"/>${circles}
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
