// The trainer's rich text (Portable Text from the CMS) as React elements, never HTML: a content
// page's body, a lesson's, a library article's. Links go only to the web, mail or the site itself;
// images in the body are CMS images (cropped by the browser, decision 013).
import { Anchor, Blockquote, List, Text, Title } from '@mantine/core';
import { PortableText, type PortableTextComponents } from '@portabletext/react';
import type { components as schema } from '../../../openapi/schema.d.ts';
import { ContentImage } from '../content/content-image.tsx';

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

export function RichText({ value }: { value: Block[] }) {
  return <PortableText value={value} components={portableText} />;
}
