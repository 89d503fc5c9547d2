#!/usr/bin/env node
// The web workbench's budgets (UI.md), measured in Debian's Chromium against the real built server:
//  (a) initial JavaScript, gzip bytes, on /login and on a project page (≤ 200 KB each);
//  (b) Ctrl+K to a visible command palette on a project page (≤ 50 ms median).
// Run with `npm run bench -w @reelbench/web` (builds and serves packages/web/dist/bench, or serves the build WEB_DIST names,
// and packages/server/dist as built; `npm run bench` at the root builds first). Rewrites the bench:web section of
// docs/benchmarks.md. A missed goal is reported (FAIL) without failing the process; an error fails it.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { writeBenchmarkSection } from '../../../tests/support/benchmarks-doc.mjs';
import { CHROMIUM_ARGS } from '../e2e/support/shared.mjs';
import {
  call,
  kb,
  median,
  percentile,
  REPO_ROOT,
  SERVER_MAIN,
  startServer,
  trackNetwork,
  WEB_INDEX,
} from './lib.mjs';
import { FIRST_RENDER_GOAL_MS, FPS_GOAL, SCROLL_STEP_PX, shotViews } from './shot-views.mjs';

const JS_GOAL_BYTES = 200_000;
const PALETTE_GOAL_MS = 50;
const PALETTE_RUNS = 20;
const QUIET_MS = 1_000;
const SECTION = 'web';

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  throw new Error(`no Chromium at ${candidates.join(' or ')} (apt-get install -y chromium)`);
}

function checkBuilt() {
  for (const [file, how] of [
    [WEB_INDEX, 'npm run build -w @reelbench/web'],
    [SERVER_MAIN, 'npx tsc -b'],
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`${how}\` first`);
  }
}

/** POST /api/auth/register, then POST /api/projects: a signed-in user with one project. */
async function userWithProject(baseUrl) {
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const registered = await call(baseUrl, 'POST', '/api/auth/register', {
    email: `bench-${tag}@example.test`,
    username: `bench_${tag}`,
    password: `bench-${tag}-password`,
  });
  if (!registered.token)
    throw new Error(`registration answered without a token: ${JSON.stringify(registered)}`);
  const project = await call(
    baseUrl,
    'POST',
    '/api/projects',
    { name: 'Benchmark project' },
    registered.token,
  );
  if (!project.id) throw new Error(`project creation answered without an id: ${JSON.stringify(project)}`);
  return { token: registered.token, projectId: project.id };
}

const isScript = (response) => {
  const type = response.request().resourceType();
  return type === 'script' || new URL(response.url()).pathname.endsWith('.js');
};

/**
 * Loads `path` in a fresh context (empty cache) and sums the gzip -9 size of every script response
 * from navigation until the 'load' event and then until the network has been quiet for QUIET_MS.
 */
