import { createHash } from "node:crypto";
import sharp from "sharp";
import { imageDimensions, requestedCount, requestedSeconds, type Dimensions } from "~/lib/media-pricing";
import { env } from "~/modules/config/env.server";
import type { MediaCheck, MediaOutput, MediaProvider, MediaRequest } from "./types";

/**
 * The offline media provider: no key, no network, always there. A picture is an SVG composed
 * from the prompt's words on a palette seeded by the prompt, rendered by sharp at the requested
 * size and count; a video a short animated WebP of it; audio and music a short WAV of tones. Each
 * is labelled "Demo". It answers after MEDIA_DEMO_DELAY_MS, like a queue would: the request id
 * carries when it is ready, so a restart in between loses nothing.
 */

const VIDEO_FRAMES = 12;
const VIDEO_FRAME_MS = 120;
const VIDEO_SIZE: Dimensions = { width: 512, height: 288 };
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
      return Promise.all(
        Array.from({ length: count }, async (_, index) => ({ data: await demoPicture(request, size, index), contentType: "image/png", ...size })),
      );
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

function pictureSvg(prompt: string, { width, height }: Dimensions, seed: string, frame = 0) {
  const random = seeded(`${prompt}#${seed}`);
  const hue = Math.floor(random() * 360);
  const palette = [0, 40, 160, 200, 300].map((shift) => `hsl(${(hue + shift) % 360} 70% ${45 + Math.floor(random() * 25)}%)`);
  const words = prompt
    .split(/\s+/)
    .filter((word) => word.length > 2)
    .slice(0, 12);
  const unit = Math.min(width, height);
  const shapes = Array.from({ length: 9 }, (_, index) => {
    const x = (random() * width + frame * unit * 0.02 * (index % 3)) % width;
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

async function demoVideo(request: MediaRequest): Promise<MediaOutput> {
  const size = request.settings.image_size ? imageDimensions(request.settings) : VIDEO_SIZE;
  const scale = Math.min(1, VIDEO_SIZE.width / size.width);
  const frameSize = { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
  const frames = await Promise.all(
    Array.from({ length: VIDEO_FRAMES }, (_, frame) =>
      sharp(Buffer.from(pictureSvg(request.prompt, frameSize, request.jobKey, frame)))
        .png()
        .toBuffer(),
    ),
  );
  const data = await sharp(frames, { join: { animated: true } })
    .webp({ delay: Array(VIDEO_FRAMES).fill(VIDEO_FRAME_MS), loop: 0, quality: 70 })
    .toBuffer();
  return { data, contentType: "image/webp", ...frameSize, duration: (VIDEO_FRAMES * VIDEO_FRAME_MS) / 1000 };
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
