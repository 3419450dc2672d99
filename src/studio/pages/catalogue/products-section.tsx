// The challenges and courses, each with its live prices; an owner edits a price (the button names the
// amount where a product has two) or archives the product.
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { EmptyState } from '../../components/states.tsx';
import { money } from '../../money.ts';
import { Section } from './section.tsx';

type AdminPlan = components['schemas']['AdminPlan'];
type AdminProduct = components['schemas']['AdminProduct'];

export function ProductsSection({
  products,
  owner,
  onEdit,
  onArchive,
}: {
  products: AdminProduct[];
  owner: boolean;
  onEdit: (price: AdminPlan) => void;
  onArchive: (id: string, name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const items = products.filter((product) => product.kind !== 'subscription');
  return (
    <Section title={t('studio.catalogue.products')}>
      {items.length === 0 ? (
        <EmptyState title={t('studio.catalogue.noProducts')} />
      ) : (
        <Stack gap="xs">
          {items.map((product) => {
            const name = product.names[lang as 'en'] ?? product.names.en;
            const live = product.prices.filter((price) => !price.archived);
            return (
              <Group key={product.id} justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={500}>
                    {name}{' '}
                    <Text span size="sm" c="dimmed">
                      ({t(`studio.catalogue.kinds.${product.kind}`)})
                    </Text>
                  </Text>
                  <Text size="sm">
                    {live.map((price) => money(price.amount, price.currency, lang)).join(' · ') || '—'}
                  </Text>
                </Stack>
                <Group gap={4}>
                  {product.archived ? <Badge color="gray.7">{t('studio.catalogue.archived')}</Badge> : null}
                  {owner && !product.archived
                    ? live.map((price) => {
                        // Two prices of one product need two names: the button says which amount it edits.
                        const amount = money(price.amount, price.currency, lang);
                        return (
                          <Button
                            key={price.id}
                            size="xs"
                            variant="default"
                            onClick={() => onEdit(price)}
                            aria-label={
                              live.length > 1
                                ? t('studio.catalogue.editPriceAmountOf', { name, amount })
                                : t('studio.catalogue.editPriceOf', {
                                    name,
                                  })
                            }
                          >
                            {live.length > 1
                              ? t('studio.catalogue.editPriceAmount', {
                                  amount,
                                })
                              : t('studio.catalogue.editPrice')}
                          </Button>
                        );
                      })
                    : null}
                  {owner && !product.archived ? (
                    <Button
                      size="xs"
                      variant="default"
                      color="red.9"
                      onClick={() => onArchive(product.id, name)}
                    >
                      {t('studio.catalogue.archive')}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
