// The operator's admin API (decision 117): HTTP only. Before anything else, even validation, the
// area answers 404 when the server has no ADMIN_TOKEN and refuses plain HTTP in production; the
// contract's `adminToken` scheme then checks the token (app.ts) and the rate limits count the call.

import { admitAdminRequest } from '../auth/admin-token.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import { adminOf, type Handlers } from '../http/contract.ts';
import { libraryService } from '../library/library-service.ts';
import { adminMetricsHandler } from '../metrics/metrics.routes.ts';
import { catalogueHandlers } from './catalogue.routes.ts';
import { addCoupon, archiveCoupon, listCoupons } from './coupons.ts';
import { grantAccess, revokeGrant } from './grants.ts';
import { cancelSubscription, refundCharge } from './member-payments.ts';
import { listMembers, showMember } from './members.ts';
import { addPlan, archivePlan, listPlans, updatePlan } from './plans.ts';
import { cancellationCounts, setRetention } from './retention.ts';
import { checkStripe, fixStripePortal } from './stripe-check.ts';
import { createTrainer, showTrainer, updateTrainer } from './trainers.ts';

export function adminHandlers(context: ServerContext): Handlers {
  const { db } = context;
  const library = libraryService({ db, content: contentServiceFor(context.config) });
  return {
    adminCreateTrainer: async (request, reply) => {
      const trainer = await createTrainer(db, adminOf(request), request.body);
      return reply.code(201).send({ success: true, trainer });
    },
    adminGetTrainer: async (request) => ({
      success: true,
      trainer: await showTrainer(db, request.params.trainerID),
    }),
    adminUpdateTrainer: async (request) => ({
      success: true,
      trainer: await updateTrainer(db, adminOf(request), request.params.trainerID, request.body),
    }),
    adminSetRetention: async (request) => ({
      success: true,
      retention: await setRetention(db, adminOf(request), request.params.trainerID, request.body),
    }),
    adminCancellationReasons: async (request) => ({
      success: true,
      counts: await cancellationCounts(db, request.params.trainerID, request.query.months ?? 12),
    }),
    adminListPlans: async (request) => ({
      success: true,
      plans: await listPlans(db, request.params.trainerID),
    }),
    adminAddPlan: async (request, reply) => {
      const plan = await addPlan(context, adminOf(request), request.params.trainerID, request.body);
      return reply.code(201).send({ success: true, plan });
    },
    adminUpdatePlan: async (request) => {
      const { trainerID, planID } = request.params;
      const { plan, replaced } = await updatePlan(context, adminOf(request), trainerID, planID, request.body);
      return { success: true, plan, ...(replaced && { replaced }) };
    },
    adminArchivePlan: async (request) => {
      const { trainerID, planID } = request.params;
      return { success: true, plan: await archivePlan(context, adminOf(request), trainerID, planID) };
    },
    adminListCoupons: async (request) => ({
      success: true,
      coupons: await listCoupons(db, request.params.trainerID),
    }),
    adminAddCoupon: async (request, reply) => {
      const coupon = await addCoupon(context, adminOf(request), request.params.trainerID, request.body);
      return reply.code(201).send({ success: true, coupon });
    },
    adminArchiveCoupon: async (request) => {
      const { trainerID, couponID } = request.params;
      return { success: true, coupon: await archiveCoupon(context, adminOf(request), trainerID, couponID) };
    },
    adminStripeCheck: async () => ({ success: true, ...(await checkStripe(context)) }),
    adminFixStripePortal: async () => ({ success: true, ...(await fixStripePortal(context)) }),
    ...catalogueHandlers(context),
    adminListMembers: async (request) => {
      const { q, status, plan, failing, cursor, limit } = request.query;
      const page = {
        q,
        status,
        plan,
        failing: failing === 'true',
        cursor,
        limit: limit ? Number(limit) : undefined,
      };
      return { success: true, ...(await listMembers(db, request.params.trainerID, page)) };
    },
    adminGetMember: async (request) => ({
      success: true,
      member: await showMember(db, library, request.params.trainerID, request.params.memberID),
    }),
    adminGrantAccess: async (request, reply) => {
      const { trainerID, memberID } = request.params;
      const grant = await grantAccess(context, adminOf(request), trainerID, memberID, request.body);
      return reply.code(201).send({ success: true, grant });
    },
    adminRevokeGrant: async (request) => {
      const { trainerID, memberID, grantID } = request.params;
      return {
        success: true,
        grant: await revokeGrant(context, adminOf(request), trainerID, memberID, grantID),
      };
    },
    adminRefundCharge: async (request) => {
      const { trainerID, chargeID } = request.params;
      const caller = adminOf(request);
      return { success: true, ...(await refundCharge(context, caller, trainerID, chargeID, request.body)) };
    },
    adminMetrics: adminMetricsHandler(context),
    adminCancelSubscription: async (request) => {
      const { trainerID, subscriptionID } = request.params;
      const body = request.body ?? {};
      const caller = adminOf(request);
      return {
        success: true,
        ...(await cancelSubscription(context, caller, trainerID, subscriptionID, body)),
      };
    },
  };
}

export const adminArea: AreaPlugin = async (app, { context }) => {
  app.addHook('onRequest', async (request) => admitAdminRequest(context.config, request.protocol));
  app.operations(adminHandlers(context));
};
