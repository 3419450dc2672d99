import '@mantine/core/styles/Progress.css';
// The member's library: what they hold and can open now, with how far they are and what is next (a
// challenge's day, a course's lesson), the membership's entries, and what they held and lost with the
// way to open it again. All of it as the server answered (decision 136).
import { Alert, Anchor, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemSummary, LibraryLockedItem } from '../../../domain/api-types.ts';
import { ContentImage } from '../../features/content/content-image.tsx';
import { useDocumentTitle } from '../../features/content/document-title.ts';
import classes from '../../features/library/library.module.css';
import { ENTRY_UNIT_KEY, isEntry, libraryQuery } from '../../features/library/library.queries.ts';
import { LibraryFrame, Loading } from '../../features/library/library-frame.tsx';
import { LockedGroup } from '../../features/library/locked-item.tsx';
import { nextText, progressText, utcDate } from '../../features/library/progress.ts';
import { Tag } from '../../features/library/tag.tsx';
import { DatesInUtc } from '../../features/profile/dates-in-utc.tsx';
import { messageText } from '../../text/messages.ts';

const itemPath = (item: Pick<LibraryItemSummary, 'kind' | 'slug'>) => `/library/${item.kind}/${item.slug}`;

/** Where "Start" or "Continue" leads: the next unit when it is open, else the item's page. */
function continuePath(item: LibraryItemSummary): string {
  const { next } = item.progress;
  return next && next.state === 'open' ? `${itemPath(item)}/${next.key}` : itemPath(item);
}

function Until({ until }: { until: string | null }) {
  const { t, i18n } = useTranslation();
  return until ? (
    <Text size="sm" c="dimmed">
      {t('library.until', { date: utcDate(until, i18n.language) })}
    </Text>
  ) : null;
}

function ProgramCard({ item }: { item: LibraryItemSummary }) {
  const { t, i18n } = useTranslation();
  const { done, total, next } = item.progress;
  const headingId = `library-${item.kind}-${item.slug}`;
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      {item.image ? (
        <div className={classes.picture}>
          <ContentImage image={item.image} alt="" width={640} height={160} />
        </div>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Tag>{t(`library.kind.${item.kind}`)}</Tag>
          <Until until={item.until} />
        </Group>
        <Title order={3} id={headingId}>
          <Anchor component={Link} to={itemPath(item)} inherit>
            {item.title}
          </Anchor>
        </Title>
        <Text fw={700}>{progressText(item.kind, item.progress, t)}</Text>
        <Progress
          value={total > 0 ? (done / total) * 100 : 0}
          aria-label={t('library.progress.label', { done, total })}
        />
        {next ? <Text size="sm">{nextText(next, t, i18n.language)}</Text> : null}
        <Group>
          <Button component={Link} to={continuePath(item)}>
            {t(done === 0 ? 'library.start' : next ? 'library.continue' : 'library.review')}
          </Button>
        </Group>
      </Stack>
    </article>
  );
}

function EntryCard({ item }: { item: LibraryItemSummary }) {
  const { t } = useTranslation();
  const headingId = `library-${item.kind}-${item.slug}`;
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Tag>{t(`library.kind.${item.kind}`)}</Tag>
          {item.progress.done > 0 ? <Tag tone="done">{t('library.entryDone')}</Tag> : null}
        </Group>
        <Title order={3} size="h4" id={headingId}>
          <Anchor component={Link} to={`${itemPath(item)}/${ENTRY_UNIT_KEY}`} inherit>
            {item.title}
          </Anchor>
        </Title>
        {item.summary ? <Text size="sm">{item.summary}</Text> : null}
        <Until until={item.until} />
      </Stack>
    </article>
  );
}

/** Whether the list says a date of the item: when it closes, or when its next day opens. */
const showsDate = (item: LibraryItemSummary) =>
  item.until !== null || item.progress.next?.state === 'opensOn';

/** The closed items by why they are closed and what opens them, in the server's order. */
function lockedGroups(locked: LibraryLockedItem[]) {
  const groups = new Map<
    string,
    { key: string; reason: LibraryLockedItem['reason']; items: LibraryLockedItem[] }
  >();
  for (const item of locked) {
    // The membership's offer has no slug: its entries share it.
    const opens = item.product
      ? `${item.product.kind}/${item.product.slug ?? ''}`
      : `${item.kind}/${item.slug}`;
    const key = `${item.reason}/${opens}`;
    const group = groups.get(key) ?? { key, reason: item.reason, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start" data-testid="library-empty">
      <Title order={2}>{t('library.empty.title')}</Title>
      <Text>{t('library.empty.body')}</Text>
      <Button component={Link} to="/" hash="pricing-heading" variant="light">
        {t('library.empty.action')}
      </Button>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Library() {
  const { t } = useTranslation();
  // Named here, where the library's texts are loaded.
  useDocumentTitle(t('library.title'));
  const { data, error, isPending, refetch } = useQuery(libraryQuery());
  if (isPending) return <Loading label={t('library.loading')} shape="library" />;
  if (error)
    return (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{t('library.failed', { message: messageText(error.message, t) })}</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {t('library.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const programs = data.items.filter((item) => !isEntry(item.kind));
  const entries = data.items.filter((item) => isEntry(item.kind));
  if (data.items.length === 0 && data.locked.length === 0) return <Empty />;
  const groups = lockedGroups(data.locked);
  // What the member lost, apart from what another plan of theirs would open.
  const closed = [
    { title: t('library.sections.locked'), groups: groups.filter((g) => g.reason !== 'planNotIncluded') },
    { title: t('library.sections.otherPlans'), groups: groups.filter((g) => g.reason === 'planNotIncluded') },
  ];
  return (
    <>
      {programs.length > 0 ? (
        <Section title={t('library.sections.programs')}>
          {programs.map((item) => (
            <ProgramCard key={itemPath(item)} item={item} />
          ))}
        </Section>
      ) : null}
      {entries.length > 0 ? (
        <Section title={t('library.sections.entries')}>
          {entries.map((item) => (
            <EntryCard key={itemPath(item)} item={item} />
          ))}
        </Section>
      ) : null}
      {closed.map(({ title, groups: shown }) =>
        shown.length > 0 ? (
          <Section key={title} title={title}>
            {shown.map((group) => (
              <LockedGroup key={group.key} items={group.items} />
            ))}
          </Section>
        ) : null,
      )}
      {data.items.some(showsDate) ? <DatesInUtc /> : null}
    </>
  );
}

/** Drawn inside the frame, once the library's texts are loaded: a heading made by the screen itself
 * would be its key, kept as it was when the frame's texts arrived. */
function LibraryTitle() {
  const { t } = useTranslation();
  return <Title order={1}>{t('library.title')}</Title>;
}

export function LibraryScreen() {
  return (
    <LibraryFrame shape="library">
      <LibraryTitle />
      <Library />
    </LibraryFrame>
  );
}
