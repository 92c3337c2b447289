/**
 * A tax document as a PDF (pdfkit, its built-in Helvetica: no font files to ship). Helvetica has
 * no rupee sign, so amounts are written in rupees with two decimals under an "INR" heading.
 */
import PDFDocument from 'pdfkit';
import { CREDIT_REASONS } from '../../domain/invoice/document.ts';
import { formatRate } from '../../domain/tax/rates.ts';
import type { TaxDocumentDoc } from '../../projections/invoices/documents.ts';

/** 123456 paise -> "1,234.56" (Indian grouping, as the rest of MIBI writes amounts). */
const rupees = (paise: number): string =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const pdfFileName = (doc: TaxDocumentDoc): string => `${doc.number.replaceAll('/', '-')}.pdf`;

/** The columns of the lines table: title, width, and the cell of a line. */
function columns(doc: TaxDocumentDoc) {
  const tax: Array<[string, number, (l: TaxDocumentDoc['lines'][number]) => string]> = doc.intraState
    ? [
        ['CGST', 55, (l) => rupees(l.cgstPaise)],
        ['SGST', 55, (l) => rupees(l.sgstPaise)],
      ]
    : [['IGST', 110, (l) => rupees(l.igstPaise)]];
  return [
    ['Description', 150, (l) => l.description] as const,
    ['HSN', 45, (l) => l.hsn] as const,
    ['Qty', 30, (l) => String(l.quantity)] as const,
    ['Taxable value', 70, (l) => rupees(l.taxablePaise)] as const,
    ['Rate', 35, (l) => formatRate(l.rateBps)] as const,
    ...tax,
    ['Total', 75, (l) => rupees(l.amountPaise)] as const,
  ] satisfies Array<readonly [string, number, (l: TaxDocumentDoc['lines'][number]) => string]>;
}

function write(pdf: PDFKit.PDFDocument, doc: TaxDocumentDoc): void {
  const title = doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
  pdf.font('Helvetica-Bold').fontSize(16).text(title);
  pdf.font('Helvetica').fontSize(9).moveDown(0.5);
  pdf.text(`${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${doc.number}`);
  pdf.text(`Date: ${doc.date}`);
  if (doc.kind === 'credit_note') {
    pdf.text(`Against invoice: ${doc.invoiceNumber}`);
    pdf.text(`Reason: ${CREDIT_REASONS[doc.reason]}`);
  }
  pdf.text(`Order: ${doc.sellerOrderId}`);
  pdf.moveDown();
  const { supplier, recipient, placeOfSupply } = doc;
  pdf.font('Helvetica-Bold').text('Supplier');
  pdf.font('Helvetica').text(supplier.legalName);
  if (supplier.tradeName) pdf.text(`Trading as ${supplier.tradeName}`);
  pdf.text(supplier.address);
  pdf.text(`GSTIN: ${supplier.gstin}`);
  pdf.text(`State: ${supplier.stateName} (${supplier.stateCode})`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Recipient');
  pdf.font('Helvetica').text(recipient.name);
  pdf.text(recipient.address);
  pdf.text(`Place of supply: ${placeOfSupply.name}${placeOfSupply.code ? ` (${placeOfSupply.code})` : ''}`);
  pdf.moveDown();

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
  // The totals row: a line of the totals, with no HSN, quantity or rate.
  const totals = {
    productId: '',
    description: 'Total',
    hsn: '',
    quantity: 0,
    unitPricePaise: 0,
    rateBps: 0,
    ...doc.totals,
  };
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
  pdf.text('Prices include GST. Issued by MIBI on behalf of the supplier (electronic commerce operator).');
}

/** The document as PDF bytes. */
export function taxDocumentPdf(doc: TaxDocumentDoc): Promise<Buffer> {
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
