// The studio's operations under /api/studio (decisions 142, 143). Every one acts for the trainer of
// the signed-in staff member, never one named in the request: a resource of another trainer is not
// found (404), as if it did not exist. The contract's `studioSession` scheme signs the caller in
// (401 otherwise); STUDIO_RIGHTS below says which role each operation needs (403 otherwise); a call
// that changes anything must come from the site's own origin (403 otherwise), as a browser's fetch
// from another site would not.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { grantAccess, revokeGrant } from '../admin/grants.ts';
import { admitAdminRequest } from '../auth/admin-token.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import { type ApiKey, forbidden } from '../errors.ts';
import {
  adminOf,
  type Handlers,
  type OperationHandler,
  type OperationId,
  staffOf,
} from '../http/contract.ts';
import { clearStudioCookie, setStudioCookie } from '../http/studio-cookie.ts';
import { libraryService } from '../library/library-service.ts';
import { studioMetricsHandler } from '../metrics/metrics.routes.ts';
import { acceptedLocale } from '../site/shell.ts';
import { serverText } from '../text/server-text.ts';
import { relyingParty } from './passkeys.ts';
import {
  acceptInvite,
  changeStaffRole,
  invitePasskeyOptions,
  inviteStaff,
  listStaff,
  removeStaff,
  type SignedIn,
  showInvite,
  staffView,
} from './staff.ts';
import {
  addPasskey,
  addPasskeyOptions,
  endSession,
  listPasskeys,
  listSessions,
  removePasskey,
} from './staff-devices.ts';
import { passkeySignIn, passkeySignInOptions, requestSignInLink, verifySignInLink } from './staff-sign-in.ts';
import { studioCatalogueHandlers } from './studio-catalogue.routes.ts';
import {
  cancelAsAsked,
  listAudit,
  listMembers,
  previewCancel,
  previewRefund,
  refundAsConfirmed,
  showStudioMember,
} from './studio-members.ts';
import { STUDIO_RIGHTS, type StudioOperation } from './studio-rights.ts';

const LINK_SENT: ApiKey = 'studio.linkSent';
const SIGNED_OUT: ApiKey = 'studio.signedOut';
const SESSION_ENDED: ApiKey = 'studio.sessionEnded';
const PASSKEY_REMOVED: ApiKey = 'studio.passkeyRemoved';

const localeOf = (request: FastifyRequest) => acceptedLocale(request.headers['accept-language']);
const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'];

