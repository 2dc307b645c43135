/**
 * The gift certificate: one landscape A4 page to print and frame, in the embedded Noto Sans, with
 * a tree drawn in vector paths (nothing fetched) and a QR code to the gift's public page.
 */
import QRCode from 'qrcode';
import { translator, type Translator } from '../../lib/i18n';
import {
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREEN,
  PDF_GREY,
  pdfLang,
  printable,
  startPdf,
} from '../../lib/pdf';

type Words = Translator<'pdf'>;
const english = (): Words => translator(null, 'pdf');
const treesText = (trees: number, t: Words) =>
  translator(t.locale, 'mail-donations')('gift.trees', { count: trees });

export interface CertificateData {
  /** Who the trees are for (the donor's display name). */
  name: string;
  trees: number;
  /** The drive the gift went to; null for the general fund. */
  drive: {
    name: string;
    /** ISO start of the drive. */
    startsAt: string;
    /** IANA zone of its place, for its date. */
    timeZone: string;
    /** `Riverbank, Pune`, `India` — empty parts are left out. */
    place: string;
  } | null;
  /** Species' names, when known (the drive's plan, or the planted trees). */
  species: string[];
  /** ISO time of the payment: the date of the gift. */
  givenAt: string;
  /** Funded (not yet planted), or how many are in the ground and on which trees. */
  planting: { planted: number; treeIds: string[] };
  /** The public page of the gift the QR code opens. */
  giftUrl: string;
  receiptNumber: string | null;
  testMode: boolean;
  /** Trees given to someone (issue 19 §5): `name` is the recipient; the giver unless anonymous. */
  gift?: { givenBy: string | null };
  /** The reader's saved language (null or absent: English). */
  locale?: string | null;
}

const INK = '#1f2937';
const LEAF = ['#14532d', '#166534', '#15803d', '#16a34a', '#22c55e'] as const;
const BARK = '#713f12';
const PALE = '#f0fdf4';
const GRASS = '#bbf7d0';
/** Tree ids printed on the page; the gift page lists the rest. */
const TREE_IDS_SHOWN = 6;

/** "5 March 2026" in English as before issue 26; the reader's own form otherwise. */
const dayText = (iso: string, t: Words, timeZone = 'UTC') => {
  const day = { day: 'numeric', month: 'long', year: 'numeric', timeZone } as const;
  return t.locale === 'en' ? new Date(iso).toLocaleDateString('en-GB', day) : t.date(iso, day);
};

/** Planted, partly planted or funded, in words. */
export function plantingText(trees: number, planted: number, t: Words = english()): string {
  if (planted >= trees) return t('certificate.planted', { trees });
  if (planted > 0) return t('certificate.partlyPlanted', { planted, trees: treesText(trees, t) });
  return t('certificate.funded');
}

/** `Tree ids: a, b, and 4 more on the gift page` with the first `n` ids. */
function treeIdsText(treeIds: string[], n: number, t: Words): string {
  const more = treeIds.length - n;
  const words = { count: treeIds.length, ids: treeIds.slice(0, n).join(', '), more };
  return more > 0 ? t('certificate.treeIdsMore', words) : t('certificate.treeIds', words);
}

/** The largest size from `max` down to `min` at which `text` fits `width` on one line. */
function fittedSize(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  max: number,
  min: number,
  width: number,
): number {
  doc.font(font);
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 1;
  return size;
}

/** A young broad-leaved tree standing on a patch of grass, its trunk's foot at (x, groundY). */
function drawTree(doc: PDFKit.PDFDocument, x: number, groundY: number) {
  doc.save();
  doc
    .fillColor(GRASS)
    .ellipse(x, groundY + 2, 104, 14)
    .fill();
  doc
    .fillColor(LEAF[4])
    .fillOpacity(0.5)
    .ellipse(x - 30, groundY + 4, 46, 7)
    .fill();
  doc.fillOpacity(1);
  // The trunk flares at the root and narrows into the crown.
  doc
    .fillColor(BARK)
    .moveTo(x - 16, groundY + 4)
    .bezierCurveTo(x - 7, groundY - 30, x - 9, groundY - 90, x - 6, groundY - 150)
    .lineTo(x + 6, groundY - 150)
    .bezierCurveTo(x + 9, groundY - 90, x + 7, groundY - 30, x + 18, groundY + 4)
    .closePath()
    .fill();
  doc.strokeColor(BARK).lineCap('round');
  doc
    .lineWidth(7)
    .moveTo(x - 2, groundY - 88)
    .quadraticCurveTo(x - 26, groundY - 112, x - 52, groundY - 128)
    .stroke();
  doc
    .lineWidth(6)
    .moveTo(x + 2, groundY - 106)
    .quadraticCurveTo(x + 28, groundY - 128, x + 54, groundY - 142)
    .stroke();
  doc
    .lineWidth(4)
    .moveTo(x - 1, groundY - 138)
    .quadraticCurveTo(x - 14, groundY - 160, x - 20, groundY - 182)
    .stroke();
  // The crown: overlapping rounds of leaves, darker underneath, lighter where the sun falls.
  const crown: Array<[number, number, number, string]> = [
    [-62, -150, 42, LEAF[0]],
    [62, -160, 44, LEAF[0]],
    [-30, -130, 40, LEAF[1]],
    [34, -128, 38, LEAF[1]],
    [0, -182, 60, LEAF[2]],
    [-56, -196, 44, LEAF[2]],
    [56, -204, 44, LEAF[2]],
    [-22, -236, 44, LEAF[3]],
    [28, -240, 42, LEAF[3]],
    [2, -268, 34, LEAF[4]],
  ];
  for (const [dx, dy, r, color] of crown)
    doc
      .fillColor(color)
      .circle(x + dx, groundY + dy, r)
      .fill();
  // A few leaves catching the light.
  doc.fillColor('#86efac').fillOpacity(0.55);
  for (const [dx, dy, r] of [
    [-34, -246, 12],
    [14, -276, 10],
    [48, -214, 11],
    [-66, -206, 9],
  ] as const)
    doc.ellipse(x + dx, groundY + dy, r, r * 0.6).fill();
  doc.restore();
}

