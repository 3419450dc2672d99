// The member's invoices and billing details under /api/user (decisions 154 and 155). Every answer
// is the member's alone: no cache on the way may keep it.
import type { FastifyReply } from 'fastify';
import { type BillingDetailsRefusal, checkBillingDetails } from '../../domain/invoices/billing-details.ts';
import type { operations } from '../../openapi/schema.d.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import { badRequest, type HttpError, notFound } from '../errors.ts';
import { authOf, type Handlers } from '../http/contract.ts';
import { printedNumber, sitePdfUrl } from './invoice-links.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import {
  billingDetailsOf,
  type InvoiceRow,
  invoiceMember,
  invoiceTrainer,
  memberInvoice,
  memberInvoices,
  updateBillingDetails,
} from './invoices.repository.ts';
import { buyerOf, sellerOf } from './issue-invoices.ts';

type Invoice =
  operations['listInvoices']['responses']['200']['content']['application/json']['invoices'][number];

function refusal(reason: BillingDetailsRefusal): HttpError {
  switch (reason) {
    case 'companyTooLong':
      return badRequest('invoices.companyTooLong');
    case 'addressTooLong':
      return badRequest('invoices.addressTooLong');
    case 'addressTooManyLines':
      return badRequest('invoices.addressTooManyLines');
    case 'taxIdTooLong':
      return badRequest('invoices.taxIdTooLong');
    case 'taxIdCharacters':
      return badRequest('invoices.taxIdCharacters');
  }
}

const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/** A page's cursor: the last document's issue time and id, opaque to the client. */
const cursorOf = (row: InvoiceRow) =>
  Buffer.from(`${row.issuedAt.toISOString()}|${row.id}`).toString('base64url');

function parseCursor(cursor: string | undefined): { issuedAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const issuedAt = new Date(at ?? '');
  if (!id || Number.isNaN(issuedAt.getTime())) throw badRequest('invoices.badCursor');
  return { issuedAt, id };
}

export function invoiceHandlers(context: ServerContext): Handlers {
  const { db, config } = context;
  const content = contentServiceFor(config);
  const toInvoice = (row: InvoiceRow): Invoice => ({
    id: row.id,
    series: row.series,
    number: printedNumber(row),
    issuedAt: row.issuedAt.toISOString(),
    total: row.total,
    currency: row.currency,
    description: row.document.lines.find((line) => line.kind !== 'credit')?.description ?? '',
    chargeId: row.chargeId,
    pdfUrl: row.pdfUrl ?? sitePdfUrl(config.publicUrl, row),
    hostedUrl: row.hostedUrl,
  });

  return {
    getBillingDetails: async (request, reply) => {
      personal(reply);
      const member = await invoiceMember(db, authOf(request).user.id);
      if (!member) throw notFound('invoices.notFound');
      return { success: true, billingDetails: billingDetailsOf(member) };
    },

    updateBillingDetails: async (request, reply) => {
      personal(reply);
      const checked = checkBillingDetails(request.body);
      if (!checked.ok) throw refusal(checked.refusal);
      const { country } = request.body;
      const member = await updateBillingDetails(db, authOf(request).user.id, checked.details, country);
      return { success: true, billingDetails: billingDetailsOf(member) };
    },

    listInvoices: async (request, reply) => {
      personal(reply);
      const limit = Number(request.query.limit ?? 20);
      const after = parseCursor(request.query.after);
      // One more than the page, to know whether another follows.
      const rows = await memberInvoices(db, authOf(request).user.id, limit + 1, after);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        success: true,
        invoices: page.map(toInvoice),
        next: rows.length > limit && last ? cursorOf(last) : null,
      };
    },

    downloadInvoicePdf: async (request, reply) => {
      personal(reply);
      const user = authOf(request).user;
      // Another member's document is not said to exist.
      const row = await memberInvoice(db, user.id, request.params.invoiceID);
      if (!row) throw notFound('invoices.notFound');
      const trainer = await invoiceTrainer(db, row.trainerId);
      const member = await invoiceMember(db, row.userId);
      if (!trainer || !member) throw notFound('invoices.notFound');
      const settings = await content.settings(user.locale).catch(() => null);
      const number = printedNumber(row);
      const pdf = await renderInvoicePdf(
        row,
        {
          ...row.document,
          seller: row.document.seller ?? sellerOf(trainer),
          buyer: row.document.buyer ?? buyerOf(member),
        },
        user.locale,
        { name: settings?.siteName || trainer.name, colour: settings?.primaryColor?.hex ?? null },
        number,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .send(pdf);
    },
  };
}

export const invoicesArea: AreaPlugin = async (app, { context }) => {
  app.operations(invoiceHandlers(context));
};
