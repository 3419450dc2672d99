import '@mantine/core/styles/Tabs.css';
// The frame of the profile area: Logout, its four sections as tabs, each at its own path, and the
// section's title and content below them. The member is always there: the route's sign-in guard renders this
// frame only for a signed-in member.
import { Button, Container, Group, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BillingDetailsForm } from '../../features/profile/billing-details-form.tsx';
import { ChangePasswordForm } from '../../features/profile/change-password-form.tsx';
import { InvoicesList } from '../../features/profile/invoices-list.tsx';
import { ManageSubscription } from '../../features/profile/manage-subscription.tsx';
import { MyProfileForm } from '../../features/profile/my-profile-form.tsx';
import { PurchasesTable } from '../../features/profile/purchases-table.tsx';
import { useSession } from '../../session/use-session.tsx';
import classes from './profile-screen.module.css';

const SECTIONS = [
  { key: 'info', to: '/profile' },
  { key: 'subscription', to: '/profile/subscription' },
  { key: 'password', to: '/profile/password' },
  { key: 'purchases', to: '/profile/purchases' },
] as const;

export type ProfileSectionKey = (typeof SECTIONS)[number]['key'];

export function ProfileScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname.replace(/\/$/, '') });
  const active = SECTIONS.find((s) => s.to === pathname)?.key ?? 'info';
  const { logout } = useSession();
  return (
    <Container size="md" py="xl" px="md">
      {/* The navigation bar's menu leaves Logout out inside the profile area (spec section 2), and a
          desktop has no menu: the profile area offers it on every width. */}
      <Group justify="flex-end" mb="xs">
        <Button variant="subtle" size="compact-sm" onClick={logout}>
          {t('nav.logout')}
        </Button>
      </Group>
      <Tabs
        value={active}
        onChange={(value) => {
          const section = SECTIONS.find((s) => s.key === value);
          if (section) void navigate({ to: section.to });
        }}
        classNames={{ list: classes.list, tab: classes.tab }}
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

function SectionContent({ section }: { section: ProfileSectionKey }) {
  const { user } = useSession();
  if (!user) return null;
  switch (section) {
    case 'info':
      // Keyed by member, so a different member signing in gets a fresh form.
      return (
        <>
          <MyProfileForm key={user._id} user={user} />
          <BillingDetailsForm key={`billing-${user._id}`} />
        </>
      );
    case 'subscription':
      return <ManageSubscription />;
    case 'password':
      return <ChangePasswordForm key={user._id} user={user} />;
    case 'purchases':
      return (
        <>
          <PurchasesTable />
          <InvoicesList key={user._id} />
        </>
      );
  }
}

export function ProfileSectionScreen({ section }: { section: ProfileSectionKey }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t(`profile.${section}`)}
      </Title>
      <SectionContent section={section} />
    </>
  );
}