async function initialJavaScript(browser, baseUrl, path, token) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    if (token) await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
    const page = await context.newPage();
    const network = trackNetwork(page);
    const scripts = new Map();
    let loadedAt = null;
    const pending = [];
    page.on('response', (response) => {
      if (!isScript(response) || scripts.has(response.url())) return;
      const entry = { url: response.url(), status: response.status(), afterLoad: loadedAt !== null };
      scripts.set(response.url(), entry);
      pending.push(
        response.body().then(
          (body) => {
            entry.raw = body.length;
            entry.gzip = gzipSync(body, { level: 9 }).length;
          },
          // A script still arriving when the page is closed: not part of this measure.
          () => {
            entry.unread = true;
          },
        ),
      );
    });
    page.on('load', () => {
      loadedAt = Date.now();
    });
    const answer = await page.goto(path, { waitUntil: 'load' });
    if (!answer?.ok()) throw new Error(`${path} answered ${answer?.status()}`);
    await network.quiet(QUIET_MS);
    // Reading a body can start another script's response: wait until no read is outstanding.
    for (let settled = 0; settled < pending.length; ) {
      const batch = pending.slice(settled);
      settled = pending.length;
      await Promise.all(batch);
    }
    const finalPath = new URL(page.url()).pathname;
    const measured = [...scripts.values()];
    const missing = measured.find((entry) => entry.gzip === undefined);
    if (missing) throw new Error(`${missing.url}: its body could not be read`);
    const chunks = measured
      .map((entry) => ({ ...entry, name: new URL(entry.url).pathname.replace(/^\/assets\//, '') }))
      .sort((a, b) => b.gzip - a.gzip);
    for (const chunk of chunks) {
      if (chunk.status !== 200) throw new Error(`${chunk.url} answered ${chunk.status}`);
    }
    return {
      path,
      finalPath,
      chunks,
      gzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
      raw: chunks.reduce((sum, chunk) => sum + chunk.raw, 0),
    };
  } finally {
    await context.close();
  }
}

/** In the page: the time of the Ctrl+K keydown, seen first (a capture listener added before the app's). */
function installKeydownClock() {
  window.__paletteBench = { start: null, seen: null, shown: null };
  window.addEventListener(
    'keydown',
    (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        window.__paletteBench.start = performance.now();
      }
    },
    { capture: true },
  );
}

/**
 * In the page: clears the clock and watches the DOM; once the palette dialog is displayed (in the
 * document with a non-empty box, not display:none or visibility:hidden: what Playwright calls
 * visible), the next requestAnimationFrame callback records the time of that frame.
 */
function armPaletteClock() {
  const state = window.__paletteBench;
  state.start = null;
  state.seen = null;
  state.shown = null;
  const displayed = () => {
    const dialog = document.querySelector('[role="dialog"][aria-label="Command palette"]');
    if (!dialog) return false;
    const box = dialog.getBoundingClientRect();
    const style = getComputedStyle(dialog);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const observer = new MutationObserver(() => {
    if (!displayed()) return;
    observer.disconnect();
    state.seen = performance.now();
    requestAnimationFrame(() => {
      state.shown = performance.now();
    });
  });
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
}

async function paletteTimes(browser, baseUrl, token, projectId) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
    await context.addInitScript(installKeydownClock);
    const page = await context.newPage();
    const network = trackNetwork(page);
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/project/${projectId}/dashboard`, { waitUntil: 'load' });
    await network.quiet(QUIET_MS);
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    const once = async () => {
      await page.evaluate(armPaletteClock);
      await page.keyboard.press('Control+k');
      await dialog.waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForFunction(() => window.__paletteBench.shown !== null, null, { timeout: 10_000 });
      const { start, seen, shown } = await page.evaluate(() => window.__paletteBench);
      if (start === null) throw new Error('the Ctrl+K keydown was not seen by the page');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      // Let the closing animation and React settle before the next press.
      await page.waitForTimeout(150);
      return { toFrame: shown - start, toDom: seen - start };
    };
    const first = await once();
    const runs = [];
    for (let i = 0; i < PALETTE_RUNS; i++) runs.push(await once());
    if (errors.length > 0) throw new Error(`page errors during the palette runs: ${errors.join('; ')}`);
    return { first, runs };
  } finally {
    await context.close();
  }
}

function gitHead() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
const ms = (value) => `${value.toFixed(1)} ms`;

function chunkTable(result) {
  return [
    '| Chunk | gzip -9 | raw | Loaded |',
    '|---|---:|---:|---|',
    ...result.chunks.map(
      (chunk) =>
        `| \`${chunk.name}\` | ${kb(chunk.gzip)} | ${kb(chunk.raw)} | ${chunk.afterLoad ? 'after load' : 'before load'} |`,
    ),
    ...[false, true].map((after) => {
      const part = result.chunks.filter((chunk) => chunk.afterLoad === after);
      const sum = (key) => part.reduce((total, chunk) => total + chunk[key], 0);
      return `| ${after ? 'after load' : 'before load'} (${part.length} files) | ${kb(sum('gzip'))} | ${kb(sum('raw'))} | |`;
    }),
    `| **total** (${result.chunks.length} files) | **${kb(result.gzip)}** | ${kb(result.raw)} | |`,
  ];
}

