// The shot views at feature length (issue 15, UI.md budgets): a 2,000-shot project made by a first
// pass of the 120-page screenplay, then in Chromium, for the storyboard, the timeline and the shot
// list: the first render, frames per second while scrolling, and which cells re-render when a single
// shot update arrives by socket.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createReelbench } from '@reelbench/sdk';
import { REPO_ROOT, trackNetwork } from './lib.mjs';

export const FIRST_RENDER_GOAL_MS = 1_500;
export const FPS_GOAL = 50;
/** Frames of the scripted scroll (about 3 s at 60 Hz). */
const SCROLL_FRAMES = 180;
/** Pixels the scripted scroll moves each frame: 3,000 px/s at 60 Hz, a brisk, steady scroll. */
export const SCROLL_STEP_PX = 50;
const QUIET_MS = 1_000;

/** The views, where their shots scroll, and the element that shows a shot once they are rendered. */
export const VIEWS = [
  {
    id: 'storyboard',
    label: 'Storyboard',
    scroller: '.sb-scroll',
    axis: 'y',
    cell: '[role="gridcell"][data-shot-id]',
    renderKey: (shotId) => shotId,
  },
  {
    id: 'timeline',
    label: 'Timeline',
    scroller: '.tl-scroll',
    axis: 'x',
    cell: '.tl-clip[data-shot-id]',
    renderKey: (shotId) => shotId,
  },
  {
    id: 'shots',
    label: 'Shot list',
    scroller: '.sl-scroll',
    axis: 'y',
    cell: '.sl-row[data-shot-id]',
    renderKey: (shotId) => `list:${shotId}`,
  },
];

/** The 120-page screenplay of ../shared/tools, pushed as the project's script, then Generate First Pass. */
export async function featureProject(baseUrl, token, projectId) {
  const script = execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, '..', 'shared', 'tools', 'make-screenplay.mjs'), '--pages', '120'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const client = createReelbench({ baseUrl, token, socket: true });
  try {
    await client.script.save(projectId, { content: script });
    const started = performance.now();
    const reply = await client.script.firstPass(projectId);
    const firstPassMs = performance.now() - started;
    const page = await client.shots.list(projectId, { limit: 2000 });
    return {
      scriptBytes: Buffer.byteLength(script),
      shots: reply.shots.length,
      listed: page.total,
      firstPassMs,
      firstShotId: page.shots[0]?.id,
    };
  } finally {
    client.close();
  }
}

/** In the page, before the app: the time of the first frame that shows `selector` in the document. */
function installFirstCellClock(selector) {
  window.__shotBench = { cellAt: null, framedAt: null };
  const seen = () => {
    if (window.__shotBench.cellAt !== null) return;
    if (!document.querySelector(selector)) return;
    window.__shotBench.cellAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__shotBench.framedAt = performance.now();
    });
  };
  const observer = new MutationObserver(seen);
  const start = () => observer.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/**
 * In the page: scrolls the view one step per animation frame for `frames` frames and counts the
 * requestAnimationFrame callbacks against the time they took. Answers frames per second and the
 * longest frame.
 */
function scriptedScroll({ scroller, axis, frames, step }) {
  const element = document.querySelector(scroller);
  if (!element) throw new Error(`no ${scroller} in the page`);
  const extent =
    axis === 'x' ? element.scrollWidth - element.clientWidth : element.scrollHeight - element.clientHeight;
  return new Promise((resolve) => {
    const times = [];
    const tick = (now) => {
      times.push(now);
      if (axis === 'x') element.scrollLeft += step;
      else element.scrollTop += step;
      if (times.length <= frames) requestAnimationFrame(tick);
      else {
        const deltas = times.slice(1).map((t, i) => t - times[i]);
        const seconds = (times.at(-1) - times[0]) / 1000;
        resolve({
          fps: deltas.length / seconds,
          longestFrameMs: Math.max(...deltas),
          scrolledPx: axis === 'x' ? element.scrollLeft : element.scrollTop,
          extentPx: extent,
          frames: deltas.length,
        });
      }
    };
    requestAnimationFrame(tick);
  });
}

/** One view: a warm-up load, the measured load, the scroll, then one shot renamed by socket. */
async function measureView(browser, baseUrl, token, projectId, view, renamer, shotCount, firstShotId) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
    await context.addInitScript(installFirstCellClock, view.cell);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const url = `/project/${projectId}/${view.id}`;
    // The warm-up fills the HTTP cache with the app's code, as for anyone who opened the app before.
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(view.cell, { timeout: 60_000 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__shotBench.framedAt !== null, null, { timeout: 60_000 });
    const clock = await page.evaluate(() => {
      // When the project's shots had arrived: the end of the shots request (resource timing).
      const shots = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('/shots'));
      return {
        ...window.__shotBench,
        shotsArrivedAt: shots.length > 0 ? Math.max(...shots.map((entry) => entry.responseEnd)) : null,
      };
    });
    const mounted = await page.locator(view.cell).count();
    const network = trackNetwork(page);
    await network.quiet(QUIET_MS);

    const scroll = await page.evaluate(scriptedScroll, {
      scroller: view.scroller,
      axis: view.axis,
      frames: SCROLL_FRAMES,
      step: SCROLL_STEP_PX,
    });

    // Back to the top, then one shot renamed elsewhere (the SDK's own socket), counted in the page.
    await page.evaluate(
      ({ scroller }) => {
        const element = document.querySelector(scroller);
        element.scrollTop = 0;
        element.scrollLeft = 0;
      },
      { scroller: view.scroller },
    );
    const shotId = firstShotId;
    await page.waitForSelector(`${view.cell}[data-shot-id="${shotId}"]`, { timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      window.__reelbenchRenders = {};
      window.__reelbenchCountRenders = true;
    });
    const name = `Renamed by the bench ${view.id}`;
    await renamer.shots.update(shotId, { name });
    await page.waitForFunction(
      ({ selector, id, text }) =>
        document.querySelector(`${selector}[data-shot-id="${id}"]`)?.textContent?.includes(text) ?? false,
      { selector: view.cell, id: shotId, text: name },
      { timeout: 20_000 },
    );
    await page.waitForTimeout(200);
    const renders = await page.evaluate(() => {
      window.__reelbenchCountRenders = false;
      return window.__reelbenchRenders ?? {};
    });
    if (errors.length > 0) throw new Error(`page errors on ${url}: ${errors.join('; ')}`);
    const key = view.renderKey(shotId);
    const others = Object.keys(renders).filter((candidate) => candidate !== key);
    return {
      view,
      shotCount,
      firstRenderMs: clock.framedAt,
      firstCellMs: clock.cellAt,
      shotsArrivedMs: clock.shotsArrivedAt,
      mounted,
      scroll,
      renders,
      ownRenders: renders[key] ?? 0,
      otherCellsRendered: others.length,
    };
  } finally {
    await context.close();
  }
}

/** Every view measured on the feature-length project. */
export async function shotViews(browser, baseUrl, token, projectId) {
  console.error('  making the 2,000-shot project (120-page screenplay, first pass)…');
  const feature = await featureProject(baseUrl, token, projectId);
  if (!feature.firstShotId) throw new Error('the first pass made no shots');
  const renamer = createReelbench({ baseUrl, token, socket: true });
  try {
    const results = [];
    for (const view of VIEWS) {
      console.error(`  measuring the ${view.label.toLowerCase()}…`);
      results.push(
        await measureView(
          browser,
          baseUrl,
          token,
          projectId,
          view,
          renamer,
          feature.listed,
          feature.firstShotId,
        ),
      );
    }
    return { feature, results };
  } finally {
    renamer.close();
  }
}
