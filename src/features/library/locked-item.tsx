// What a member sees of an item they do not hold, or no longer hold: what it is, why it is closed
// (the access rule's reason, decision 136), and the way to open it: the product to buy, the payment to
// put right, the plan to change. Never its content: the server sends none with a refusal.
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LockReason } from '../../../domain/access/access.ts';
import type { LibraryKind, LibraryLockedItem, LibraryOffer } from '../../../domain/api-types.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { isEntry } from './library.queries.ts';

/** Where the way to open it leads: a reason the member can mend in their subscription, else what to buy. */
function wayToOpen(reason: LockReason, product: LibraryOffer | null) {
  if (reason === 'paused') return { to: '/profile/subscription', label: 'resume' } as const;
  if (reason === 'overdue') return { to: '/profile/subscription', label: 'payment' } as const;
  if (reason === 'planNotIncluded') return { to: '/profile/subscription', label: 'plan' } as const;
  if (!product) return null;
  if (product.kind === 'membership' || !product.slug)
    return { to: '/', hash: 'pricing-heading', label: 'membership' } as const;
  return { to: `/${product.kind}/${product.slug}`, label: product.kind } as const;
}

/** The product's price, when it has one to buy (a challenge's or a course's single price). */
function Price({ product }: { product: LibraryOffer | null }) {
  const { t, i18n } = useTranslation();
  const [price] = product?.plans ?? [];
  if (!product || !price || product.kind === 'membership' || product.plans.length !== 1) return null;
  const amount = formatMoney(price.amount, price.currency, billingLocale(i18n.language));
  return <Text fw={700}>{t('library.locked.price', { name: product.name, price: amount })}</Text>;
}

function WayToOpen({ reason, product }: { reason: LockReason; product: LibraryOffer | null }) {
  const { t } = useTranslation();
  const way = wayToOpen(reason, product);
  if (!way) return <Text>{t('library.locked.nothingOnSale')}</Text>;
  return (
    <Button component={Link} to={way.to} {...('hash' in way ? { hash: way.hash } : {})}>
      {t(`library.locked.buy.${way.label}`)}
    </Button>
  );
}

/** A page the member may not open (an item's or a unit's): what it is, why, and the way to open it. */
export function LockedItem({
  kind,
  reason,
  product,
}: {
  kind: LibraryKind;
  reason: LockReason;
  product: LibraryOffer | null;
}) {
  const { t, i18n } = useTranslation();
  // A challenge or a course is its product; a library entry is named by its kind.
  const heading =
    !isEntry(kind) && product
      ? t('library.locked.title', { title: product.name })
      : t('library.locked.entry', { kind: t(`library.kind.${kind}`).toLocaleLowerCase(i18n.language) });
  return (
    <Stack gap="sm" align="flex-start" data-testid="locked-item">
      <Title order={1} size="h2">
        {heading}
      </Title>
      <Text>{t(`library.locked.reason.${reason}`, { count: 1 })}</Text>
      <Price product={product} />
      <WayToOpen reason={reason} product={product} />
    </Stack>
  );
}

/**
 * Items of the library's list closed for one reason and opened by one product (a refunded challenge;
 * the membership's entries once it ended, or those another plan includes): named once, with the way
 * to open them once.
 */
export function LockedGroup({ items }: { items: LibraryLockedItem[] }) {
  const { t } = useTranslation();
  const [first] = items;
  if (!first) return null;
  const { reason, product } = first;
  return (
    <Stack gap="xs" align="flex-start" data-testid="locked-item">
      <Title order={3} size="h4">
        {items.length === 1 ? first.title : (product?.name ?? first.title)}
      </Title>
      <Text>{t(`library.locked.reason.${reason}`, { count: items.length })}</Text>
      {items.length > 1 ? (
        <List size="sm">
          {items.map((item) => (
            <List.Item key={`${item.kind}/${item.slug}`}>{item.title}</List.Item>
          ))}
        </List>
      ) : null}
      <Price product={product} />
      <WayToOpen reason={reason} product={product} />
    </Stack>
  );
}