async function main() {
  checkBuilt();
  const executablePath = chromiumPath();
  const builtAt = statSync(WEB_INDEX).mtime.toISOString().replace('T', ' ').slice(0, 16);
  const loadBefore = loadavg()[0];
  const server = await startServer();
  let browser;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const version = browser.version();
    const { token, projectId } = await userWithProject(server.url);

    const login = await initialJavaScript(browser, server.url, '/login');
    const project = await initialJavaScript(browser, server.url, `/project/${projectId}/dashboard`, token);
    if (login.finalPath !== '/login') throw new Error(`/login ended on ${login.finalPath}`);
    if (!project.finalPath.startsWith(`/project/${projectId}`)) {
      throw new Error(`the project page ended on ${project.finalPath} (not signed in?)`);
    }
    const palette = await paletteTimes(browser, server.url, token, projectId);
    const views = await shotViews(browser, server.url, token, projectId);
    const toFrame = palette.runs.map((run) => run.toFrame);
    const toDom = palette.runs.map((run) => run.toDom);
    const paletteMedian = median(toFrame);
    const paletteP95 = percentile(toFrame, 95);
    const loadAfter = loadavg()[0];

    const rows = [
      [
        'Initial JavaScript, /login (gzip -9)',
        `≤ ${kb(JS_GOAL_BYTES)}`,
        kb(login.gzip),
        login.gzip <= JS_GOAL_BYTES,
      ],
      [
        'Initial JavaScript, project page (gzip -9)',
        `≤ ${kb(JS_GOAL_BYTES)}`,
        kb(project.gzip),
        project.gzip <= JS_GOAL_BYTES,
      ],
      [
        `Ctrl+K to a displayed palette, median of ${PALETTE_RUNS}`,
        `≤ ${PALETTE_GOAL_MS} ms`,
        ms(paletteMedian),
        paletteMedian <= PALETTE_GOAL_MS,
      ],
      ...views.results.flatMap((result) => [
        [
          `${result.view.label}, ${result.shotCount} shots: first render`,
          `≤ ${FIRST_RENDER_GOAL_MS} ms`,
          ms(result.firstRenderMs),
          result.firstRenderMs <= FIRST_RENDER_GOAL_MS,
        ],
        [
          `${result.view.label}, ${result.shotCount} shots: frames per second while scrolling`,
          `≥ ${FPS_GOAL}`,
          result.scroll.fps.toFixed(1),
          result.scroll.fps >= FPS_GOAL,
        ],
        [
          `${result.view.label}: cells re-rendered by one shot update over the socket`,
          'that shot’s only',
          `${result.ownRenders} render(s) of it, ${result.otherCellsRendered} other cells`,
          result.ownRenders >= 1 && result.otherCellsRendered === 0,
        ],
      ]),
    ];
    const lines = [
      `<!-- bench:${SECTION}:start -->`,
      '## Web workbench: initial JavaScript, Ctrl+K and the shot views at 2,000 shots',
      '',
      "Goals (UI.md, Budgets; issue 15): initial JavaScript ≤ 200 KB gzip on /login and on a project page; Ctrl+K to a visible palette ≤ 50 ms; a 2,000-shot project's storyboard, timeline and shot list first render ≤ 1.5 s and ≥ 50 frames/s while scrolling; a single shot update arriving by socket re-renders only that shot's cell. 1 KB = 1,000 bytes.",
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model.trim()} (${cpus().length} vCPU),`,
      `Debian's Chromium ${version} (headless, --disable-gpu) driven by Playwright, Node ${process.version};`,
      `the real built server (\`node packages/server/dist/main.js\`, PGlite, fresh data dir) serving the web build`,
      `made ${builtAt} UTC (HEAD ${gitHead()} when measured). 1-minute load average ${loadBefore.toFixed(1)} before,`,
      `${loadAfter.toFixed(1)} after${Math.max(loadBefore, loadAfter) > cpus().length ? ' (other work was running on the machine)' : ''}.`,
      '',
      '| Budget | Goal | Measured | Verdict |',
      '|---|---:|---:|---|',
      ...rows.map(([name, goal, measured, ok]) => `| ${name} | ${goal} | ${measured} | ${verdict(ok)} |`),
      `| Ctrl+K to a displayed palette, p95 of ${PALETTE_RUNS} | (no goal) | ${ms(paletteP95)} | |`,
      '',
      '**What is counted (initial JavaScript).** Each page is loaded once in a fresh browser context',
      '(empty cache); every response whose request type is `script` or whose path ends in `.js` (the',
      'entry, its modulepreloads, the lazy chunks of the route and of the shell) from',
      'navigation until the `load` event **and then until the network has been quiet for 1 s** (no request',
      'in flight other than the socket.io transport) counts once, by URL. Each body is gzipped with',
      'node:zlib at level 9 and the sizes are summed. A chunk that loads only later (on a click, a key or',
      'another route) is not counted. CSS and fonts are not counted. /login is loaded signed out; the',
      `project page is \`/project/<id>/dashboard\` with \`auth_token\` in localStorage (registered and the`,
      'project created over HTTP first).',
      '',
      `**What is timed (Ctrl+K).** On the project page, after it has loaded and the network has been quiet`,
      "for 1 s (the palette's code is not loaded yet: it is fetched when Ctrl or Cmd goes down, or the",
      'pointer or focus reaches the palette button, so the first open below includes fetching it with',
      "Playwright's no-gap Control+k; a person's Ctrl-then-K leaves it more time): a capture-phase keydown listener on",
      "window, added before the app's, records `performance.now()` for Ctrl+K; Playwright presses",
      'Control+k; a MutationObserver notices the palette dialog (role=dialog, name "Command palette")',
      'displayed (in the document, a non-empty box, not display:none or visibility:hidden, as Playwright',
      "sees visible; kbar's opacity fade-in is not waited for), and the next requestAnimationFrame callback",
      'records the time of the first frame that shows it. Escape and the dialog hidden between runs.',
      `One first open, not counted, then ${PALETTE_RUNS} counted runs.`,
      '',
      `| Ctrl+K | Median | p95 | Min | Max |`,
      '|---|---:|---:|---:|---:|',
      `| to the first frame showing the palette | ${ms(paletteMedian)} | ${ms(paletteP95)} | ${ms(Math.min(...toFrame))} | ${ms(Math.max(...toFrame))} |`,
      `| to the palette in the DOM (MutationObserver) | ${ms(median(toDom))} | ${ms(percentile(toDom, 95))} | ${ms(Math.min(...toDom))} | ${ms(Math.max(...toDom))} |`,
      `| first open after load (not counted above) | ${ms(palette.first.toFrame)} | | | |`,
      '',
      `### The shot views at ${views.feature.listed} shots`,
      '',
      `**The project.** \`make-screenplay.mjs --pages 120\` (${kb(views.feature.scriptBytes)}) saved as the project's script over HTTP, then`,
      `Generate First Pass over the socket (\`script:generateShotsFromScript\`, ${ms(views.feature.firstPassMs)} on the server): ${views.feature.shots} shots, listed back as ${views.feature.listed}.`,
      '',
      '**What is timed (first render).** Each view is opened in a fresh browser context, once to warm the',
      "HTTP cache with the app's code, then measured: `/project/<id>/<view>` loaded; a MutationObserver added",
      "before the app's code notices the first shot cell (storyboard frame, timeline clip, shot list row) in",
      'the document and the next requestAnimationFrame callback gives the time of the first frame showing',
      "it, from the navigation's start (`performance.now()`). That includes loading the page, the project and",
      `all ${views.feature.listed} shots from the server (PGlite) and building the board. "Shots arrived" is the end of the`,
      "page's shots request (resource timing); what follows it is the board built and the cells rendered.",
      '',
      `**What is counted (scrolling).** After the network has been quiet for 1 s, the view's scroller is moved`,
      `${SCROLL_STEP_PX} px per requestAnimationFrame callback (${SCROLL_STEP_PX * 60} px/s at 60 Hz, a brisk steady scroll) for ${views.results[0]?.scroll.frames ?? 0} frames;`,
      'frames per second = callbacks / elapsed time between the first and the last.',
      '',
      '**What is counted (one update).** Back at the top, `window.__reelbenchCountRenders` is turned on (the',
      "views' cells count their renders into `window.__reelbenchRenders` only while it is, a bench aid that",
      'is off otherwise and compiled only into development and the bench build, `vite build --mode bench`',
      'into dist/bench, whose `.env.bench` sets `VITE_REELBENCH_RENDER_COUNT`: a production build has no',
      'counter); a second client (the SDK, its own socket) renames the first shot in view with',
      '`shot:update`; once the page shows the new name, the counts are read.',
      '',
      '| View | Shots arrived | First cell in the DOM | First frame showing it | Cells mounted | Frames/s scrolling | Longest frame | Scrolled | Renders after one update |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...views.results.map(
        (result) =>
          `| ${result.view.label} | ${result.shotsArrivedMs === null ? 'n/a' : ms(result.shotsArrivedMs)} | ${ms(result.firstCellMs)} | ${ms(result.firstRenderMs)} | ${result.mounted} | ${result.scroll.fps.toFixed(1)} | ${ms(result.scroll.longestFrameMs)} | ${Math.round(result.scroll.scrolledPx)} of ${Math.round(result.scroll.extentPx)} px | \`${JSON.stringify(result.renders)}\` |`,
      ),
      '',
      `### /login: ${kb(login.gzip)} in ${login.chunks.length} files`,
      '',
      ...chunkTable(login),
      '',
      `### Project page (dashboard): ${kb(project.gzip)} in ${project.chunks.length} files`,
      '',
      ...chunkTable(project),
      '',
      'Reproduce: `npx tsc -b && npm run bench -w @reelbench/web` (the bench builds dist/bench first).',
      `<!-- bench:${SECTION}:end -->`,
    ];
    writeBenchmarkSection(SECTION, `${lines.join('\n')}\n`);

    console.log(`Chromium ${version}`);
    for (const [name, goal, measured, ok] of rows)
      console.log(`${verdict(ok)}  ${name}: ${measured} (goal ${goal})`);
    console.log(`      Ctrl+K p95: ${ms(paletteP95)}; first open ${ms(palette.first.toFrame)}`);
    for (const result of [login, project]) {
      console.log(`\n${result.path}: ${kb(result.gzip)} gzip in ${result.chunks.length} files`);
      for (const chunk of result.chunks) {
        console.log(
          `  ${kb(chunk.gzip).padStart(9)}  ${chunk.name}${chunk.afterLoad ? '  (after load)' : ''}`,
        );
      }
    }
    console.log('\nWrote the bench:web section of docs/benchmarks.md');
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(`web benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exit(1);
});
