// The admin API's products and catalogue file (decision 121): HTTP only. admin.routes.ts mounts
// these handlers behind the same gate as the others (ADMIN_TOKEN, HTTPS, the token, the limits).
import type { ServerContext } from '../context.ts';
import { adminOf, type Handlers } from '../http/contract.ts';
import { exportCatalogue } from './catalogue-export.ts';
import { importCatalogue } from './catalogue-import.ts';
import { addProduct, addProductPrice, archiveProduct, listProducts, updateProduct } from './products.ts';

export function catalogueHandlers(context: ServerContext): Handlers {
  const { db } = context;
  return {
    adminListProducts: async (request) => ({
      success: true,
      products: await listProducts(db, request.params.trainerID),
    }),
    adminAddProduct: async (request, reply) => {
      const product = await addProduct(context, adminOf(request), request.params.trainerID, request.body);
      return reply.code(201).send({ success: true, product });
    },
    adminUpdateProduct: async (request) => {
      const { trainerID, productID } = request.params;
      const product = await updateProduct(context, adminOf(request), trainerID, productID, request.body);
      return { success: true, product };
    },
    adminArchiveProduct: async (request) => {
      const { trainerID, productID } = request.params;
      return {
        success: true,
        product: await archiveProduct(context, adminOf(request), trainerID, productID),
      };
    },
    adminAddProductPrice: async (request, reply) => {
      const { trainerID, productID } = request.params;
      const plan = await addProductPrice(context, adminOf(request), trainerID, productID, request.body);
      return reply.code(201).send({ success: true, plan });
    },
    adminExportCatalogue: async (request) => ({
      success: true,
      catalogue: await exportCatalogue(db, request.params.trainerID),
    }),
    adminImportCatalogue: async (request) => {
      const dryRun = request.body.dryRun ?? false;
      const { trainerID } = request.params;
      const changes = await importCatalogue(
        context,
        adminOf(request),
        trainerID,
        request.body.catalogue,
        dryRun,
      );
      return { success: true, dryRun, changes };
    },
  };
}
