import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents } from '../../lib/money';
import { postalAddressLine, siteSettings } from '../../lib/site-settings';
import { CYCLE_LABEL, type ItemType } from '../catalogue/catalogue';
import { chargeSummary, type SummaryLine } from './charge-summary';
import type { OrderCharge, PaymentRefund } from './orders';

const RECEIPT_ISSUER = {
  name: siteSettings.name,
  supportEmail: siteSettings.supportEmail,
  phone: siteSettings.phone,
  address: postalAddressLine(siteSettings.address),
} as const;

export type DocumentOrder = {
  orderNumber: string;
  status: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  charge: OrderCharge;
  refunds: PaymentRefund[];
  paymentReference: string;
  lines: SummaryLine[];
};

type DocumentItem = {
  name: string;
  type: ItemType;
  productId: string;
  onboardingUrl: string;
};

const PAGE = { width: 612, height: 792, margin: 56 } as const;
const INK = rgb(0.08, 0.1, 0.18);
const MUTED = rgb(0.29, 0.33, 0.44);
const BRAND = rgb(0.23, 0.18, 0.79);

/** Standard PDF fonts only encode WinAnsi; anything else (emoji, CJK) becomes "?" rather than failing. */
export function pdfSafe(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\x20-\x7E\xA0-\xFF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/gu, '?');
}

type Pen = { page: PDFPage; y: number; regular: PDFFont; bold: PDFFont };

function write(
  pen: Pen,
  text: string,
  options: { size?: number; bold?: boolean; color?: typeof INK; x?: number; gap?: number } = {},
) {
  const size = options.size ?? 11;
  pen.page.drawText(pdfSafe(text), {
    x: options.x ?? PAGE.margin,
    y: pen.y,
    size,
    font: options.bold ? pen.bold : pen.regular,
    color: options.color ?? INK,
  });
  pen.y -= options.gap ?? size + 7;
}

