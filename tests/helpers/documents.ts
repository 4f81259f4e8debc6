import JSZip from "jszip";

/** A one-page PDF whose page shows `text` in Helvetica: a real file pdf.js can read. */
export function minimalPdf(text: string) {
  const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[\\()]/g, (char) => `\\${char}`)}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, "latin1");
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** A Word .docx with one paragraph per line of `text`: the three parts Word needs, zipped. */
export async function minimalDocx(text: string, { padding = "" }: { padding?: string } = {}) {
  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const paragraphs = text.split("\n").map((line) => `<w:p><w:r><w:t xml:space="preserve">${escape(line)}</w:t></w:r></w:p>`);
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.join("")}</w:body>${padding}</w:document>`,
  );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** A zip whose entry `name` claims, in its local and central headers, to unpack to `size` bytes. */
export function withDeclaredSize(zip: Buffer, name: string, size: number) {
  const patched = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (let offset = 0; offset < patched.length - 46; offset++) {
    const signature = patched.readUInt32LE(offset);
    // Local file header: the size at 22, the name at 30. Central directory entry: the size at 24, the name at 46.
    if (signature === 0x04034b50 && patched.subarray(offset + 30, offset + 30 + nameBytes.length).equals(nameBytes)) patched.writeUInt32LE(size, offset + 22);
    if (signature === 0x02014b50 && patched.subarray(offset + 46, offset + 46 + nameBytes.length).equals(nameBytes)) patched.writeUInt32LE(size, offset + 24);
  }
  return patched;
}
