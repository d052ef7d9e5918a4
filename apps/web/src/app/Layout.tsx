import { discoveryFr, fr } from '@guichet/shared';
import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { useSession } from '../api/auth';
import { useMeta } from '../api/meta';
import { BackToTop } from '../features/shell/BackToTop';
import { Footer } from '../features/shell/Footer';
import { Header } from '../features/shell/Header';
import { Loading } from '../ui/Loading';
import classes from './Layout.module.css';
import type { RouteHandle } from './route-handle';

const TermsModal = lazy(() => import('../features/auth/TermsModal'));

/** The common frame of every page but the organiser console. */
export function Layout() {
  const navigation = useNavigation();
  const { brandName } = useMeta();
  const { data: user } = useSession();
  // The tab's title: the deepest route's own, or the brand alone; a page that names the tab
  // itself (an event, a product) is left alone, since this effect runs after the page's.
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  const titledByPage = handles.some((handle) => handle?.titledByPage);
  const title = [...handles]
    .reverse()
    .map((handle) => handle?.title)
    .find(Boolean);
  useEffect(() => {
    if (titledByPage) return;
    document.title = title ? discoveryFr.titles.withBrand(title, brandName) : brandName;
  }, [title, titledByPage, brandName]);
  return (
    <Box className={classes.page}>
      <a href="#main" className={classes.skip}>
        {fr.shell.skipToContent}
      </a>
      <Header />
      <Box component="main" id="main" className={classes.main} aria-busy={navigation.state === 'loading'}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <BackToTop />
      {user?.mustAcceptTerms && (
        <Suspense>
          <TermsModal />
        </Suspense>
      )}
      <ScrollRestoration />
    </Box>
  );
}