function paragraph(pen: Pen, text: string, size = 11) {
  const maxWidth = PAGE.width - PAGE.margin * 2;
  let line = '';
  for (const word of pdfSafe(text).split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (pen.regular.widthOfTextAtSize(candidate, size) > maxWidth && line) {
      write(pen, line, { size });
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) write(pen, line, { size });
  pen.y -= 4;
}

function rule(pen: Pen) {
  pen.page.drawLine({
    start: { x: PAGE.margin, y: pen.y + 6 },
    end: { x: PAGE.width - PAGE.margin, y: pen.y + 6 },
    thickness: 0.75,
    color: rgb(0.85, 0.86, 0.91),
  });
  pen.y -= 12;
}

/** An amount ending at the right margin, so a column of them lines up. */
function amount(pen: Pen, text: string, options: { bold?: boolean; gap?: number } = {}) {
  const size = 11;
  const font = options.bold ? pen.bold : pen.regular;
  const x = PAGE.width - PAGE.margin - font.widthOfTextAtSize(pdfSafe(text), size);
  write(pen, text, { ...options, size, x });
}

function receiptPage(doc: PDFDocument, fonts: Pick<Pen, 'regular' | 'bold'>, order: DocumentOrder) {
  const pen: Pen = {
    page: doc.addPage([PAGE.width, PAGE.height]),
    y: PAGE.height - PAGE.margin,
    ...fonts,
  };
  const { charge } = order;
  const money = (cents: number) => formatCents(cents, charge.currency);
  write(pen, RECEIPT_ISSUER.name, { size: 20, bold: true, color: BRAND, gap: 16 });
  write(pen, RECEIPT_ISSUER.address, { gap: 26 });
  write(pen, 'Receipt', { size: 16, bold: true, gap: 26 });
  write(pen, `Order number: ${order.orderNumber}`);
  if (charge.invoice?.number) write(pen, `Invoice number: ${charge.invoice.number}`);
  write(pen, `Date: ${order.createdAt.toISOString().slice(0, 10)}`);
  write(pen, `Status: ${order.status}`);
  write(pen, `Payment reference: ${order.paymentReference}`);
  write(pen, `Billed to: ${order.customerName} <${order.customerEmail}>`, { gap: 28 });

  write(pen, 'Item', { bold: true, gap: 0 });
  write(pen, 'Billing', { bold: true, x: 300, gap: 0 });
  write(pen, 'Qty', { bold: true, x: 390, gap: 0 });
  amount(pen, 'Amount', { bold: true });
  rule(pen);
  const rows = chargeSummary(charge, order.lines, order.refunds);
  order.lines.forEach((line, i) => {
    write(pen, line.name.slice(0, 44), { gap: 0 });
    write(pen, CYCLE_LABEL[line.billingCycle], { x: 300, gap: 0 });
    write(pen, String(line.quantity), { x: 390, gap: 0 });
    amount(pen, money(rows[i]!.cents));
  });
  rule(pen);
  for (const row of rows.slice(order.lines.length)) {
    const bold = row.kind === 'total' || row.kind === 'remaining';
    write(pen, row.label, { bold, gap: 0 });
    amount(
      pen,
      row.kind === 'total'
        ? `${money(row.cents)} ${charge.currency.toUpperCase()}`
        : money(row.cents),
      {
        bold,
      },
    );
  }
  pen.y -= 18;
  paragraph(
    pen,
    `Recurring items renew automatically at the same price each billing period until you cancel. Questions about this receipt: ${RECEIPT_ISSUER.supportEmail} or ${RECEIPT_ISSUER.phone}.`,
    10,
  );
}

const GUIDES: Record<ItemType | 'social', { title: string; steps: string[] }> = {
  website: {
    title: 'Getting started with your website',
    steps: [
      'Complete the three onboarding steps (business information, website requirements and design preferences). It takes about 15 minutes.',
      'Gather your logo, photos and any text you already have; upload the logo during onboarding.',
      'Within two business days we send you a design concept to review.',
      'We build, test and launch your site, then train you on making updates.',
    ],
  },
  agent: {
    title: 'Getting started with your AI agent',
    steps: [
      'Complete the three onboarding steps (business information, service requirements and integration setup).',
      'List the questions your customers ask most and the tools the agent should connect to (calendar, CRM, e-mail).',
      'We configure and train the agent on your business and send you a test link within three business days.',
      'Once you approve it, the agent goes live and you follow its results in your client dashboard.',
    ],
  },
  social: {
    title: 'Getting started with Social Media Empire',
    steps: [
      'Complete the three onboarding steps (business information, social media goals and content preferences).',
      'Connect your social accounts so videos can be published on all nine platforms.',
      'We prepare your content plan: 27 videos a day, three posts per platform per day.',
      'Publishing starts, and your dashboard shows the analytics as the system learns what works.',
    ],
  },
  package: {
    title: 'Getting started with your package',
    steps: [
      'Complete the three onboarding steps so we understand your business and goals.',
      'Our team reviews your answers and schedules a kickoff call within two business days.',
      'We deliver the package and keep you updated in your client dashboard.',
    ],
  },
};

function guidePage(
  doc: PDFDocument,
  fonts: Pick<Pen, 'regular' | 'bold'>,
  order: DocumentOrder,
  item: DocumentItem,
) {
  const pen: Pen = {
    page: doc.addPage([PAGE.width, PAGE.height]),
    y: PAGE.height - PAGE.margin,
    ...fonts,
  };
  const guide = item.productId === 'social-empire' ? GUIDES.social : GUIDES[item.type];
  write(pen, RECEIPT_ISSUER.name, { size: 14, bold: true, color: BRAND, gap: 24 });
  write(pen, guide.title, { size: 18, bold: true, gap: 24 });
  write(pen, `${item.name} - order ${order.orderNumber}`, { color: MUTED, gap: 26 });
  guide.steps.forEach((step, i) => {
    write(pen, `Step ${i + 1}`, { bold: true });
    paragraph(pen, step);
  });
  pen.y -= 8;
  write(pen, 'Start your onboarding here:', { bold: true });
  paragraph(pen, item.onboardingUrl);
  paragraph(
    pen,
    `Need help? E-mail ${RECEIPT_ISSUER.supportEmail} or call ${RECEIPT_ISSUER.phone}. We reply within 24 hours.`,
    10,
  );
}

export async function buildOrderItemPdf(
  order: DocumentOrder,
  item: DocumentItem,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`${item.name} - order ${order.orderNumber}`));
  doc.setAuthor(RECEIPT_ISSUER.name);
  doc.setCreationDate(order.createdAt);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  receiptPage(doc, fonts, order);
  guidePage(doc, fonts, order, item);
  return doc.save();
}

export async function buildReceiptPdf(order: DocumentOrder): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Receipt - order ${order.orderNumber}`));
  doc.setAuthor(RECEIPT_ISSUER.name);
  doc.setCreationDate(order.createdAt);
  receiptPage(
    doc,
    {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    },
    order,
  );
  return doc.save();
}
