// The confirmation page's way straight to what was bought: a challenge's day 1 (or the day the member
// is on, if they began), a course's first lesson, the membership's library. The item's next unit
// comes from the server; until it answers, the link leads to the item's page. Loaded with the
// library's texts once the purchase shows, so the confirmation page's own code stays as it was.
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { libraryTexts, useLazyTexts } from '../lazy-texts/lazy-texts.ts';
import { productForSlug, productsQuery } from '../products/products.queries.ts';
import { libraryItemQuery } from './library.queries.ts';

export function StartLink({ type, slug }: { type: 'subscription' | 'challenge' | 'course'; slug?: string }) {
  const { t } = useTranslation();
  const ready = useLazyTexts(libraryTexts);
  const { data: products } = useQuery(productsQuery());
  const kind = type === 'subscription' ? null : type;
  const product = kind
    ? productForSlug(products?.[kind === 'challenge' ? 'challenges' : 'courses'], slug)
    : undefined;
  const item = useQuery({
    ...libraryItemQuery(kind ?? 'challenge', product?.slug ?? ''),
    enabled: kind !== null && product !== undefined,
  });
  if (!ready || (kind && !product)) return null;
  const itemPath = kind && product ? `/library/${kind}/${product.slug}` : '/library';
  const next = item.data?.item.progress.next;
  const label = kind === 'challenge' ? 'startDay1' : kind === 'course' ? 'startCourse' : 'openLibrary';
  return (
    <Stack gap="xs" align="center">
      <Text>{t(`library.confirmation.ready.${type}`)}</Text>
      <Button component={Link} to={next?.state === 'open' ? `${itemPath}/${next.key}` : itemPath} size="md">
        {t(`library.confirmation.${label}`)}
      </Button>
    </Stack>
  );
}
