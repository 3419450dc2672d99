// The catalogue-edit chart with its effects: the studio's catalogue operations, the same rules and
// service functions as the admin API. The dry run's answer says whether a sold price would be
// replaced; the prices the words name are the one sold (the item as listed) and the one typed.
import { fromPromise } from 'xstate';
import { catalogueEditMachine } from '../../../machines/catalogue-edit/catalogue-edit.machine.ts';
import type {
  CatalogueCheck,
  CatalogueKind,
  Draft,
  PriceView,
} from '../../../machines/catalogue-edit/catalogue-edit.types.ts';
import { studioApi, studioCall } from '../api.ts';

type Call = { kind: CatalogueKind; id: string | null; draft: Draft };

/** The flow for one item; `sold` is its price as listed, which members who bought it keep. */
export function catalogueEditFlow(sold: PriceView | null) {
  const newPrice = (draft: Draft): PriceView | null =>
    typeof draft.amount === 'number' && sold
      ? {
          amount: draft.amount,
          currency: typeof draft.currency === 'string' ? draft.currency : sold.currency,
        }
      : null;
  return catalogueEditMachine.provide({
    actors: {
      checkChange: fromPromise(async ({ input }: { input: Call }): Promise<CatalogueCheck> => {
        const id = input.id ?? '';
        const answer =
          input.kind === 'plan'
            ? await studioCall(
                studioApi.PATCH('/api/studio/plans/{planID}', {
                  params: { path: { planID: id }, query: { dryRun: 'true' } },
                  body: input.draft as never,
                }),
              )
            : await studioCall(
                studioApi.PATCH('/api/studio/products/{productID}', {
                  params: { path: { productID: id }, query: { dryRun: 'true' } },
                  body: input.draft as never,
                }),
              );
        const replaces = answer.preview?.replaces === true;
        return {
          replacesSoldPrice: replaces,
          soldPrice: replaces ? sold : null,
          newPrice: replaces ? newPrice(input.draft) : null,
        };
      }),
      saveItem: fromPromise(async ({ input }: { input: Call }): Promise<unknown> => {
        const body = input.draft as never;
        if (input.kind === 'plan')
          return input.id
            ? studioCall(
                studioApi.PATCH('/api/studio/plans/{planID}', {
                  params: { path: { planID: input.id } },
                  body,
                }),
              )
            : studioCall(studioApi.POST('/api/studio/plans', { body }));
        if (input.kind === 'product')
          return input.id
            ? studioCall(
                studioApi.PATCH('/api/studio/products/{productID}', {
                  params: { path: { productID: input.id } },
                  body,
                }),
              )
            : studioCall(studioApi.POST('/api/studio/products', { body }));
        return studioCall(studioApi.POST('/api/studio/coupons', { body }));
      }),
      archiveItem: fromPromise(
        async ({ input }: { input: { kind: CatalogueKind; id: string } }): Promise<unknown> => {
          if (input.kind === 'plan')
            return studioCall(
              studioApi.POST('/api/studio/plans/{planID}/archive', {
                params: { path: { planID: input.id } },
              }),
            );
          if (input.kind === 'product')
            return studioCall(
              studioApi.POST('/api/studio/products/{productID}/archive', {
                params: { path: { productID: input.id } },
              }),
            );
          return studioCall(
            studioApi.POST('/api/studio/coupons/{couponID}/archive', {
              params: { path: { couponID: input.id } },
            }),
          );
        },
      ),
    },
  });
}
