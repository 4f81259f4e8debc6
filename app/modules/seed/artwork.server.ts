import { createAvatar } from "@dicebear/core";
import * as styles from "@dicebear/collection";
import sharp from "sharp";

export type AvatarSpec = { style: keyof typeof avatarStyles; seed: string; background: string };

const avatarStyles = {
  lorelei: styles.lorelei,
  adventurer: styles.adventurer,
  notionists: styles.notionists,
  personas: styles.personas,
  micah: styles.micah,
  avataaars: styles.avataaars,
  bigSmile: styles.bigSmile,
  openPeeps: styles.openPeeps,
};

/** A character portrait drawn locally with DiceBear and rasterised by sharp: no network needed. */
export async function renderCharacterAvatar(spec: AvatarSpec): Promise<Buffer> {
  const svg = createAvatar(avatarStyles[spec.style] as typeof styles.lorelei, {
    seed: spec.seed,
    backgroundColor: [spec.background.replace("#", "")],
    size: 512,
  }).toString();
  return sharp(Buffer.from(svg)).resize(512, 512).webp({ quality: 86 }).toBuffer();
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
