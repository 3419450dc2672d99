// A CMS page rendered from Portable Text: the body is data mapped to React elements, never HTML. The
// same renderer draws the members' lessons and articles (RichText), so this module travels with
// their pages too.
import { Alert, Anchor, Blockquote, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { PortableText, type PortableTextComponents } from '@portabletext/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { components as schema } from '../../../openapi/schema.d.ts';
import { ContentImage } from '../../features/content/content-image.tsx';
import { ContentPageError, contentPageQuery } from '../../features/content/content-page.queries.ts';
import { useDocumentTitle } from '../../features/content/document-title.ts';
import { bodyBelowName } from '../../features/content/page-body.ts';
import { Busy } from '../../lib/busy.tsx';
import { pageLocale } from '../../lib/locale.ts';
import { messageText } from '../../text/messages.ts';

type SanityImage = schema['schemas']['SanityImage'];
type Block = schema['schemas']['PortableTextBlock'];

const SAFE_HREF = /^(https?:|mailto:|\/)/i;

const portableText: PortableTextComponents = {
  block: {
    normal: ({ children }) => <Text mb="sm">{children}</Text>,
    h1: ({ children }) => <Title order={2}>{children}</Title>,
    h2: ({ children }) => <Title order={2}>{children}</Title>,
    h3: ({ children }) => <Title order={3}>{children}</Title>,
    h4: ({ children }) => <Title order={4}>{children}</Title>,
    blockquote: ({ children }) => <Blockquote my="md">{children}</Blockquote>,
  },
  list: {
    bullet: ({ children }) => <List mb="sm">{children}</List>,
    number: ({ children }) => (
      <List type="ordered" mb="sm">
        {children}
      </List>
    ),
  },
  listItem: ({ children }) => <List.Item>{children}</List.Item>,
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' && SAFE_HREF.test(value.href) ? value.href : undefined;
      const external = href?.startsWith('http');
      return (
        <Anchor href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
        </Anchor>
      );
    },
  },
  types: {
    image: ({ value }: { value: { image?: SanityImage; alt?: string } }) =>
      value.image ? <ContentImage image={value.image} alt={value.alt ?? ''} width={720} /> : null,
  },
};

/** The trainer's rich text: links only to the web, mail or the site itself; images as CMS images. */
export function RichText({ value }: { value: Block[] }) {
  return <PortableText value={value} components={portableText} />;
}

export function ContentPageScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const lang = pageLocale();
  const { data: page, error, isPending } = useQuery(contentPageQuery(slug, lang));
  useDocumentTitle(page?.pageName);

  return (
    <Container size="md" py="xl">
      {isPending ? (
        <Busy label={t('content.loading')} />
      ) : page ? (
        <Stack gap="xs">
          <Title order={1}>{page.pageName}</Title>
          <RichText value={bodyBelowName(page.body, page.pageName, lang)} />
        </Stack>
      ) : error instanceof ContentPageError && error.status === 404 ? (
        // A styled page of its own, with a heading and the way home as a button.
        <Stack align="flex-start" gap="md" py="xl" data-testid="not-found">
          <Text c="dimmed" fw={700} size="sm">
            404
          </Text>
          <Title order={1}>{t('content.notFoundHeading')}</Title>
          <Text size="lg">{t('content.notFound')}</Text>
          <Button component={Link} to="/" size="md">
            {t('content.backHome')}
          </Button>
        </Stack>
      ) : (
        <Stack align="flex-start">
          <Alert
            color={error instanceof ContentPageError && error.status === 404 ? 'gray' : 'red'}
            role="alert"
          >
            {error instanceof ContentPageError && error.status === 404
              ? t('content.notFound')
              : t('content.error', { message: messageText(error?.message, t) })}
          </Alert>
          <Anchor component={Link} to="/">
            {t('content.backHome')}
          </Anchor>
        </Stack>
      )}
    </Container>
  );
}
