// A CMS page rendered from Portable Text: the body is data mapped to React elements, never HTML.
import { Alert, Anchor, Container, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ContentPageError, contentPageQuery } from '../../features/content/content-page.queries.ts';
import { useDocumentTitle } from '../../features/content/document-title.ts';
import { bodyBelowName } from '../../features/content/page-body.ts';
import { RichText } from '../../features/rich-text/portable-text.tsx';
import { pageLocale } from '../../lib/locale.ts';
import { messageText } from '../../text/messages.ts';

export function ContentPageScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const lang = pageLocale();
  const { data: page, error, isPending } = useQuery(contentPageQuery(slug, lang));
  useDocumentTitle(page?.pageName);

  return (
    <Container size="md" py="xl">
      {isPending ? (
        <Loader role="status" aria-label={t('content.loading')} />
      ) : page ? (
        <Stack gap="xs">
          <Title order={1}>{page.pageName}</Title>
          <RichText value={bodyBelowName(page.body, page.pageName, lang)} />
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
