import { IMAGE_MAX_PIXELS } from "~/lib/limits";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { imageDimensions, requestedCount, requestedSeconds, type Dimensions } from "~/lib/media-pricing";
import { env } from "~/modules/config/env.server";
import type { MediaCheck, MediaOutput, MediaProvider, MediaRequest } from "./types";

/**
 * The offline media provider: no key, no network, always there. A picture is an SVG composed
 * from the prompt's words on a palette seeded by the prompt, rendered by sharp at the requested
 * size and count; a picture redrawn from a source (image-to-image, Design in chat) is the source
 * recoloured and posterised as the prompt seeds it; a video one of the short WebM clips shipped in assets/demo-clips (chosen by the
 * prompt, scripts/make-demo-clips.sh makes them); audio and music a short WAV of tones. Each is
 * labelled "Demo". It answers after MEDIA_DEMO_DELAY_MS, like a queue would: the request id
 * carries when it is ready, so a restart in between loses nothing.
 */

const AUDIO_RATE = 22_050;
const AUDIO_MAX_SECONDS = 8;

export const demoMedia: MediaProvider = {
  kind: "media",
  platform: "demo",
  demo: true,
  webhooks: false,
  submit: async (request) => ({ state: "submitted", requestId: `demo-${Date.now() + env().MEDIA_DEMO_DELAY_MS}-${request.jobKey}` }),
  async check(requestId, request): Promise<MediaCheck> {
    const readyAt = Number(requestId.split("-")[1]);
    if (Number.isFinite(readyAt) && Date.now() < readyAt) return { state: "pending" };
    return { state: "completed", outputs: await demoOutputs(request) };
  },
  cancel: () => Promise.resolve(),
};

export async function demoOutputs(request: MediaRequest): Promise<MediaOutput[]> {
  switch (request.mediaType) {
    case "video":
      return [await demoVideo(request)];
    case "audio":
    case "music":
      return [demoAudio(request)];
    default: {
      const size = imageDimensions(request.settings);
      const count = requestedCount(request.settings);
      const draw = request.sourceImage ? demoRedraw : demoPicture;
      return Promise.all(Array.from({ length: count }, async (_, index) => ({ data: await draw(request, size, index), contentType: "image/png", ...size })));
    }
  }
}

