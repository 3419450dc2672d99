// The catalogue (issue point 5): the membership's plans, the challenges and courses with their prices,
// and the coupons; an owner adds, edits and archives them (a coach reads them), and the plan cards are
// previewed as a visitor will see them, with the public pages' own card. Each part has its file in
// catalogue/; the editors are the studio's components.
import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../openapi/schema.d.ts';
import { ArchiveDialog } from '../components/archive-dialog.tsx';
import { PlanEditor } from '../components/plan-editor.tsx';
import { ErrorState, LoadingState, PageTitle } from '../components/states.tsx';
import { couponsQuery, plansQuery, productsQuery, studioKeys } from '../queries.ts';
import { useStaff } from '../use-staff.ts';
import { CouponsSection } from './catalogue/coupons-section.tsx';
import { PlanPreview } from './catalogue/plan-preview.tsx';
import { PlansSection } from './catalogue/plans-section.tsx';
import { ProductsSection } from './catalogue/products-section.tsx';

type AdminPlan = components['schemas']['AdminPlan'];

export function CataloguePage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const owner = staff.role === 'owner';
  const queryClient = useQueryClient();
  const plans = useQuery(plansQuery());
  const products = useQuery(productsQuery());
  const coupons = useQuery(couponsQuery());
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [archiving, setArchiving] = useState<{
    kind: 'product' | 'coupon';
    id: string;
    name: string;
  } | null>(null);
  const reread = useCallback(() => {
    for (const key of [studioKeys.plans, studioKeys.products, studioKeys.coupons])
      void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient]);
  const membershipIds = new Set(
    (products.data ?? []).filter((product) => product.kind === 'subscription').map((product) => product.id),
  );
  const membership = (plans.data ?? []).filter(
    (plan) => plan.type === 'recurring' && membershipIds.has(plan.productId),
  );
  const loading = plans.isPending || products.isPending;
  const failed = plans.error ?? products.error;

  return (
    <Stack>
      <PageTitle site={staff.trainerName}>{t('studio.catalogue.title')}</PageTitle>
      {!owner ? <Text size="sm">{t('studio.catalogue.readOnly')}</Text> : null}
      {loading ? <LoadingState label={t('studio.catalogue.loading')} /> : null}
      {failed ? <ErrorState message={t(failed.message)} onRetry={reread} /> : null}
      {!loading && !failed ? (
        <>
          <PlansSection membership={membership} owner={owner} onEdit={setEditing} />
          <PlanPreview membership={membership} />
          <ProductsSection
            products={products.data ?? []}
            owner={owner}
            onEdit={setEditing}
            onArchive={(id, name) => setArchiving({ kind: 'product', id, name })}
          />
          <CouponsSection
            owner={owner}
            coupons={coupons}
            onArchive={(id, name) => setArchiving({ kind: 'coupon', id, name })}
            onChange={reread}
          />
        </>
      ) : null}
      {editing ? (
        <PlanEditor
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            reread();
          }}
        />
      ) : null}
      {archiving ? (
        <ArchiveDialog
          {...archiving}
          onClose={() => setArchiving(null)}
          onDone={() => {
            setArchiving(null);
            reread();
          }}
        />
      ) : null}
    </Stack>
  );
}
