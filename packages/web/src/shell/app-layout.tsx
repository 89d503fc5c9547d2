import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { bindActionKeys } from '../actions/run-action.js';
import { useServices } from '../app/services-context.js';
import { coverageDialog } from '../shots/coverage-actions.js';
import { useStore } from '../state/store.js';
import { cx } from '../ui/cx.js';
import { LeftRail } from './left-rail.js';
import { loadPalette, preloadPaletteOnModifier } from './palette-loader.js';
import { StatusLine } from './status-line.js';
import { TopBar } from './top-bar.js';
import { useActionContext } from './use-action.js';

const Palette = lazy(() => loadPalette().then((module) => ({ default: module.Palette })));
const HelpOverlay = lazy(() =>
  import('./help-overlay.js').then((module) => ({ default: module.HelpOverlay })),
);
const ShareReviewModal = lazy(() =>
  import('../dialogs/share-review-modal.js').then((module) => ({ default: module.ShareReviewModal })),
);
const FirstPassModal = lazy(() =>
  import('../dialogs/first-pass-modal.js').then((module) => ({ default: module.FirstPassModal })),
);
const ReviseShotsModal = lazy(() =>
  import('../dialogs/revise-shots-modal.js').then((module) => ({ default: module.ReviseShotsModal })),
);
const NewProjectModal = lazy(() =>
  import('../dialogs/new-project-modal.js').then((module) => ({ default: module.NewProjectModal })),
);
const CoverageDialog = lazy(() =>
  import('../shots/coverage-dialog.js').then((module) => ({ default: module.CoverageDialog })),
);
const NewAssetModal = lazy(() =>
  import('../dialogs/new-asset-modal.js').then((module) => ({ default: module.NewAssetModal })),
);

/** Binds every action's keys (registered at start-up, actions/index.ts) while the signed-in app is shown. */
function useActionKeys() {
  const context = useActionContext();
  const latest = useRef(context);
  latest.current = context;
  useEffect(() => bindActionKeys(window, () => latest.current), []);
}

/** UI.md's layout: activity bar, top bar, left rail, the page, the status line; overlays on top. */
export function AppLayout() {
  useActionKeys();
  const services = useServices();
  const { ui } = services;
  const railCollapsed = useStore(ui.store, (state) => state.railCollapsed);
  const { firstPassOpen, reviseShotsOpen, newProjectOpen, newAssetOpen, helpOpen, shareReviewOpen } =
    useStore(ui.store);
  const coverageOpen = useStore(coverageDialog(services)) !== null;
  // Each overlay's code loads the first time it opens; then it stays mounted, so closing is
  // Radix's own close (focus handed back at once) and not an unmount racing the next open.
  const opened = useRef(new Set<string>());
  const once = (name: string, open: boolean) => {
    if (open) opened.current.add(name);
    return opened.current.has(name);
  };
  const paletteMounted = useRef(false);
  useEffect(() => preloadPaletteOnModifier(window), []);
  const paletteWanted = useStore(ui.store, (state) => state.paletteOpen) || paletteMounted.current;
  if (paletteWanted) paletteMounted.current = true;
  return (
    <>
      {paletteWanted ? (
        <Suspense fallback={null}>
          <Palette />
        </Suspense>
      ) : null}
      <div className={cx('app-shell', railCollapsed && 'rail-collapsed')}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <TopBar />
        <div className="app-shell__body">
          <LeftRail />
          <main id="main" className="app-shell__main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
        <StatusLine />
      </div>
      <Suspense fallback={null}>
        {once('help', helpOpen) ? <HelpOverlay /> : null}
        {once('firstPass', firstPassOpen) ? <FirstPassModal /> : null}
        {once('reviseShots', reviseShotsOpen) ? <ReviseShotsModal /> : null}
        {once('newProject', newProjectOpen) ? <NewProjectModal /> : null}
        {once('newAsset', newAssetOpen) ? <NewAssetModal /> : null}
        {once('shareReview', shareReviewOpen) ? <ShareReviewModal /> : null}
        {once('coverage', coverageOpen) ? <CoverageDialog /> : null}
      </Suspense>
    </>
  );
}
