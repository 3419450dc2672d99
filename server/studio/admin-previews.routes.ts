// The studio's refund and cancel previews offered to the operator too (decision 165): what the CLI
// asks about before a refund or a cancellation, and what its dry run says. Served beside the studio's
// own, under the admin API's gate (404 without ADMIN_TOKEN, HTTPS in production).
import { admitAdminRequest } from '../auth/admin-token.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { AreaPlugin } from '../context.ts';
import { libraryService } from '../library/library-service.ts';
import { acceptedLocale } from '../site/shell.ts';
import { previewCancel, previewRefund } from './studio-members.ts';

export const adminPreviewsArea: AreaPlugin = async (app, { context }) => {
  const { db } = context;
  const library = libraryService({ db, content: contentServiceFor(context.config) });
  app.addHook('onRequest', async (request) => admitAdminRequest(context.config, request.protocol));
  app.operations({
    adminPreviewRefund: async (request) => ({
      success: true,
      refund: await previewRefund(db, library, request.params.trainerID, request.params.chargeID),
    }),
    adminPreviewCancel: async (request) => ({
      success: true,
      cancel: await previewCancel(
        db,
        request.params.trainerID,
        request.params.subscriptionID,
        request.query.at,
        acceptedLocale(request.headers['accept-language']),
      ),
    }),
  });
};
