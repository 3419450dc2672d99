// What a member sees of an item they do not hold, or no longer hold: what it is, why it is closed
// (the access rule's reason, decision 136), and the way to open it: the product to buy, the payment to
// put right, the plan to change. Never its content: the server sends none with a refusal.
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LockReason } from '../../../domain/access/access.ts';
import type { LibraryKind, LibraryOffer } from '../../../domain/api-types.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { isEntry } from './library.queries.ts';

/** Where the way to open it leads: a reason the member can mend in their subscription, else what to buy. */
function wayToOpen(reason: LockReason, product: LibraryOffer | null) {
  if (reason === 'overdue') return { to: '/profile/subscription', label: 'payment' } as const;
  if (reason === 'planNotIncluded') return { to: '/profile/subscription', label: 'plan' } as const;
  if (!product) return null;
  if (product.kind === 'membership' || !product.slug)
    return { to: '/', hash: 'pricing-heading', label: 'membership' } as const;
  return { to: `/${product.kind}/${product.slug}`, label: product.kind } as const;
}

export function LockedItem({
  kind,
  title,
  reason,
  product,
  headingOrder = 1,
}: {
  kind: LibraryKind;
  /** The item's name when known (the library lists it); else the product's, or its kind. */
  title?: string;
  reason: LockReason;
  product: LibraryOffer | null;
  headingOrder?: 1 | 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const locale = billingLocale(i18n.language);
  const name = title ?? (isEntry(kind) ? null : product?.name);
  const heading = name
    ? t('library.locked.title', { title: name })
    : t('library.locked.entry', { kind: t(`library.kind.${kind}`).toLocaleLowerCase(i18n.language) });
  const way = wayToOpen(reason, product);
  const [price] = product?.plans ?? [];
  return (
    <Stack gap="sm" align="flex-start" data-testid="locked-item">
      <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h4'}>
        {heading}
      </Title>
      <Text>{t(`library.locked.reason.${reason}`)}</Text>
      {product && price && product.kind !== 'membership' && product.plans.length === 1 ? (
        <Text fw={700}>
          {t('library.locked.price', {
            name: product.name,
            price: formatMoney(price.amount, price.currency, locale),
          })}
        </Text>
      ) : null}
      {way ? (
        <Button component={Link} to={way.to} {...('hash' in way ? { hash: way.hash } : {})}>
          {t(`library.locked.buy.${way.label}`)}
        </Button>
      ) : (
        <Text>{t('library.locked.nothingOnSale')}</Text>
      )}
    </Stack>
  );
}
