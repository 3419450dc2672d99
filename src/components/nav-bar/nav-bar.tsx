// The top navigation bar of spec section 2. Which buttons show depends on the member and the route;
// desktop and mobile differ at the spec's 768 px breakpoint.
import { Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import defaultAvatar from '../../assets/default-avatar.svg';
import { ContentImage } from '../../features/content/content-image.tsx';
import { useSiteSettings } from '../../features/content/site-settings.ts';
import { useActiveRoute } from '../../features/products/route-state.ts';
import { useAuthModalControl, useSession } from '../../session/use-session.tsx';
import classes from './nav-bar.module.css';
import { PromoBanner } from './promo-banner.tsx';

/** The members' area: one route for its pages (`/library/$`), whose first is the library itself. */
const LIBRARY: string = '/library';

export function NavBar() {
  const { t } = useTranslation();
  const { settings, siteName } = useSiteSettings();
  const { user, logout } = useSession();
  const loginControl = useAuthModalControl('login');
  const signupControl = useAuthModalControl('signup');
  const route = useActiveRoute();
  const [menuOpen, menu] = useDisclosure(false);

  return (
    <header className={classes.header}>
      <PromoBanner settings={settings} />
      <nav aria-label={t('nav.home')} className={classes.bar}>
        <Link to="/" className={classes.brand} aria-label={`${siteName} – ${t('nav.home')}`}>
          {settings?.icon ? <ContentImage image={settings.icon} alt="" width={36} height={36} /> : null}
          <Text component="span" fw={700} size="lg" className={classes.siteName}>
            {siteName}
          </Text>
        </Link>

        {user ? (
          <>
            <Group gap="sm" visibleFrom="sm" wrap="nowrap" data-identity>
              <UnstyledButton component={Link} to={LIBRARY} className={classes.userName}>
                {t('nav.library')}
              </UnstyledButton>
              <UnstyledButton component={Link} to="/profile" className={classes.userName}>
                {user.profile.name}
              </UnstyledButton>
              {/* A plain image: Mantine's Avatar brings its placeholder icon to every page's first load. */}
              <img
                className={classes.avatar}
                src={user.profile.image || defaultAvatar}
                alt={t('nav.avatarAlt', { name: user.profile.name })}
                width={38}
                height={38}
              />
            </Group>
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              data-identity
              size="sm"
              aria-label={t('nav.menu')}
              aria-expanded={menuOpen}
              aria-controls="nav-menu"
            />
          </>
        ) : route.name === 'Challenge' ? null : (
          <Group gap="xs" wrap="nowrap" data-identity>
            <Button variant="default" className={classes.authButton} {...loginControl}>
              {t('nav.login')}
            </Button>
            <Button className={classes.authButton} {...signupControl}>
              {t('nav.signup')}
            </Button>
          </Group>
        )}
      </nav>
      {user && menuOpen ? (
        // A plain list rather than a floating menu: it keeps the positioning library off the first load.
        <ul id="nav-menu" className={classes.menu}>
          <li>
            <Link to={LIBRARY} className={classes.menuItem} onClick={menu.close}>
              {t('nav.library')}
            </Link>
          </li>
          <li>
            <Link to="/profile" className={classes.menuItem} onClick={menu.close}>
              {t('nav.profile')}
            </Link>
          </li>
          {route.profileArea ? null : (
            <li>
              <button
                type="button"
                className={classes.menuItem}
                onClick={() => {
                  menu.close();
                  logout();
                }}
              >
                {t('nav.logout')}
              </button>
            </li>
          )}
        </ul>
      ) : null}
    </header>
  );
}
