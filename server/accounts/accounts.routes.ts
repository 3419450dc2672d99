// Accounts: register, login, the user, profile updates, passwords, email verification and logout.
// Each call acts only on the caller's own user, and every write and the email it causes share one
// transaction: rules the services each handler calls keep (registration.ts, sign-in.ts, profile.ts…).
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/authenticate.ts';
import { DEVICE_COOKIE, deviceCookies } from '../auth/device-cookies.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import { tooManyRequests } from '../errors.ts';
import { authOf, type Handlers } from '../http/contract.ts';
import { sessionCookies } from '../http/session-cookie.ts';
import { resendVerification } from './email-verification.ts';
import { callerView, chargesPage, toUserView } from './member-view.ts';
import { changePassword } from './password-change.ts';
import { requestPasswordReset, resetPassword, sendLeftoverResetEmails } from './password-reset.ts';
import { updateProfile } from './profile.ts';
import { registrations } from './registration.ts';
import { newSessionEnd, signOut } from './sessions.ts';
import { signIn } from './sign-in.ts';

/** When the session an answer hands over ends: the caller's own, or the one an emailed link just opened. */
const sessionEnd = (auth: Auth) => (auth.kind === 'session' ? auth.expiresAt : newSessionEnd());

const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, we have sent it a link to reset the password';

export function accountHandlers(context: ServerContext, log: FastifyBaseLogger): Handlers {
  const { db } = context;
  const devices = deviceCookies(context.config);
  // Each answer that hands the browser a session token gives it the session's cookie too, so the
  // pages it opens are rendered for the member (decision 127).
  const cookies = sessionCookies(context.config);
  const register = registrations(context);
  // A server that stopped between answering a forgot-password call and sending its email left the
  // request behind: this one sends it.
  sendLeftoverResetEmails(context, log);

  return {
    register: async (request, reply) => {
      const created = await register(request.body, request.ip);
      const user = await toUserView(db, created.user, created.token);
      cookies.set(reply, created.token, newSessionEnd());
      return reply.code(201).send({ success: true, user, token: created.token });
    },

    login: async (request, reply) => {
      const client = { address: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] };
      const { token, userId } = await signIn(context, devices, request.body, client);
      reply.setCookie(DEVICE_COOKIE, devices.issue(userId), devices.options);
      cookies.set(reply, token, newSessionEnd());
      return { success: true, userToken: token };
    },

    getUser: async (request, reply) => {
      const auth = authOf(request);
      const user = await callerView(context, auth, String(request.headers.token));
      cookies.set(reply, user.token, sessionEnd(auth));
      return reply.code(200).send({ success: true, user });
    },

    getUserCharges: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true,
        ...(await chargesPage(context.db, authOf(request).user.id, request.query.cursor)),
      };
    },

    updateUser: async (request, reply) => {
      const caller = {
        auth: authOf(request),
        sessionToken: String(request.headers.token),
        address: request.ip,
      };
      const updated = await updateProfile(context, caller, request.params.userID, request.body);
      if (updated.token) {
        cookies.set(reply, updated.token, sessionEnd(caller.auth));
      }
      return reply.code(200).send({ success: true, user: await toUserView(db, updated.user, updated.token) });
    },

    changePassword: async (request) => {
      const caller = { auth: authOf(request), address: request.ip };
      await changePassword(context, caller, request.params.userID, request.body);
      return { success: true, message: 'Your password has been changed' };
    },

    forgotPassword: async (request) => {
      await requestPasswordReset(context, request.body, request.log);
      return { success: true, message: FORGOT_PASSWORD_ANSWER };
    },

    resetPassword: async (request) => {
      await resetPassword(context, request.body, request.ip);
      return { success: true, message: 'Your password has been reset. Please sign in with the new one.' };
    },

    resendVerification: async (request) => {
      const resent = await resendVerification(context, authOf(request));
      if (!resent.sent) {
        const seconds = resent.retryAfterSeconds;
        throw tooManyRequests('accounts.resendTooSoon', seconds, { seconds });
      }
      return { success: true, message: 'We have sent you a new verification email' };
    },

    logout: async (request, reply) => {
      await signOut(context, authOf(request));
      cookies.clear(reply);
      return { success: true, message: 'You are signed out' };
    },
  };
}

export const accountsArea: AreaPlugin = async (app, { context }) => {
  app.operations(accountHandlers(context, app.log));
};
