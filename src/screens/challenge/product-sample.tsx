import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
// The sample below a challenge's or course's offer: its first day or lesson, open to every visitor
// (what it holds, about how long), then the other units' titles, locked. Rendered on the server
// with the page (decision 118); its texts are the members' area's, loaded with it.
import { Alert, Badge, Box, Card, Container, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { libraryTexts, useLazyTexts } from '../../features/lazy-texts/lazy-texts.ts';
import { type ProductSample, sampleQuery } from '../../features/samples/sample.queries.ts';
import classes from './challenge-screen.module.css';

export function ProductSampleSection({ kind, slug }: { kind: 'challenge' | 'course'; slug: string }) {
  const { t } = useTranslation();
  const ready = useLazyTexts(libraryTexts);
  const sample = useQuery(sampleQuery(kind, slug));
  if (sample.data === null) return null;
  return (
    <Box component="section" aria-labelledby="sample-heading" className={classes.sample}>
      <Container size="lg">
        {!ready || sample.isPending ? (
          <Stack gap="sm" aria-busy="true" role="status" aria-label={t('content.loading')}>
            <Skeleton height={28} width={220} />
            <Skeleton height={16} width="60%" />
            <Skeleton height={180} radius="lg" mt="sm" />
          </Stack>
        ) : sample.isError ? (
          <Alert color="gray">{t('library.sample.loadError')}</Alert>
        ) : (
          <SampleBody sample={sample.data} />
        )}
      </Container>
    </Box>
  );
}

function SampleBody({ sample }: { sample: ProductSample }) {
  const { t } = useTranslation();
  const { free, locked } = sample;
  const label = (number: number) =>
    t(sample.kind === 'course' ? 'library.sample.lessonLabel' : 'library.sample.dayLabel', { number });
  return (
    <Stack gap="md">
      <div>
        <Title order={2} id="sample-heading">
          {t('library.sample.heading')}
        </Title>
        <Text c="dimmed">
          {t(sample.kind === 'course' ? 'library.sample.courseIntro' : 'library.sample.challengeIntro', {
            count: locked.length,
          })}
        </Text>
      </div>
      <div className={classes.sampleGrid}>
        <Card withBorder radius="lg" padding="lg" data-testid="sample-free">
          <Group gap="xs" mb="xs">
            <Badge variant="light">{label(free.number)}</Badge>
            {/* A dark green: white on Mantine's green reads 2.4:1, this 6.1:1 (WCAG AA). */}
            <Badge variant="filled" color="#237032">
              {t('library.sample.free')}
            </Badge>
            {free.minutes ? (
              <Text size="sm" c="dimmed">
                {t('library.sample.minutes', { count: free.minutes })}
              </Text>
            ) : null}
          </Group>
          <Title order={3} size="h4">
            {free.title}
          </Title>
          {free.summary ? <Text mt="xs">{free.summary}</Text> : null}
          {free.exercises.length > 0 ? (
            <>
              <Title order={4} size="h6" mt="md" mb={4}>
                {t('library.sample.exercisesHeading')}
              </Title>
              <List spacing={2}>
                {free.exercises.map((e) => (
                  <List.Item key={e.exercise}>
                    {e.exercise}
                    {e.sets && (e.reps || e.seconds) ? (
                      <Text component="span" c="dimmed">
                        {' · '}
                        {e.reps
                          ? t('library.sample.reps', { sets: e.sets, reps: e.reps })
                          : t('library.sample.seconds', { sets: e.sets, seconds: e.seconds })}
                      </Text>
                    ) : null}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
          {free.topics.length > 0 ? (
            <>
              <Title order={4} size="h6" mt="md" mb={4}>
                {t('library.sample.topicsHeading')}
              </Title>
              <List spacing={2}>
                {free.topics.map((topic) => (
                  <List.Item key={topic}>{topic}</List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Card>
        {locked.length > 0 ? (
          <div>
            <Title order={3} size="h5" mb="xs" id="locked-heading">
              {t('library.sample.lockedHeading')}
            </Title>
            {/* Scrolled within its box, so it takes the keyboard's focus to scroll by keys too. */}
            <ol
              className={classes.lockedList}
              data-testid="sample-locked"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              aria-labelledby="locked-heading"
            >
              {locked.map((unit) => (
                <li key={unit.number}>
                  <LockIcon />
                  <Text component="span" size="sm" c="dimmed" className={classes.lockedNumber}>
                    {label(unit.number)}
                  </Text>
                  <Text component="span" size="sm">
                    {unit.title}
                  </Text>
                  <span className={classes.visuallyHidden}>{` (${t('library.sample.locked')})`}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </Stack>
  );
}

/** A padlock drawn inline: an emoji's glyph depends on the device's fonts. */
function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" className={classes.lockIcon}>
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
      />
    </svg>
  );
}
