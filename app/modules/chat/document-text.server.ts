import mammoth from "mammoth";
import { getDocumentProxy } from "unpdf";
import yauzl from "yauzl";
import { logger } from "~/modules/logging/logger.server";

/** Pages read from a PDF: enough for a chat, bounded so that a huge file cannot hold a reply up. */
const PDF_PAGE_LIMIT = 50;

/**
 * The text of a PDF (unpdf, pdf.js without a canvas) or a Word .docx (mammoth), at most `limit`
 * characters, for the model to read. Null when the file holds no text (a scanned PDF) or cannot
 * be read; legacy .doc is not read. The caller then names the file instead.
 */
export async function documentText(bytes: Buffer, extension: string, limit: number): Promise<string | null> {
  try {
    const text = extension === "pdf" ? await pdfText(bytes, limit) : extension === "docx" ? await docxText(bytes) : null;
    const trimmed = text?.replace(/\n{3,}/g, "\n\n").trim();
    return trimmed ? trimmed.slice(0, limit) : null;
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error), extension }, "could not read the text of an attachment");
    return null;
  }
}

async function pdfText(bytes: Buffer, limit: number) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_PAGE_LIMIT) && length < limit; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const page = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
      pages.push(page);
      length += page.length;
    }
    return pages.join("\n\n");
  } finally {
    await pdf.destroy();
  }
}

/**
 * What the XML parts of a .docx may unpack to in all: a few hundred pages of text are a few MB.
 * A zip of 10 MB can unpack to gigabytes, and mammoth reads a part whole, into memory.
 */
export const DOCX_XML_MAX_BYTES = 16 * 1024 * 1024;

async function docxText(bytes: Buffer) {
  const check = await checkDocx(bytes);
  if (check !== "word") {
    logger.warn({ check }, "a .docx attachment was not read");
    return null;
  }
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

/**
 * Whether a zip is a Word document (it has word/document.xml) whose XML parts, the ones mammoth
 * reads, unpack within DOCX_XML_MAX_BYTES. The parts are unpacked here to count them: yauzl stops
 * a part at the size its zip entry declares, so a zip that understates them is caught too.
 * "too-large" then, "not-word" for any other zip or none.
 */
export async function checkDocx(bytes: Buffer): Promise<"word" | "not-word" | "too-large"> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
    );
  } catch {
    return "not-word";
  }
  let unpacked = 0;
  let word = false;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (!/\.(xml|rels)$/i.test(entry.fileName)) continue;
      if (entry.fileName === "word/document.xml") word = true;
      unpacked += entry.uncompressedSize;
      if (unpacked > DOCX_XML_MAX_BYTES) return "too-large";
      await drain(zip, entry);
    }
  } catch {
    // A part that unpacks to more than its entry says, or a broken zip.
    return "not-word";
  } finally {
    zip.close();
  }
  return word ? "word" : "not-word";
}

function nextEntry(zip: yauzl.ZipFile) {
  return new Promise<yauzl.Entry | null>((resolve, reject) => {
    const cleanUp = () => zip.removeListener("entry", onEntry).removeListener("end", onEnd).removeListener("error", onError);
    const onEntry = (entry: yauzl.Entry) => (cleanUp(), resolve(entry));
    const onEnd = () => (cleanUp(), resolve(null));
    const onError = (error: Error) => (cleanUp(), reject(error));
    zip.once("entry", onEntry).once("end", onEnd).once("error", onError);
    zip.readEntry();
  });
}

function drain(zip: yauzl.ZipFile, entry: yauzl.Entry) {
  return new Promise<void>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      stream.on("data", () => {}).once("end", resolve).once("error", reject);
    }),
  );
}
