// What the operator types for a coupon or a product: its id, or what they know it by, the code
// members type or the slug in its page's address. The admin API takes ids; these find the id in the
// trainer's own list, so `coupons archive demo-trainer SPRING20` archives the coupon `coupons add`
// made under that code.
import type { components } from '../openapi/schema.d.ts';
import { type AdminClient, Refused } from './admin-client.ts';
import { Usage } from './common.ts';

/** The coupon's id from its id or its code (any case), an active coupon first. */
export async function couponID(api: AdminClient, trainerID: string, given: string): Promise<string> {
  const { coupons } = await api.answer(
    api.client.GET('/api/admin/trainers/{trainerID}/coupons', {
      params: { path: { trainerID }, header: api.header },
    }),
  );
  if (coupons.some((c) => c.id === given)) return given;
  const byCode = coupons
    .filter((c) => c.code.toLowerCase() === given.toLowerCase())
    .sort((a, b) => Number(a.archived) - Number(b.archived));
  // Unknown either way: the server's own refusal names it.
  return byCode[0]?.id ?? given;
}

/** The product's id from its id or its slug; a slug two products share is refused, naming both. */
export async function productID(api: AdminClient, trainerID: string, given: string): Promise<string> {
  const { products } = await api.answer(
    api.client.GET('/api/admin/trainers/{trainerID}/products', {
      params: { path: { trainerID }, header: api.header },
    }),
  );
  if (products.some((p) => p.id === given)) return given;
  const bySlug = products.filter((p) => p.slug === given);
  if (bySlug.length > 1) {
    throw new Usage(
      `${given} is the slug of ${bySlug.map((p) => `${p.kind} ${p.id}`).join(' and ')}: give the product's id`,
    );
  }
  return bySlug[0]?.id ?? given;
}

/** The coupon itself, for a dry run to name; refused in the server's words when there is none. */
export async function couponOf(
  api: AdminClient,
  trainerID: string,
  given: string,
): Promise<components['schemas']['AdminCoupon']> {
  const id = await couponID(api, trainerID, given);
  const { coupons } = await api.answer(
    api.client.GET('/api/admin/trainers/{trainerID}/coupons', {
      params: { path: { trainerID }, header: api.header },
    }),
  );
  const coupon = coupons.find((c) => c.id === id);
  if (!coupon) throw new Refused(404, `Trainer ${trainerID} has no coupon ${given}`);
  return coupon;
}

/** The product itself, for a dry run to name; refused in the server's words when there is none. */
export async function productOf(
  api: AdminClient,
  trainerID: string,
  given: string,
): Promise<components['schemas']['AdminProduct']> {
  const id = await productID(api, trainerID, given);
  const { products } = await api.answer(
    api.client.GET('/api/admin/trainers/{trainerID}/products', {
      params: { path: { trainerID }, header: api.header },
    }),
  );
  const product = products.find((p) => p.id === id);
  if (!product) throw new Refused(404, `Trainer ${trainerID} has no product ${given}`);
  return product;
}
