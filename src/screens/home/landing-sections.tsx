// The landing page's sections below the prices, each from the CMS and each left out when the trainer
// wrote nothing for it (decision 150): what a member gets, results and testimonials, a short bio and
// questions and answers. They travel in the prices' chunk, after the first paint, so Home's first
// load carries none of their code; a server render loads them first and the browser hydrates them
// in place. Styled with the shell's Mantine components and inline layout, so they need no stylesheet
// of their own.
import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentImage } from '../../features/content/content-image.tsx';
import { type SiteSettings, useSiteSettings } from '../../features/content/site-settings.ts';
import { signupModalTexts, useLazyTexts } from '../../features/lazy-texts/lazy-texts.ts';

type Home = NonNullable<SiteSettings['home']>;

/** Columns of at least `min`, as many as fit, one on a phone. */
const columns = (min: string): CSSProperties => ({
  display: 'grid',
  gap: 'var(--mantine-spacing-lg)',
  gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}), 1fr))`,
});

const card: CSSProperties = {
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-md)',
  padding: 'var(--mantine-spacing-lg)',
};

/** A band across the page, its content in the page's column; every other band on a tinted ground. */
function Band({ id, tinted, children }: { id: string; tinted?: boolean; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      py="section"
      bg={tinted ? 'var(--mantine-color-gray-0)' : undefined}
      data-testid={`landing-${id}`}
    >
      <Container size="md">{children}</Container>
    </Box>
  );
}

function CheckMark() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" style={{ flex: 'none' }}>
      <circle cx="12" cy="12" r="12" fill="var(--mantine-primary-color-filled)" />
      <path d="M7 12.5l3.2 3.2L17 9" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

function Benefits({ home }: { home: Home }) {
  const { t } = useTranslation();
  const items = home.benefits ?? [];
  if (items.length === 0) return null;
  return (
    <Band id="benefits">
      <Title order={2} id="benefits" mb="lg">
        {home.benefitsHeading || t('landing.benefitsHeading')}
      </Title>
      <div style={columns('13rem')}>
        {items.map((item) => (
          <Group key={item.key} gap="sm" align="flex-start" wrap="nowrap" style={card}>
            <CheckMark />
            <Stack gap={4}>
              <Title order={3} size="h4">
                {item.title}
              </Title>
              {item.text ? <Text c="dimmed">{item.text}</Text> : null}
            </Stack>
          </Group>
        ))}
      </div>
    </Band>
  );
}

function Testimonials({ home }: { home: Home }) {
  const { t } = useTranslation();
  const items = home.testimonials ?? [];
  if (items.length === 0) return null;
  return (
    <Band id="testimonials" tinted>
      <Title order={2} id="testimonials" mb="lg">
        {home.testimonialsHeading || t('landing.testimonialsHeading')}
      </Title>
      <div style={columns('15rem')}>
        {items.map((item) => (
          <Stack component="figure" key={item.key} gap="sm" m={0} style={card}>
            {item.result ? (
              <Text fw={700} size="lg" c="var(--mantine-primary-color-text)">
                {item.result}
              </Text>
            ) : null}
            <Text component="blockquote" m={0}>
              “{item.quote}”
            </Text>
            <Group component="figcaption" gap="sm" mt="auto">
              {item.photo ? (
                <span style={{ borderRadius: '50%', overflow: 'hidden', display: 'flex' }}>
                  <ContentImage image={item.photo} alt="" width={40} height={40} />
                </span>
              ) : null}
              <Text fw={600} size="sm">
                {item.name}
              </Text>
            </Group>
          </Stack>
        ))}
      </div>
    </Band>
  );
}

function Bio({ home }: { home: Home }) {
  const { t } = useTranslation();
  if (!home.bioText) return null;
  return (
    <Band id="bio">
      <div style={{ ...columns('18rem'), alignItems: 'center' }}>
        {home.bioImage ? (
          <span style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden', display: 'flex' }}>
            <ContentImage image={home.bioImage} alt={home.bioImageAlt ?? ''} width={440} height={330} />
          </span>
        ) : null}
        <Stack gap="md">
          <Title order={2} id="bio">
            {home.bioHeading || t('landing.bioHeading')}
          </Title>
          <Text size="lg">{home.bioText}</Text>
        </Stack>
      </div>
    </Band>
  );
}

function Questions({ home }: { home: Home }) {
  const { t } = useTranslation();
  const items = home.faq ?? [];
  if (items.length === 0) return null;
  return (
    <Band id="faq" tinted>
      <Title order={2} id="faq" mb="lg">
        {home.faqHeading || t('landing.faqHeading')}
      </Title>
      {/* The platform's disclosure: open and closed by keyboard and read by screen readers with no
          script, so the answers work before the page hydrates. */}
      <Stack gap="sm">
        {items.map((item) => (
          <details key={item.key} style={card}>
            <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{item.question}</summary>
            <Text mt="sm">{item.answer}</Text>
          </details>
        ))}
      </Stack>
    </Band>
  );
}

export function LandingSections() {
  const { settings } = useSiteSettings();
  const ready = useLazyTexts(signupModalTexts);
  const home = settings?.home;
  if (!home || !ready) return null;
  return (
    <>
      <Benefits home={home} />
      <Testimonials home={home} />
      <Bio home={home} />
      <Questions home={home} />
    </>
  );
}