/** Numbers drawn from the prompt and an index, the same every time. */
function seeded(text: string) {
  let state = createHash("sha256").update(text).digest();
  let offset = 0;
  return () => {
    if (offset + 4 > state.length) {
      state = createHash("sha256").update(state).digest();
      offset = 0;
    }
    const value = state.readUInt32BE(offset) / 0x1_0000_0000;
    offset += 4;
    return value;
  };
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function pictureSvg(prompt: string, { width, height }: Dimensions, seed: string) {
  const random = seeded(`${prompt}#${seed}`);
  const hue = Math.floor(random() * 360);
  const palette = [0, 40, 160, 200, 300].map((shift) => `hsl(${(hue + shift) % 360} 70% ${45 + Math.floor(random() * 25)}%)`);
  const words = prompt
    .split(/\s+/)
    .filter((word) => word.length > 2)
    .slice(0, 12);
  const unit = Math.min(width, height);
  const shapes = Array.from({ length: 9 }, (_, index) => {
    const x = random() * width;
    const y = random() * height;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(unit * (0.08 + random() * 0.25)).toFixed(1)}" fill="${palette[index % palette.length]}" fill-opacity="0.55"/>`;
  });
  const labels = words.map((word, index) => {
    const size = Math.round(unit * (0.05 + random() * 0.05));
    return `<text x="${(random() * width * 0.7).toFixed(0)}" y="${((index + 1) * (height / (words.length + 1))).toFixed(0)}" font-family="sans-serif" font-size="${size}" fill="white" fill-opacity="0.9">${escapeXml(word)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[2]}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}${labels.join("")}
<text x="${width - unit * 0.03}" y="${height - unit * 0.03}" text-anchor="end" font-family="sans-serif" font-size="${Math.round(unit * 0.06)}" fill="white">Demo</text>
</svg>`;
}

export function demoPicture(request: MediaRequest, size: Dimensions, index: number) {
  return sharp(Buffer.from(pictureSvg(request.prompt, size, `${request.jobKey}-${index}`)))
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/**
 * The source picture redrawn: cropped to the requested size, its hue turned as the prompt seeds
 * it, washed with a gradient of two seeded colours (multiplied, so light parts take the colour
 * and the drawing's lines stay), reduced to a poster's few colours and marked "Demo redraw": the
 * result is plainly the source, transformed.
 */
export async function demoRedraw(request: MediaRequest, size: Dimensions, index: number) {
  const random = seeded(`${request.prompt}#redraw-${index}`);
  const hue = Math.floor(random() * 360);
  const wash = [0, 120 + Math.floor(random() * 120)].map((shift) => `hsl(${(hue + shift) % 360} 85% 62%)`);
  const { width, height } = size;
  const unit = Math.min(width, height);
  const overlay = (content: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${content}</svg>`);
  const gradient = overlay(
    `<defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${wash[0]}"/><stop offset="1" stop-color="${wash[1]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#w)"/>`,
  );
  const label = overlay(
    `<text x="${width - unit * 0.03}" y="${height - unit * 0.03}" text-anchor="end" font-family="sans-serif" font-size="${Math.round(unit * 0.06)}" fill="white" stroke="black" stroke-width="${Math.max(1, Math.round(unit * 0.004))}">Demo redraw</text>`,
  );
  const washed = await sharp(request.sourceImage!.data, { limitInputPixels: IMAGE_MAX_PIXELS })
    .rotate()
    .resize(width, height, { fit: "cover" })
    .modulate({ hue, saturation: 1.6 })
    .composite([{ input: gradient, blend: "multiply" }])
    .png({ palette: true, colours: 12, dither: 0 })
    .toBuffer();
  return sharp(washed)
    .composite([{ input: label }])
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/** The shipped clips, read from where the app runs (the Docker image copies the folder too). */
export const DEMO_CLIPS_DIR = path.resolve(process.cwd(), "assets/demo-clips");

type DemoClip = { look: string; file: string; poster: string; width: number; height: number; duration: number };

let clips: Promise<DemoClip[]> | null = null;
function demoClips() {
  // A failed read is not kept: the job is tried again, and so is the file.
  clips ??= fs
    .readFile(path.join(DEMO_CLIPS_DIR, "clips.json"), "utf8")
    .then((text) => JSON.parse(text) as DemoClip[])
    .catch((error: unknown) => {
      clips = null;
      throw error;
    });
  return clips;
}

/**
 * The clip for a request: its look picked by the prompt (the same prompt, the same look), its cut
 * the shortest that lasts as long as asked (the longest when none does). What is stored is what
 * the clip is: its own size and duration.
 */
export async function demoClipFor(prompt: string, seconds: number): Promise<DemoClip> {
  const all = await demoClips();
  const looks = [...new Set(all.map((clip) => clip.look))];
  const look = looks[createHash("sha256").update(prompt).digest().readUInt32BE(0) % looks.length];
  const cuts = all.filter((clip) => clip.look === look).sort((a, b) => a.duration - b.duration);
  return cuts.find((clip) => clip.duration >= seconds) ?? cuts.at(-1)!;
}

async function demoVideo(request: MediaRequest): Promise<MediaOutput> {
  const clip = await demoClipFor(request.prompt, requestedSeconds(request.settings));
  const [data, poster] = await Promise.all([fs.readFile(path.join(DEMO_CLIPS_DIR, clip.file)), fs.readFile(path.join(DEMO_CLIPS_DIR, clip.poster))]);
  return { data, contentType: "video/webm", width: clip.width, height: clip.height, duration: clip.duration, poster };
}

/** A mono 16-bit WAV: a few notes chosen by the prompt, faded in and out. */
export function demoAudio(request: MediaRequest): MediaOutput {
  const seconds = Math.min(requestedSeconds(request.settings), AUDIO_MAX_SECONDS);
  const random = seeded(`${request.prompt}#${request.jobKey}`);
  const notes = Array.from({ length: 4 }, () => 220 * 2 ** (Math.floor(random() * 24) / 12));
  const samples = Math.round(seconds * AUDIO_RATE);
  const data = Buffer.alloc(44 + samples * 2);
  data.write("RIFF", 0);
  data.writeUInt32LE(36 + samples * 2, 4);
  data.write("WAVEfmt ", 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(AUDIO_RATE, 24);
  data.writeUInt32LE(AUDIO_RATE * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write("data", 36);
  data.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const note = notes[Math.floor((i / samples) * notes.length)]!;
    const envelope = Math.min(1, i / 2000, (samples - i) / 2000);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * note * i) / AUDIO_RATE) * 9000 * envelope), 44 + i * 2);
  }
  return { data, contentType: "audio/wav", duration: seconds };
}
