// The certificate of authenticity as a PDF: one A4 page drawn with pdf-lib's standard fonts (nothing to
// embed but the picture, a JPEG it copies without decoding), so it is made in milliseconds of CPU and
// weighs little more than its picture (budgets: under 50 ms of CPU, under 300 KB; npm run bench).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import { SITE } from "~/ui/site";
import { certificateRows, type Certificate } from "~/sales/certificate";
import { certificateNumberText } from "~/sales/certificate-number";

const A4 = { width: 595.28, height: 841.89 };
const INK = rgb(0.12, 0.11, 0.1);
const MUTED = rgb(0.36, 0.33, 0.3);
const RULE = rgb(0.55, 0.5, 0.44);
const PICTURE_BOX = { width: 340, height: 270 };
const TEXT_WIDTH = 420;

// Line heights (points) as drawn below, and the lowest the signature line may sit above the footer.
const TITLE_LINE = 22 * 1.25 + 4;
const ROW_LINE = 15;
const STATEMENT_LINE = 11.5 * 1.25 + 3;
const SIGNATURE_GAP = 46;
const SIGNATURE_MIN_Y = 100;
/** A picture smaller than this is left out rather than drawn as a stamp. */
const PICTURE_MIN_HEIGHT = 80;
const LABEL_X = 120;
const VALUE_X = 250;

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

/**
 * The certificate's PDF: heading, the work's picture (when there is one), its title, the lines of
 * app/sales/certificate.ts, the artist's statement and signature line, and where to verify it.
 */
export async function certificatePdf(
  certificate: Certificate,
  picture: Uint8Array | null,
  verifyUrl: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const number = certificateNumberText(certificate.number);
  pdf.setTitle(`Certificate of authenticity ${number}: ${certificate.title}`);
  pdf.setAuthor(SITE.artistName);
  pdf.setSubject(`${certificate.title}, ${SITE.artistName}`);
  pdf.setCreator(SITE.brand);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.TimesRoman),
    bold: await pdf.embedFont(StandardFonts.TimesRomanBold),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
  };
  const page = pdf.addPage([A4.width, A4.height]);

  page.drawRectangle({ x: 28, y: 28, width: A4.width - 56, height: A4.height - 56, borderColor: RULE, borderWidth: 1 });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: A4.width - 68,
    height: A4.height - 68,
    borderColor: RULE,
    borderWidth: 0.4,
  });

  let y = A4.height - 92;
  y = centred(page, fonts.bold, "CERTIFICATE OF AUTHENTICITY", 17, y, INK);
  y = centred(page, fonts.italic, SITE.artistName, 13, y - 8, MUTED) - 18;

  // Everything below the picture, measured first, so the picture takes only the room the words leave.
  const titleLines = wrap(fonts.italic, certificate.title, 22, TEXT_WIDTH);
  const rows = certificateRows(certificate).map(
    ([label, value]) => [label, wrap(fonts.regular, value, 11.5, A4.width - VALUE_X - 80)] as const,
  );
  const statement =
    certificate.print === null
      ? `I certify that the work described above is an original work by my hand, ${SITE.artistName}.`
      : `I certify that this print is an authentic print of my work, from the edition described above.`;
  const statementLines = wrap(fonts.italic, statement, 11.5, TEXT_WIDTH);
  const wordsHeight =
    titleLines.length * TITLE_LINE +
    18 +
    rows.reduce((sum, [, lines]) => sum + lines.length * ROW_LINE + 4, 0) +
    14 +
    statementLines.length * STATEMENT_LINE;

  const pictureRoom = Math.min(PICTURE_BOX.height, y - SIGNATURE_MIN_Y - SIGNATURE_GAP - wordsHeight - 30);
  if (picture && pictureRoom >= PICTURE_MIN_HEIGHT) {
    const image = await pdf.embedJpg(picture);
    const scale = Math.min(PICTURE_BOX.width / image.width, pictureRoom / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: (A4.width - width) / 2, y: y - height, width, height });
    y -= height + 30;
  }

  for (const line of titleLines) y = centred(page, fonts.italic, line, 22, y, INK) - 4;
  y -= 18;

  for (const [label, lines] of rows) {
    page.drawText(writable(fonts.bold, label), { x: LABEL_X, y, size: 10.5, font: fonts.bold, color: MUTED });
    for (const line of lines) {
      page.drawText(line, { x: VALUE_X, y, size: 11.5, font: fonts.regular, color: INK });
      y -= ROW_LINE;
    }
    y -= 4;
  }

  y -= 14;
  for (const line of statementLines) y = centred(page, fonts.italic, line, 11.5, y, INK) - 3;

  const signatureY = Math.max(Math.min(y - SIGNATURE_GAP, 150), SIGNATURE_MIN_Y);
  page.drawLine({ start: { x: 330, y: signatureY }, end: { x: 515, y: signatureY }, thickness: 0.6, color: INK });
  page.drawText("Signature", { x: 330, y: signatureY - 14, size: 9.5, font: fonts.regular, color: MUTED });
  page.drawLine({ start: { x: 80, y: signatureY }, end: { x: 265, y: signatureY }, thickness: 0.6, color: INK });
  page.drawText("Date", { x: 80, y: signatureY - 14, size: 9.5, font: fonts.regular, color: MUTED });

  centred(page, fonts.regular, `Certificate ${number}. Verify it at`, 9.5, 60, MUTED);
  centred(page, fonts.regular, verifyUrl, 9.5, 47, INK);

  return pdf.save();
}

/** Draws one line centred on the page at `y`; returns the baseline of the next line. */
function centred(page: PDFPage, font: PDFFont, text: string, size: number, y: number, color = INK): number {
  const line = writable(font, text);
  page.drawText(line, { x: (A4.width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
  return y - size * 1.25;
}

/** `text` in lines no wider than `width`, breaking at spaces (a single long word is cut where it must be). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of writable(font, text).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.flatMap((each) => cut(font, each, size, width));
}

function cut(font: PDFFont, line: string, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(line, size) <= width) return [line];
  let end = line.length;
  while (end > 1 && font.widthOfTextAtSize(line.slice(0, end), size) > width) end--;
  return [line.slice(0, end), ...cut(font, line.slice(end), size, width)];
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/**
 * The standard fonts write WinAnsi only (£, é, ×, curly quotes): any other character is written without
 * its accent when that is enough ("ł" stays a "?"), and line breaks become spaces.
 */
function writable(font: PDFFont, text: string): string {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  const has = (character: string) => set.has(character.codePointAt(0)!);
  return [...text.normalize("NFC").replace(/\s+/g, " ").trim()]
    .map((character) => {
      if (has(character)) return character;
      const bare = character.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return bare && [...bare].every(has) ? bare : "?";
    })
    .join("");
}
