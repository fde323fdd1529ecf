import PDFDocument from "pdfkit";
import { PROJECT, type TestApp } from "../../test/app.ts";

// What the library's and the study assistant's tests share: documents to upload and the upload itself.

/** Sentences that only premium readers may see (paediatrics-obstetrics and hazardous-materials are premium). */
export const PREMIUM_TEXT = [
  "recorded at 1 and 5 minutes after birth",
  "boiling liquid expanding vapour explosion",
  "Each of five signs scores 0, 1 or 2",
];

export const makePdf = (pages: string[]) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    pages.forEach((text, i) => {
      if (i) doc.addPage();
      doc.text(text);
    });
    doc.end();
  });

export function multipart(parts: { name: string; value: string | Buffer; fileName?: string; type?: string }[]) {
  const boundary = `----library${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.fileName ? `; filename="${p.fileName}"` : ""}\r\n${
          p.fileName ? `Content-Type: ${p.type ?? "application/octet-stream"}\r\n` : ""
        }\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart POST as the web app sends a file, signed in with `token`. */
export const uploader = (t: TestApp) => (url: string, token: string, parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: "POST", url, payload, headers: { ...headers, "x-project": PROJECT, authorization: `Bearer ${token}` } });
};
