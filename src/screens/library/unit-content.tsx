import '@mantine/core/styles/AspectRatio.css';
// A unit's content as the server sent it: a day's summary and workout blocks, a lesson's or an
// article's Portable Text, pictures, files to download, and a video played in its provider's own
// frame from the address the server gave (decision 137), or its poster with a word that it would
// play there when the site plays no video of its provider.
import { Anchor, AspectRatio, List, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LibraryUnit, LibraryVideo, LibraryWorkoutBlock } from '../../../domain/api-types.ts';
import { ContentImage } from '../../features/content/content-image.tsx';
import { RichText } from '../content/content-page-screen.tsx';

const WIDTH = 720;
/** An exercise's picture beside its words: a step of the workout, not the day's own picture. */
const BLOCK_WIDTH = 360;

function Video({ video, title }: { video: LibraryVideo; title: string }) {
  const { t } = useTranslation();
  if (video.embedUrl)
    return (
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={video.embedUrl}
          title={t('library.video.frameTitle', { title })}
          allow="fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          loading="lazy"
          style={{ border: 0 }}
        />
      </AspectRatio>
    );
  return (
    <Stack gap={4} data-testid="video-poster">
      {video.poster ? <ContentImage image={video.poster} alt="" width={WIDTH} /> : null}
      <Text size="sm" c="dimmed">
        {t('library.video.wouldPlay')}
      </Text>
    </Stack>
  );
}

/** "3 × 12", "3 × 40 s", "12 reps": what the member does, in the trainer's numbers. */
function dose(block: LibraryWorkoutBlock, t: TFunction) {
  const { sets, reps, seconds } = block;
  if (sets && reps) return t('library.block.setsReps', { sets, reps });
  if (sets && seconds) return t('library.block.setsSeconds', { sets, seconds });
  if (reps) return t('library.block.reps', { reps });
  if (seconds) return t('library.block.seconds', { seconds });
  return null;
}

function Dose({ block, t }: { block: LibraryWorkoutBlock; t: TFunction }) {
  const text = dose(block, t);
  return text ? <Text>{text}</Text> : null;
}

function Blocks({ blocks }: { blocks: LibraryWorkoutBlock[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('library.workout')}
      </Title>
      <List type="ordered" spacing="md" data-testid="workout-blocks">
        {blocks.map((block) => (
          <List.Item key={block.key}>
            <Stack gap={2}>
              <Text fw={700}>{block.exercise}</Text>
              <Dose block={block} t={t} />
              {block.restSeconds ? (
                <Text size="sm" c="dimmed">
                  {t('library.block.rest', { seconds: block.restSeconds })}
                </Text>
              ) : null}
              {block.note ? <Text size="sm">{block.note}</Text> : null}
              {block.image ? <ContentImage image={block.image} alt="" width={BLOCK_WIDTH} /> : null}
              {block.video ? <Video video={block.video} title={block.exercise} /> : null}
            </Stack>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function UnitContent({ unit }: { unit: LibraryUnit }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="unit-content">
      {unit.summary ? <Text size="lg">{unit.summary}</Text> : null}
      {unit.image ? <ContentImage image={unit.image} alt="" width={WIDTH} /> : null}
      {unit.video ? <Video video={unit.video} title={unit.title} /> : null}
      {unit.blocks.length > 0 ? <Blocks blocks={unit.blocks} /> : null}
      {unit.body.length > 0 ? (
        <div>
          <RichText value={unit.body} />
        </div>
      ) : null}
      {unit.files.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('library.downloads')}
          </Title>
          <List>
            {unit.files.map((file) => (
              <List.Item key={file.key}>
                <Anchor href={file.url} download>
                  {t('library.download', { title: file.title, extension: file.extension.toUpperCase() })}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}
