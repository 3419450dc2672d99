import '@mantine/core/styles/Progress.css';
// A challenge's program or a course, as the member holds it: its days (or its lessons, by module),
// each done, open, opening on a date, or locked, how far the member is, the streak, and the way on.
// A library entry is one unit, so its address leads straight to it. Not held: what it is and the way
// to buy it, never its units (the server sends none).
import { Alert, Anchor, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LibraryItem, LibraryKind, LibraryUnitRef } from '../../../domain/api-types.ts';
import { LibraryRefusal } from '../../../machines/library-player/library-player.types.ts';
import { useDocumentTitle } from '../../features/content/document-title.ts';
import { libraryItemQuery } from '../../features/library/library.queries.ts';
import { LibraryFrame, Loading } from '../../features/library/library-frame.tsx';
import { LockedItem } from '../../features/library/locked-item.tsx';
import { progressText, unitLabel, utcDate } from '../../features/library/progress.ts';
import { Tag } from '../../features/library/tag.tsx';
import { DatesInUtc } from '../../features/profile/dates-in-utc.tsx';
import { messageText } from '../../text/messages.ts';

const STATE_TONES: Record<LibraryUnitRef['state'], 'done' | 'open' | undefined> = {
  done: 'done',
  open: 'open',
  opensOn: undefined,
  locked: undefined,
};

function stateText(unit: LibraryUnitRef, t: TFunction, language: string): string {
  return unit.state === 'opensOn' && unit.opensAt
    ? t('library.state.opensOn', { date: utcDate(unit.opensAt, language) })
    : t(`library.state.${unit.state}`);
}

function UnitRow({ item, unit }: { item: LibraryItem; unit: LibraryUnitRef }) {
  const { t, i18n } = useTranslation();
  const name = `${unitLabel(item.kind, unit.number, t)} · ${unit.title}`;
  const readable = unit.state === 'done' || unit.state === 'open';
  return (
    <List.Item data-testid={`unit-${unit.number}`} data-state={unit.state}>
      <Group gap="xs" wrap="wrap" justify="space-between">
        {readable ? (
          <Anchor component={Link} to={`/library/${item.kind}/${item.slug}/${unit.key}`}>
            {name}
          </Anchor>
        ) : (
          <Text c="dimmed">{name}</Text>
        )}
        <Tag tone={STATE_TONES[unit.state]}>{stateText(unit, t, i18n.language)}</Tag>
      </Group>
    </List.Item>
  );
}

function Units({ item }: { item: LibraryItem }) {
  const { t } = useTranslation();
  const list = (units: LibraryUnitRef[]) => (
    <List listStyleType="none" spacing="sm">
      {units.map((unit) => (
        <UnitRow key={unit.key} item={item} unit={unit} />
      ))}
    </List>
  );
  return (
    <Stack component="section" gap="sm">
      <Title order={2}>{t(item.kind === 'course' ? 'library.item.lessons' : 'library.item.days')}</Title>
      {item.modules.length > 0
        ? item.modules.map((module) => (
            <Stack key={module.key} gap="xs">
              <Title order={3} size="h4">
                {t('library.item.module', { number: module.number, title: module.title })}
              </Title>
              {list(item.units.filter((unit) => unit.module === module.key))}
            </Stack>
          ))
        : list(item.units)}
    </Stack>
  );
}

function Item({ item }: { item: LibraryItem }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(item.title);
  const { done, total, next } = item.progress;
  return (
    <>
      <Title order={1}>{item.title}</Title>
      {item.intro ? <Text>{item.intro}</Text> : null}
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Text fw={700}>{progressText(item.kind, item.progress, t)}</Text>
          {item.streak ? <Tag tone="streak">{t('library.item.streak', { count: item.streak })}</Tag> : null}
        </Group>
        <Progress
          value={total > 0 ? (done / total) * 100 : 0}
          aria-label={t('library.progress.label', { done, total })}
        />
        <Text size="sm" c="dimmed">
          {item.startedAt
            ? t('library.item.startedOn', { date: utcDate(item.startedAt, i18n.language) })
            : t('library.item.notStarted')}
        </Text>
        {item.until ? (
          <Text size="sm" c="dimmed">
            {t('library.until', { date: utcDate(item.until, i18n.language) })}
          </Text>
        ) : null}
      </Stack>
      {next && next.state === 'open' ? (
        <Group>
          <Button component={Link} to={`/library/${item.kind}/${item.slug}/${next.key}`}>
            {`${t(done === 0 ? 'library.start' : 'library.continue')}: ${unitLabel(item.kind, next.number, t)}`}
          </Button>
        </Group>
      ) : null}
      <Units item={item} />
      <DatesInUtc />
    </>
  );
}

function ItemPage({ kind, slug }: { kind: LibraryKind; slug: string }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useQuery(libraryItemQuery(kind, slug));
  if (isPending) return <Loading label={t('library.item.loading')} shape="item" />;
  if (data) return <Item item={data.item} />;
  const refusal = error instanceof LibraryRefusal ? error : null;
  if (refusal?.refusal && refusal.refusal.reason !== 'notYetOpen')
    return (
      <LockedItem kind={kind} reason={refusal.refusal.reason} product={refusal.refusal.product ?? null} />
    );
  if (refusal?.status === 404) return <NotFound />;
  return (
    <Alert color="red" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{t('library.unit.failed', { message: messageText(error?.message, t) })}</Text>
        <Button size="xs" variant="light" onClick={() => void refetch()}>
          {t('library.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** An address of the library that names nothing the member could hold. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>{t('library.title')}</Title>
      <Text role="status">{t('library.unit.notFound')}</Text>
    </Stack>
  );
}

/** The way back to the library, above every page of an item. */
export function BackToLibrary() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/library" activeOptions={{ exact: true }} size="sm">
      ← {t('library.item.back')}
    </Anchor>
  );
}

export function LibraryItemScreen({ kind, slug }: { kind: LibraryKind; slug: string }) {
  return (
    <LibraryFrame>
      <BackToLibrary />
      <ItemPage kind={kind} slug={slug} />
    </LibraryFrame>
  );
}
