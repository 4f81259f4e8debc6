import { crc32 } from "node:zlib";

/**
 * PNG chunks, as far as character cards need them (PNG specification, section 5): a file is the
 * 8-byte signature, then chunks of length (4 bytes), type (4), data and a CRC-32 of type and data.
 * Node has CRC-32 built in, so a small reader and writer here replace a dependency.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type PngChunk = { type: string; data: Buffer };

/** What is wrong with a file that was meant to be a PNG. */
export class MalformedPngError extends Error {}

export function isPng(bytes: Buffer) {
  return bytes.length >= SIGNATURE.length && bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE);
}

/** Every chunk of a PNG, each CRC checked; MalformedPngError when the file is not a whole, intact PNG. */
export function readPngChunks(bytes: Buffer): PngChunk[] {
  if (!isPng(bytes)) throw new MalformedPngError("This file is not a PNG image.");
  const chunks: PngChunk[] = [];
  let offset = SIGNATURE.length;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw new MalformedPngError("This PNG image is cut short.");
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) throw new MalformedPngError("This PNG image is cut short.");
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== bytes.readUInt32BE(offset + 8 + length)) throw new MalformedPngError("This PNG image is damaged (a chunk's checksum is wrong).");
    const type = typeAndData.subarray(0, 4).toString("latin1");
    chunks.push({ type, data: Buffer.from(typeAndData.subarray(4)) });
    offset = end;
    if (type === "IEND") break;
  }
  if (chunks[0]?.type !== "IHDR" || chunks.at(-1)?.type !== "IEND") throw new MalformedPngError("This PNG image is incomplete.");
  return chunks;
}

/** A PNG file of these chunks, each with its CRC. */
export function writePngChunks(chunks: PngChunk[]): Buffer {
  const parts: Buffer[] = [SIGNATURE];
  for (const { type, data } of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    parts.push(head, data, crc);
  }
  return Buffer.concat(parts);
}

/** The text of a tEXt chunk by keyword (keyword, a NUL, then Latin-1 text), or null. */
export function textChunk(chunks: PngChunk[], keyword: string): string | null {
  for (const chunk of chunks) {
    if (chunk.type !== "tEXt") continue;
    const nul = chunk.data.indexOf(0);
    if (nul > 0 && chunk.data.subarray(0, nul).toString("latin1") === keyword) return chunk.data.subarray(nul + 1).toString("latin1");
  }
  return null;
}

/** A tEXt chunk; the text must be Latin-1 (a card's is base64). */
export function makeTextChunk(keyword: string, text: string): PngChunk {
  return { type: "tEXt", data: Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]) };
}

/**
 * The PNG with these text chunks in place of any of the same keywords, just before IEND (a
 * card's chunks replace an older card's).
 */
export function withTextChunks(png: Buffer, texts: Record<string, string>): Buffer {
  const keywords = new Set(Object.keys(texts));
  const kept = readPngChunks(png).filter((chunk) => !(chunk.type === "tEXt" && keywords.has(chunk.data.subarray(0, chunk.data.indexOf(0)).toString("latin1"))));
  const end = kept.pop()!;
  return writePngChunks([...kept, ...Object.entries(texts).map(([keyword, text]) => makeTextChunk(keyword, text)), end]);
}
