/**
 * A tax document as a PDF (pdfkit, its built-in Helvetica: no font files to ship). Helvetica has
 * no rupee sign, so amounts are written in rupees with two decimals under an "INR" heading.
 * Every kind of document (a seller's, MIBI's own) is printed by this one layout from what it
 * states (`Printable`, printable.ts maps each kind to it).
 */
import { z } from '@hono/zod-openapi';
import PDFDocument from 'pdfkit';
import type { Paise } from '../../domain/money.ts';
import { formatRate } from '../../domain/tax/rates.ts';
import type { TaxSplit } from '../../domain/tax/split.ts';

/** A line of the table: `code` is its HSN (goods) or SAC (services). */
export interface PrintedLine extends TaxSplit {
  description: string;
  code: string;
  quantity: number;
  rateBps: number;
  amountPaise: Paise;
}

/** What a document prints, in its order. */
export interface Printable {
  /** "Tax Invoice" or "Credit Note". */
  title: string;
  /** "Invoice number: KSG/2026-27/0001", then the date and any references (invoice, reason, order). */
  heading: string[];
  number: string;
  supplier: string[];
  recipient: string[];
  /** The code column's title: HSN or SAC. */
  codeTitle: 'HSN' | 'SAC';
  intraState: boolean;
  lines: PrintedLine[];
  totals: TaxSplit & { amountPaise: Paise };
  /** Closing lines: whose supply it is, whether prices include GST. */
  notes: string[];
}

/** 123456 paise -> "1,234.56" (Indian grouping, as the rest of MIBI writes amounts). */
const rupees = (paise: number): string =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The headers of a document's download: the file is named after its number, dashes for slashes. */
export const pdfHeaders = (number: string): Record<string, string> => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${number.replaceAll('/', '-')}.pdf"`,
  'cache-control': 'private, no-store',
});

/** The OpenAPI response of a document's PDF. */
export const pdfResponse = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
});

type Column = readonly [string, number, (l: PrintedLine) => string];

/** The columns of the lines table: title, width, and the cell of a line. */
function columns(doc: Printable): Column[] {
  const tax: Column[] = doc.intraState
    ? [
        ['CGST', 55, (l) => rupees(l.cgstPaise)],
        ['SGST', 55, (l) => rupees(l.sgstPaise)],
      ]
    : [['IGST', 110, (l) => rupees(l.igstPaise)]];
  return [
    ['Description', 150, (l) => l.description],
    [doc.codeTitle, 45, (l) => l.code],
    ['Qty', 30, (l) => String(l.quantity)],
    ['Taxable value', 70, (l) => rupees(l.taxablePaise)],
    ['Rate', 35, (l) => formatRate(l.rateBps)],
    ...tax,
    ['Total', 75, (l) => rupees(l.amountPaise)],
  ];
}

function write(pdf: PDFKit.PDFDocument, doc: Printable): void {
  pdf.font('Helvetica-Bold').fontSize(16).text(doc.title);
  pdf.font('Helvetica').fontSize(9).moveDown(0.5);
  for (const line of doc.heading) pdf.text(line);
  pdf.moveDown();
  for (const [title, lines] of [
    ['Supplier', doc.supplier],
    ['Recipient', doc.recipient],
  ] as const) {
    pdf.font('Helvetica-Bold').text(title);
    pdf.font('Helvetica');
    for (const line of lines) pdf.text(line);
    pdf.moveDown();
  }

  const cols = columns(doc);
  const left = pdf.page.margins.left;
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    let x = left;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    cells.forEach((cell, i) => {
      const width = cols[i]![1];
      pdf.text(cell, x, y, { width: width - 4, align: i >= 2 ? 'right' : 'left' });
      bottom = Math.max(bottom, pdf.y);
      x += width;
    });
    pdf.x = left;
    pdf.y = bottom + 3;
  };
  pdf.text('Amounts in INR', left);
  row(
    cols.map(([title]) => title),
    true,
  );
  for (const line of doc.lines) row(cols.map(([, , cell]) => cell(line)));
  // The totals row: a line of the totals, with no code, quantity or rate.
  const totals: PrintedLine = { description: 'Total', code: '', quantity: 0, rateBps: 0, ...doc.totals };
  row(
    cols.map(([title, , cell]) => (['Qty', 'Rate'].includes(title) ? '' : cell(totals))),
    true,
  );
  pdf.moveDown();
  pdf
    .font('Helvetica')
    .text(
      doc.intraState
        ? `Tax: CGST ${rupees(doc.totals.cgstPaise)} + SGST ${rupees(doc.totals.sgstPaise)}`
        : `Tax: IGST ${rupees(doc.totals.igstPaise)}`,
      left,
    );
  for (const line of doc.notes) pdf.text(line);
}

/** The document as PDF bytes. */
export function documentPdf(doc: Printable): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40, info: { Title: doc.number, Author: 'MIBI' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  write(pdf, doc);
  pdf.end();
  return done;
}
