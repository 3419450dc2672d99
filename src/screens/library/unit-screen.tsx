// A day of a challenge, a lesson of a course or a library entry: its content with "Mark as done" (or
// Undo) and the way to the next, or, when the server refuses it, the date it opens, why it is closed
// and the way to buy it. Where the page stands is the library player's chart (machines/library-player:
// the page reads its tags and asks it what may be pressed); the content is the server's answer, which
// the player's read left in the unit's query.
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryKind } from '../../../domain/api-types.ts';
import type { libraryPlayerMachine } from '../../../machines/library-player/library-player.machine.ts';
import { useDocumentTitle } from '../../features/content/document-title.ts';
import { isEntry, libraryUnitQuery } from '../../features/library/library.queries.ts';
import { LibraryFrame, Loading } from '../../features/library/library-frame.tsx';
import { LockedItem } from '../../features/library/locked-item.tsx';
import { unitLabel, utcDate } from '../../features/library/progress.ts';
import { Tag } from '../../features/library/tag.tsx';
import { DatesInUtc } from '../../features/profile/dates-in-utc.tsx';
import { flowInspector } from '../../lib/inspection.ts';
import { messageText } from '../../text/messages.ts';
import { BackToLibrary, NotFound } from './item-screen.tsx';
import { UnitContent } from './unit-content.tsx';

/** The player with the app's effects, made for the page's query cache (src/flows/library-player.ts). */
export type PlayerFactory = (queryClient: QueryClient) => typeof libraryPlayerMachine;

export interface UnitAddress {
  kind: LibraryKind;
  slug: string;
  unitKey: string;
}

function usePlayer(address: UnitAddress, player: PlayerFactory) {
  const queryClient = useQueryClient();
  // One player for the page's life; another unit is another page (the screen is keyed by its address).
  const [logic] = useState(() => player(queryClient));
  return useMachine(logic, { input: address, inspect: flowInspector() });
}

function Unit({ address, player }: { address: UnitAddress; player: PlayerFactory }) {
  const { t, i18n } = useTranslation();
  const [state, send] = usePlayer(address, player);
  // The answer the player's read left; never fetched from here.
  const { data } = useQuery({
    ...libraryUnitQuery(address.kind, address.slug, address.unitKey),
    enabled: false,
  });
  useDocumentTitle(data?.unit.title ?? null, data !== undefined);
  const { kind, slug } = address;
  const itemPath = `/library/${kind}/${slug}`;
  const back = isEntry(kind) ? (
    <BackToLibrary />
  ) : (
    <Anchor component={Link} to={itemPath} activeOptions={{ exact: true }} size="sm">
      ← {data ? t('library.unit.back', { title: data.item.title }) : t(`library.unit.backTo.${kind}`)}
    </Anchor>
  );

  if (state.hasTag('view:unit') && data) {
    const { unit, next, previous } = data;
    const done = state.hasTag('unit:done');
    const busy = state.hasTag('loading');
    const press = done ? ({ type: 'unit.markNotDone' } as const) : ({ type: 'unit.markDone' } as const);
    const showsDate = (done && unit.doneAt !== null) || next?.state === 'opensOn';
    return (
      <>
        {back}
        <Stack gap={4}>
          {isEntry(kind) ? (
            <div>
              <Tag>{t(`library.kind.${kind}`)}</Tag>
            </div>
          ) : (
            <Text size="sm" c="dimmed" fw={700}>
              {unit.module
                ? `${t('library.item.module', { number: unit.module.number, title: unit.module.title })} · ${unitLabel(kind, unit.number, t)}`
                : unitLabel(kind, unit.number, t)}
            </Text>
          )}
          <Title order={1}>{unit.title}</Title>
        </Stack>
        <UnitContent unit={unit} />
        {state.context.error ? (
          <Alert color="red" role="alert">
            {t('library.unit.markFailed', { message: messageText(state.context.error, t) })}
          </Alert>
        ) : null}
        <Stack gap="xs" align="flex-start">
          {/* One button that changes its words, so the focus stays on it and the status says what changed. */}
          <Button
            variant={done ? 'light' : 'filled'}
            data-disabled={busy || undefined}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (state.can(press)) send(press);
            }}
            data-testid="mark-done"
          >
            {busy ? t('library.unit.marking') : t(done ? 'library.unit.undo' : 'library.unit.markDone')}
          </Button>
          <Text role="status" size="sm">
            {done && unit.doneAt && !busy
              ? t('library.unit.doneOn', { date: utcDate(unit.doneAt, i18n.language) })
              : ''}
          </Text>
        </Stack>
        {isEntry(kind) ? null : (
          <Group justify="space-between" wrap="wrap" gap="sm">
            {previous ? (
              <Anchor component={Link} to={`${itemPath}/${previous.key}`}>
                {t('library.unit.previous', { label: unitLabel(kind, previous.number, t) })}
              </Anchor>
            ) : (
              <span />
            )}
            {next === null ? (
              <Text>{t('library.unit.lastOne')}</Text>
            ) : next.state === 'open' || next.state === 'done' ? (
              <Button component={Link} to={`${itemPath}/${next.key}`} variant={done ? 'filled' : 'default'}>
                {t('library.unit.next', { label: unitLabel(kind, next.number, t) })}
              </Button>
            ) : (
              <Text data-testid="next-opens-on">
                {next.opensAt
                  ? t('library.unit.nextOpensOn', {
                      label: unitLabel(kind, next.number, t),
                      date: utcDate(next.opensAt, i18n.language),
                    })
                  : t('library.state.locked')}
              </Text>
            )}
          </Group>
        )}
        {showsDate ? <DatesInUtc /> : null}
      </>
    );
  }

  const refusal = state.context.refusal;
  if (state.hasTag('view:opensOn'))
    return (
      <>
        {back}
        <Title order={1}>{t('library.unit.opensOnTitle')}</Title>
        <Text>
          {t('library.unit.opensOnBody', {
            date: refusal?.opensAt ? utcDate(refusal.opensAt, i18n.language) : '',
          })}
        </Text>
        <Group>
          <Button variant="light" onClick={() => send({ type: 'unit.checkAgain' })}>
            {t('library.unit.checkAgain')}
          </Button>
        </Group>
        <DatesInUtc />
      </>
    );
  if (state.hasTag('view:locked') && refusal && refusal.reason !== 'notYetOpen')
    return (
      <>
        {back}
        <LockedItem kind={kind} reason={refusal.reason} product={refusal.product ?? null} />
      </>
    );
  if (state.hasTag('view:notFound')) return <NotFound />;
  if (state.hasTag('view:failed'))
    return (
      <>
        {back}
        <Title order={1}>{t('library.title')}</Title>
        <Alert color="red" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>
              {t('library.unit.failed', { message: messageText(state.context.error ?? undefined, t) })}
            </Text>
            <Button size="xs" variant="light" onClick={() => send({ type: 'unit.retry' })}>
              {t('library.unit.retry')}
            </Button>
          </Stack>
        </Alert>
      </>
    );
  return (
    <>
      {back}
      <Loading label={t('library.unit.opening')} shape="item" />
    </>
  );
}

export function LibraryUnitScreen({ address, player }: { address: UnitAddress; player: PlayerFactory }) {
  const { kind, slug, unitKey } = address;
  return (
    <LibraryFrame>
      <Unit key={`${kind}/${slug}/${unitKey}`} address={address} player={player} />
    </LibraryFrame>
  );
}
