// The studio's frame for signed-in staff: the trainer's name, the pages the role may open, the
// language switch and "Sign out"; at 375 px the pages fold behind a menu button. No one signed in:
// the sign-in page. The session is the server's: every page's calls are refused once it ends.
import { AppShell, Burger, Button, Group, NavLink, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../domain/localized.ts';
import { readInlinedSettings } from '../features/content/site-settings.ts';
import { studioApi, studioCall } from './api.ts';
import { ErrorState, LoadingState } from './components/states.tsx';
import { chooseStudioLocale } from './i18n.ts';
import { StudioLink, StudioRedirect, useStudioNavigate } from './navigation.tsx';
import { meQuery, studioKeys } from './queries.ts';
import { type Staff, StaffContext } from './use-staff.ts';

interface NavItem {
  to: '/studio' | '/studio/members' | '/studio/catalogue' | '/studio/staff' | '/studio/account';
  label: string;
  ownerOnly?: boolean;
}

const NAV: NavItem[] = [
  { to: '/studio', label: 'studio.nav.dashboard' },
  { to: '/studio/members', label: 'studio.nav.members' },
  { to: '/studio/catalogue', label: 'studio.nav.catalogue' },
  { to: '/studio/staff', label: 'studio.nav.staff', ownerOnly: true },
  { to: '/studio/account', label: 'studio.nav.account' },
];

export function StaffLayout() {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  if (me.isPending) return <LoadingState label={t('studio.loading')} />;
  if (me.isError) return <ErrorState message={t(me.error.message)} onRetry={() => void me.refetch()} />;
  if (!me.data) return <StudioRedirect to="/studio/sign-in" />;
  return (
    <StaffContext.Provider value={me.data}>
      <Frame staff={me.data} />
    </StaffContext.Provider>
  );
}

function Frame({ staff }: { staff: Staff }) {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const queryClient = useQueryClient();
  const navigate = useStudioNavigate();
  const siteName = readInlinedSettings()?.settings?.siteName || staff.trainerName;
  const signOut = async () => {
    try {
      await studioCall(studioApi.POST('/api/studio/sign-out'));
    } finally {
      // Whatever the answer, this page forgets everything it read for the staff member.
      queryClient.removeQueries({ queryKey: ['studio'] });
      queryClient.setQueryData(studioKeys.me, null);
      await navigate('/studio/sign-in');
    }
  };
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#studio-main" className="studio-skip-link">
        {t('studio.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* Without a minimum width of 0 the site's name never truncates and pushes the language switch
              off a 375 px screen. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'studio.nav.close' : 'studio.nav.open')}
              aria-expanded={opened}
              aria-controls="studio-nav"
            />
            <Text fw={700} truncate>
              {t('studio.title', { site: siteName })}
            </Text>
          </Group>
          <SegmentedControl
            size="xs"
            aria-label={t('studio.language')}
            value={i18n.language.startsWith('es') ? 'es' : 'en'}
            onChange={(value) => void chooseStudioLocale(i18n, value as Locale)}
            data={[
              { value: 'en', label: 'EN' },
              { value: 'es', label: 'ES' },
            ]}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="studio-nav" aria-label={t('studio.nav.label')} component="nav">
        <Stack gap={4} justify="space-between" h="100%">
          <Stack gap={4}>
            {NAV.filter((item) => !item.ownerOnly || staff.role === 'owner').map((item) => (
              <NavLink
                key={item.to}
                component={StudioLink}
                to={item.to}
                // The figures' address is the start of every other: only itself makes it current.
                activeOptions={{ exact: item.to === '/studio' }}
                label={t(item.label)}
                active={item.to === '/studio' ? pathname === '/studio' : pathname.startsWith(item.to)}
                aria-current={
                  (item.to === '/studio' ? pathname === '/studio' : pathname.startsWith(item.to))
                    ? 'page'
                    : undefined
                }
                onClick={close}
              />
            ))}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('studio.signedInAs', { name: staff.name, role: t(`studio.roles.${staff.role}`) })}
            </Text>
            <Button variant="default" onClick={() => void signOut()}>
              {t('studio.signOut')}
            </Button>
          </Stack>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="studio-main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