/** The certificate as a one-page PDF. */
export async function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  // The QR code is made before the page, so the page is written without awaiting (startPdf).
  const qr = await QRCode.toBuffer(data.giftUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 0,
    scale: 8,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
  const t = translator(data.locale, 'pdf');
  const givenAt = new Date(data.givenAt);
  const { doc, done } = startPdf(
    {
      Title: t('certificate.docTitle', {
        name: printable(data.name),
        trees: treesText(data.trees, t),
      }),
      Author: 'Canopy',
      Subject: t('certificate.subject'),
      CreationDate: givenAt,
    },
    { layout: 'landscape', margin: 0, lang: pdfLang(t.locale) },
  );
  const W = doc.page.width;
  const H = doc.page.height;

  // A pale ground and a double green frame.
  doc.rect(0, 0, W, H).fill(PALE);
  doc
    .lineWidth(3)
    .strokeColor(PDF_GREEN)
    .rect(24, 24, W - 48, H - 48)
    .stroke();
  doc
    .lineWidth(0.8)
    .strokeColor(LEAF[3])
    .rect(32, 32, W - 64, H - 64)
    .stroke();

  // Left: the tree, and the brand under it.
  const treeX = 176;
  drawTree(doc, treeX, 420);
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(26)
    .fillColor(PDF_GREEN)
    .text('Canopy', 64, 456, { width: 224, align: 'center', lineBreak: false });
  doc.font(PDF_FONT).fontSize(9.5).fillColor(PDF_GREY).text(t('brand.tagline'), 64, 490, {
    width: 224,
    align: 'center',
  });

  // Right: the words.
  const left = 320;
  const width = W - left - 64;
  let y = 64;
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(11)
    .fillColor(LEAF[2])
    .text(t('certificate.kicker'), left, y, { width, lineBreak: false, characterSpacing: 3.2 });
  y += 26;
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(32)
    .fillColor(INK)
    .text(t('certificate.title'), left, y, { width, lineBreak: false, structType: 'H1' });
  y += 52;
  doc
    .font(PDF_FONT)
    .fontSize(13)
    .fillColor(PDF_GREY)
    .text(t('certificate.certifies'), left, y, { width, lineBreak: false });
  y += 22;

  const name = printable(data.name.trim()) || t('certificate.friend');
  const nameSize = fittedSize(doc, name, PDF_FONT_BOLD, 30, 18, width);
  doc.font(PDF_FONT_BOLD).fontSize(nameSize).fillColor(PDF_GREEN);
  const nameHeight = Math.min(doc.heightOfString(name, { width }), doc.currentLineHeight(true) * 2);
  doc.text(name, left, y, { width, height: nameHeight, ellipsis: true });
  y += nameHeight + 8;
  doc
    .lineWidth(0.8)
    .strokeColor(LEAF[3])
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 12;

  const trees = treesText(data.trees, t);
  const gave = data.drive
    ? t(data.gift ? 'certificate.receivedDrive' : 'certificate.gaveDrive', {
        trees,
        drive: printable(data.drive.name),
      })
    : t(data.gift ? 'certificate.receivedFund' : 'certificate.gaveFund', { trees });
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(fittedSize(doc, gave, PDF_FONT_BOLD, 18, 12, width))
    .fillColor(INK);
  const gaveHeight = Math.min(doc.heightOfString(gave, { width }), doc.currentLineHeight(true) * 2);
  doc.text(gave, left, y, { width, height: gaveHeight, ellipsis: true });
  y += gaveHeight + 12;

  // Only what is known is printed: no empty "Place:" for the general fund.
  const rows: Array<[string, string]> = [];
  if (data.gift?.givenBy) rows.push([t('certificate.givenBy'), data.gift.givenBy]);
  if (data.drive?.place) rows.push([t('certificate.place'), data.drive.place]);
  if (data.drive)
    rows.push([
      t('certificate.plantingDay'),
      dayText(data.drive.startsAt, t, data.drive.timeZone || 'UTC'),
    ]);
  if (data.species.length) rows.push([t('certificate.species'), data.species.join(', ')]);
  rows.push([t('certificate.givenOn'), dayText(data.givenAt, t)]);
  // Wide enough for the longest label in the reader's language (92 pt holds the English ones).
  doc.font(PDF_FONT_BOLD).fontSize(11);
  const labelWidth = Math.max(92, ...rows.map(([label]) => doc.widthOfString(label) + 8));
  for (const [label, value] of rows) {
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(11)
      .fillColor(PDF_GREY)
      .text(label, left, y, { width: labelWidth, lineBreak: false });
    doc.font(PDF_FONT).fontSize(11).fillColor(INK);
    const text = printable(value);
    const valueWidth = width - labelWidth;
    const height = Math.min(doc.heightOfString(text, { width: valueWidth }), 30);
    doc.text(text, left + labelWidth, y, { width: valueWidth, height, ellipsis: true });
    y += Math.max(height, 15) + 5;
  }

  // The state of the gift, with the trees it stands in once planted; the QR code beside it.
  const qrSize = 96;
  const qrX = left + width - qrSize;
  const boxWidth = width - qrSize - 20;
  y = Math.max(y + 8, 360);
  const { planted, treeIds } = data.planting;
  const status = plantingText(data.trees, planted, t);
  const idsWidth = boxWidth - 24;
  doc.font(PDF_FONT_BOLD).fontSize(12);
  const statusHeight = doc.heightOfString(status, { width: idsWidth });
  // As many ids as three lines hold (at most TREE_IDS_SHOWN); the gift page lists them all.
  doc.font(PDF_FONT).fontSize(8.5);
  let ids = '';
  for (let n = Math.min(treeIds.length, TREE_IDS_SHOWN); n > 0; n--) {
    ids = treeIdsText(treeIds, n, t);
    if (doc.heightOfString(ids, { width: idsWidth }) <= doc.currentLineHeight(true) * 3.2) break;
  }
  const idsHeight = ids ? doc.heightOfString(ids, { width: idsWidth }) : 0;
  const boxHeight = 20 + statusHeight + (ids ? idsHeight + 6 : 0);
  doc.roundedRect(left, y, boxWidth, boxHeight, 8).fill('#dcfce7');
  doc.rect(left, y, 5, boxHeight).fill(planted > 0 ? PDF_GREEN : LEAF[4]);
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(12)
    .fillColor(PDF_GREEN)
    .text(status, left + 16, y + 10, { width: idsWidth });
  if (ids)
    doc
      .font(PDF_FONT)
      .fontSize(8.5)
      .fillColor(INK)
      .text(ids, left + 16, y + 10 + statusHeight + 6, { width: idsWidth });

  const qrY = H - 64 - qrSize - 26;
  doc.rect(qrX - 6, qrY - 6, qrSize + 12, qrSize + 12).fill('#ffffff');
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  doc
    .font(PDF_FONT)
    .fontSize(8)
    .fillColor(PDF_GREY)
    .text(t('certificate.follow'), qrX - 30, qrY + qrSize + 10, {
      width: qrSize + 60,
      align: 'center',
      lineBreak: false,
    });

  // The foot: where the gift lives online, the receipt it belongs to.
  const footWidth = qrX - 24 - left;
  const address = printable(data.giftUrl.replace(/^https?:\/\//, ''));
  doc
    .font(PDF_FONT)
    .fontSize(8.5)
    .fillColor(PDF_GREY)
    .text(t('certificate.followOnline'), left, H - 118, { width: footWidth, lineBreak: false });
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(fittedSize(doc, address, PDF_FONT_BOLD, 8.5, 5, footWidth))
    .fillColor(PDF_GREEN)
    .text(address, left, H - 105, { width: footWidth, lineBreak: false });
  if (data.receiptNumber)
    doc
      .font(PDF_FONT)
      .fontSize(8.5)
      .fillColor(PDF_GREY)
      .text(t('certificate.receipt', { number: data.receiptNumber }), left, H - 90, {
        width: footWidth,
        lineBreak: false,
      });
  if (data.testMode)
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(9)
      .fillColor('#b91c1c')
      .text(t('testMode'), left, H - 74, {
        width: footWidth,
        lineBreak: false,
      });
  doc.end();
  return done;
}