export function studioHandlers(context: ServerContext): Handlers {
  const figures = studioMetricsHandler(context);
  const { db, config } = context;
  const library = libraryService({ db, content: contentServiceFor(config) });
  const trainerOf = (request: FastifyRequest) => staffOf(request).caller.trainerId;
  const callerOf = (request: FastifyRequest) => staffOf(request).caller;
  const signedIn = async (reply: FastifyReply, { member, session }: SignedIn) => {
    setStudioCookie(config, reply, session);
    return { success: true as const, staff: await staffView(db, member) };
  };
  return {
    studioPasskeySignInOptions: async () => ({ success: true, options: await passkeySignInOptions(context) }),
    studioPasskeySignIn: async (request, reply) => {
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      return signedIn(reply, await passkeySignIn(context, response, userAgentOf(request)));
    },
    studioRequestSignInLink: async (request, reply) => {
      await requestSignInLink(context, request.body.email, request.body.trainerID);
      const t = serverText(localeOf(request), 'api');
      return reply.code(202).send({ success: true, message: t(LINK_SENT) });
    },
    studioVerifySignInLink: async (request, reply) =>
      signedIn(reply, await verifySignInLink(context, request.body.token, userAgentOf(request))),
    studioGetInvite: async (request) => ({
      success: true,
      invite: await showInvite(db, request.params.token),
    }),
    studioInvitePasskeyOptions: async (request) => ({
      success: true,
      options: await invitePasskeyOptions(context, request.params.token, request.body.name),
    }),
    studioAcceptInvite: async (request, reply) => {
      const { name, deviceName } = request.body;
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const member = await acceptInvite(
        context,
        request.params.token,
        { name, response, deviceName },
        userAgentOf(request),
      );
      return reply.code(201).send(await signedIn(reply, member));
    },
    studioMe: async (request) => {
      const { caller, trainerName } = staffOf(request);
      const { staffId: id, email, name, role, trainerId: trainerID } = caller;
      return { success: true, staff: { id, email, name, role, trainerID, trainerName } };
    },
    studioSignOut: async (request, reply) => {
      const auth = staffOf(request);
      await endSession(db, auth, auth.sessionId);
      clearStudioCookie(config, reply);
      return { success: true, message: serverText(localeOf(request), 'api')(SIGNED_OUT) };
    },
    studioListSessions: async (request) => ({
      success: true,
      sessions: await listSessions(db, staffOf(request)),
    }),
    studioRevokeSession: async (request, reply) => {
      const auth = staffOf(request);
      await endSession(db, auth, request.params.sessionID);
      if (request.params.sessionID === auth.sessionId) clearStudioCookie(config, reply);
      return { success: true, message: serverText(localeOf(request), 'api')(SESSION_ENDED) };
    },
    studioListPasskeys: async (request) => ({
      success: true,
      passkeys: await listPasskeys(db, staffOf(request)),
    }),
    studioAddPasskeyOptions: async (request) => ({
      success: true,
      options: await addPasskeyOptions(context, staffOf(request)),
    }),
    studioAddPasskey: async (request, reply) => {
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const passkey = await addPasskey(context, staffOf(request), {
        response,
        deviceName: request.body.deviceName,
      });
      return reply.code(201).send({ success: true, passkey });
    },
    studioRemovePasskey: async (request) => {
      await removePasskey(db, staffOf(request), request.params.passkeyID);
      return { success: true, message: serverText(localeOf(request), 'api')(PASSKEY_REMOVED) };
    },
    studioListStaff: async (request) => ({ success: true, ...(await listStaff(db, trainerOf(request))) }),
    studioInviteStaff: async (request, reply) => {
      const invite = await inviteStaff(context, callerOf(request), trainerOf(request), {
        ...request.body,
        locale: request.body.locale ?? localeOf(request),
      });
      return reply.code(201).send({ success: true, invite });
    },
    studioRemoveStaff: async (request) => ({
      success: true,
      staff: await removeStaff(db, callerOf(request), trainerOf(request), request.params.staffID),
    }),
    studioChangeStaffRole: async (request) => ({
      success: true,
      staff: await changeStaffRole(
        db,
        callerOf(request),
        trainerOf(request),
        request.params.staffID,
        request.body.role,
      ),
    }),
    studioListMembers: async (request) => {
      const { q, status, plan, failing, cursor, limit } = request.query;
      const query = {
        q,
        status,
        plan,
        failing: failing === 'true',
        cursor,
        limit: limit ? Number(limit) : undefined,
      };
      return { success: true, ...(await listMembers(db, trainerOf(request), query, localeOf(request))) };
    },
    studioGetMember: async (request) => ({
      success: true,
      member: await showStudioMember(
        db,
        library,
        trainerOf(request),
        request.params.memberID,
        localeOf(request),
      ),
    }),
    studioGrantAccess: async (request, reply) => {
      const grant = await grantAccess(
        context,
        callerOf(request),
        trainerOf(request),
        request.params.memberID,
        request.body,
      );
      return reply.code(201).send({ success: true, grant });
    },
    studioRevokeGrant: async (request) => {
      const { memberID, grantID } = request.params;
      return {
        success: true,
        grant: await revokeGrant(context, callerOf(request), trainerOf(request), memberID, grantID),
      };
    },
    studioPreviewRefund: async (request) => ({
      success: true,
      refund: await previewRefund(db, library, trainerOf(request), request.params.chargeID),
    }),
    studioRefundCharge: async (request) => ({
      success: true,
      ...(await refundAsConfirmed(
        context,
        library,
        callerOf(request),
        request.params.chargeID,
        request.body,
      )),
    }),
    studioPreviewCancel: async (request) => ({
      success: true,
      cancel: await previewCancel(
        db,
        trainerOf(request),
        request.params.subscriptionID,
        request.query.at,
        localeOf(request),
      ),
    }),
    studioCancelSubscription: async (request) => ({
      success: true,
      ...(await cancelAsAsked(context, callerOf(request), request.params.subscriptionID, request.body.at)),
    }),
    ...studioCatalogueHandlers(context),
    studioListAudit: async (request) => ({
      success: true,
      ...(await listAudit(db, trainerOf(request), request.query.cursor)),
    }),
    studioMetrics: (request) => figures(trainerOf(request), request),
  };
}

/** Each owner-only handler refuses any other role first, naming the role that may. */
function withRights(handlers: Handlers): Handlers {
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => {
      const right = STUDIO_RIGHTS[id as StudioOperation];
      if (right !== 'owner') return [id, handler];
      const checked: OperationHandler<OperationId> = async (request, reply) => {
        if (staffOf(request).caller.role !== 'owner') throw forbidden('studio.ownerOnly');
        return (handler as OperationHandler<OperationId>)(request, reply);
      };
      return [id, checked];
    }),
  ) as Handlers;
}

export const studioArea: AreaPlugin = async (app, { context }) => {
  const { origin } = relyingParty(context.config);
  // A change is made only from the site's own pages: the cookie is SameSite=Strict already, and a
  // request whose Origin is another site's, or absent, is refused before it is read.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.headers.origin !== origin) throw forbidden('studio.wrongOrigin');
  });
  app.operations(withRights(studioHandlers(context)));
};

/** The operator's staff operations: admin operations, admitted as the admin area admits its own. */
export const staffAdminArea: AreaPlugin = async (app, { context }) => {
  const { db } = context;
  app.addHook('onRequest', async (request) => admitAdminRequest(context.config, request.protocol));
  app.operations({
    adminListStaff: async (request) => ({
      success: true,
      ...(await listStaff(db, request.params.trainerID)),
    }),
    adminInviteStaff: async (request, reply) => {
      const invite = await inviteStaff(context, adminOf(request), request.params.trainerID, request.body);
      return reply.code(201).send({ success: true, invite });
    },
    adminRemoveStaff: async (request) => {
      const { trainerID, staffID } = request.params;
      return { success: true, staff: await removeStaff(db, adminOf(request), trainerID, staffID) };
    },
  });
};
