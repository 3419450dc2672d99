// The studio's catalogue operations (decision 143): plans, products and coupons through the admin
// API's own functions, with the staff member as the actor; a change asked with `dryRun=true` says
// what saving would do (a sold price archived and replaced) and changes nothing.
import type { FastifyRequest } from 'fastify';
import { addCoupon, archiveCoupon, listCoupons } from '../admin/coupons.ts';
import { addPlan, archivePlan, listPlans, previewPlanChange, updatePlan } from '../admin/plans.ts';
import {
  addProduct,
  archiveProduct,
  listProducts,
  previewProductChange,
  updateProduct,
} from '../admin/products.ts';
import type { ServerContext } from '../context.ts';
import type { ApiKey } from '../errors.ts';
import { type Handlers, staffOf } from '../http/contract.ts';
import { acceptedLocale } from '../site/shell.ts';
import { serverText } from '../text/server-text.ts';

const PREVIEW_NOTHING: ApiKey = 'studio.previewNothing';
const PREVIEW_REPLACES: ApiKey = 'studio.previewReplaces';
const PREVIEW_IN_PLACE: ApiKey = 'studio.previewInPlace';

/** The words of a dry run's answer, in the staff member's language. */
function previewText(request: FastifyRequest, replaces: boolean, changes: string[]): string {
  const t = serverText(acceptedLocale(request.headers['accept-language']), 'api');
  const fields = changes.join(', ');
  if (changes.length === 0) return t(PREVIEW_NOTHING);
  return replaces ? t(PREVIEW_REPLACES, { fields }) : t(PREVIEW_IN_PLACE, { fields });
}

export function studioCatalogueHandlers(context: ServerContext): Handlers {
  const { db } = context;
  const trainerOf = (request: FastifyRequest) => staffOf(request).caller.trainerId;
  const callerOf = (request: FastifyRequest) => staffOf(request).caller;
  return {
    studioListPlans: async (request) => ({ success: true, plans: await listPlans(db, trainerOf(request)) }),
    studioAddPlan: async (request, reply) => {
      const plan = await addPlan(context, callerOf(request), trainerOf(request), request.body);
      return reply.code(201).send({ success: true, plan });
    },
    studioUpdatePlan: async (request) => {
      const { planID } = request.params;
      if (request.query.dryRun === 'true') {
        const decided = await previewPlanChange(db, trainerOf(request), planID, request.body);
        const replaces = decided.kind === 'replace';
        const changes = Object.keys(decided.change);
        return {
          success: true,
          preview: { replaces, changes, summary: previewText(request, replaces, changes) },
        };
      }
      const { plan, replaced } = await updatePlan(
        context,
        callerOf(request),
        trainerOf(request),
        planID,
        request.body,
      );
      return { success: true, plan, ...(replaced && { replaced }) };
    },
    studioArchivePlan: async (request) => ({
      success: true,
      plan: await archivePlan(context, callerOf(request), trainerOf(request), request.params.planID),
    }),
    studioListProducts: async (request) => ({
      success: true,
      products: await listProducts(db, trainerOf(request)),
    }),
    studioAddProduct: async (request, reply) => {
      const product = await addProduct(context, callerOf(request), trainerOf(request), request.body);
      return reply.code(201).send({ success: true, product });
    },
    studioUpdateProduct: async (request) => {
      const { productID } = request.params;
      if (request.query.dryRun === 'true') {
        const changes = await previewProductChange(db, trainerOf(request), productID, request.body);
        return {
          success: true,
          preview: { replaces: false, changes, summary: previewText(request, false, changes) },
        };
      }
      return {
        success: true,
        product: await updateProduct(context, callerOf(request), trainerOf(request), productID, request.body),
      };
    },
    studioArchiveProduct: async (request) => ({
      success: true,
      product: await archiveProduct(context, callerOf(request), trainerOf(request), request.params.productID),
    }),
    studioListCoupons: async (request) => ({
      success: true,
      coupons: await listCoupons(db, trainerOf(request)),
    }),
    studioAddCoupon: async (request, reply) => {
      const coupon = await addCoupon(context, callerOf(request), trainerOf(request), request.body);
      return reply.code(201).send({ success: true, coupon });
    },
    studioArchiveCoupon: async (request) => ({
      success: true,
      coupon: await archiveCoupon(context, callerOf(request), trainerOf(request), request.params.couponID),
    }),
  };
}
