import '@mantine/core/styles/Tabs.css';
// The frame of the profile area: its four sections as tabs, each at its own path. The sections'
// forms and tables belong to the profile feature, which renders inside this frame.
import { Container, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

const SECTIONS = [
  { key: 'info', to: '/profile' },
  { key: 'subscription', to: '/profile/subscription' },
  { key: 'password', to: '/profile/password' },
  { key: 'purchases', to: '/profile/purchases' },
] as const;

export function ProfileScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname.replace(/\/$/, '') });
  const active = SECTIONS.find((s) => s.to === pathname)?.key ?? 'info';
  return (
    <Container size="md" py="xl">
      <Tabs
        value={active}
        onChange={(value) => {
          const section = SECTIONS.find((s) => s.key === value);
          if (section) void navigate({ to: section.to });
        }}
      >
        <Tabs.List mb="lg">
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s.key} value={s.key}>
              {t(`profile.${s.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Container>
  );
}

export function ProfileSectionScreen({ section }: { section: string }) {
  const { t } = useTranslation();
  return <Title order={1}>{t(`profile.${section}`)}</Title>;
}
