import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_ROOT = path.resolve(here, '../..');
export const SCREENS_DIR = path.join(WEB_ROOT, 'test-results/screens');
export const FIXTURES_DIR = path.resolve(here, '../fixtures');
const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');
let axeScript: string | undefined;
function axeSource(): string {
  axeScript ??= readFileSync(AXE_PATH, 'utf8');
  return axeScript;
}

export interface TestUser {
  email: string;
  username: string;
  password: string;
}

let counter = 0;

/** A user no other test has: the time, the process and a counter. */
export function uniqueUser(): TestUser {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { email: `e2e-${tag}@example.test`, username: `e2e_${tag}`, password: `pass-${tag}-word` };
}

/** Registers a new user through /login's "Create an account" modal and waits for the projects page. */
export async function register(page: Page, user: TestUser = uniqueUser()): Promise<TestUser> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(user.email);
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  await expect(dialog).toBeHidden();
  // The signed-in shell (loaded with the first signed-in page) is up: its keys are bound.
  await expect(page.getByRole('button', { name: `Account: ${user.username}` })).toBeVisible();
  return user;
}

/** The palette dialog. */
export function palette(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Command palette' });
}

/** Ctrl+K, and the palette's search field has focus. */
export async function openPalette(page: Page): Promise<Locator> {
  const dialog = palette(page);
  // The palette's code arrives when the page is idle; Ctrl+K before then opens it once it has loaded.
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox')).toBeFocused();
  return dialog;
}

/** A list whose active entry the keyboard moves: its entries in order, and how it marks the active one. */
export interface KeyList {
  entries: Locator;
  /** DOM focus on the entry (Radix Select, menus) or aria-selected="true" on it (the palette). */
  active: 'focus' | 'aria-selected';
}

/** The open Radix Select's options: the focused one is active. */
export function openSelect(page: Page): KeyList {
  return {
    entries: page.getByRole('listbox').and(page.locator('[data-state="open"]')).getByRole('option'),
    active: 'focus',
  };
}

/** The palette's entries (section headers included): the one with aria-selected="true" is active. */
export function paletteList(dialog: Locator): KeyList {
  return { entries: dialog.getByRole('option'), active: 'aria-selected' };
}

interface Entry {
  text: string;
  active: boolean;
}

/** One look at the list, without waiting: each entry's text and whether it is the active one. */
function lookAt(list: KeyList): Promise<Entry[]> {
  return list.entries.evaluateAll(
    (elements, mark) =>
      elements.map((element) => ({
        text: (element.textContent ?? '').trim(),
        active:
          mark === 'focus'
            ? element === document.activeElement
            : element.getAttribute('aria-selected') === 'true',
      })),
    list.active,
  );
}

function describeLook(entries: readonly Entry[]): string {
  if (entries.length === 0) return 'no entries';
  const active = entries.filter((entry) => entry.active).map((entry) => `"${entry.text}"`);
  return `active ${active.join(' and ') || 'none'} of ${entries.map((entry) => `"${entry.text}"`).join(', ')}`;
}

function matches(text: string, target: string | RegExp): boolean {
  return typeof target === 'string' ? text.includes(target) : target.test(text);
}

/** Two looks this far apart that agree are a settled list (the palette re-filters at most every 100 ms). */
const SETTLE_MS = 150;

/**
 * Looks until the list has settled: two looks SETTLE_MS apart agree and exactly one entry is active
 * (a Radix Select focuses its current option a moment after it opens; the palette re-filters a moment
 * after the query changes).
 */
async function settledLook(list: KeyList, what: string): Promise<Entry[]> {
  let last = '';
  let look: Entry[] = [];
  try {
    await expect
      .poll(
        async () => {
          look = await lookAt(list);
          const now = JSON.stringify(look);
          const settled = now === last && look.filter((entry) => entry.active).length === 1;
          last = now;
          return settled;
        },
        { intervals: [SETTLE_MS], timeout: 5_000 },
      )
      .toBe(true);
  } catch (error) {
    throw new Error(`${what}: the list did not settle with one active entry (${describeLook(look)})`, {
      cause: error,
    });
  }
  return look;
}

/**
 * Moves the list's active entry to the first entry whose text contains `target` (or matches it), as a
 * careful person at a keyboard does: look until the list is still, stop if the target is active, else
 * press one key and wait (up to 2 s) until the list shows it; a press that changed nothing was dropped
 * and the next look decides again. The key is ArrowDown, or ArrowUp when the target is above the active
 * entry (a late re-filter can leave it there), unless `key` fixes it (Home, End). No key is ever
 * pressed on a look older than the last press. Fails, naming the target and what was active, after
 * `presses` presses or three in a row that changed nothing.
 */
export async function moveActiveTo(
  page: Page,
  list: KeyList,
  target: string | RegExp,
  { key, presses = 30 }: { key?: string; presses?: number } = {},
): Promise<void> {
  const what = `moving the active entry to ${String(target)}`;
  let look: Entry[] = [];
  let unanswered = 0;
  for (let pressed = 0; ; pressed += 1) {
    look = await settledLook(list, what);
    const active = look.findIndex((entry) => entry.active);
    if (matches(look[active]?.text ?? '', target)) return;
    if (pressed === presses || unanswered === 3) break;
    const wanted = look.findIndex((entry) => matches(entry.text, target));
    const next = key ?? (wanted !== -1 && wanted < active ? 'ArrowUp' : 'ArrowDown');
    const before = JSON.stringify(look);
    await page.keyboard.press(next);
    // Seen to land, or not within 2 s (dropped, or the end of the list): the next look decides.
    const landed = await expect
      .poll(async () => JSON.stringify(await lookAt(list)), { intervals: [25, 50, 100], timeout: 2_000 })
      .not.toBe(before)
      .then(
        () => true,
        () => false,
      );
    unanswered = landed ? 0 : unanswered + 1;
  }
  const why =
    unanswered === 3 ? 'three presses in a row changed nothing' : `not there after ${presses} presses`;
  throw new Error(`${what}: ${why} (${describeLook(look)})`);
}

/**
 * Runs a command as a person would: Ctrl+K, type the query, move to the entry named `label` with the
 * arrow keys when it is not the first (moveActiveTo: each press only on a settled look), Enter.
 */
export async function runCommand(page: Page, query: string, label: string = query): Promise<void> {
  const dialog = await openPalette(page);
  await page.keyboard.type(query);
  const entry = dialog.getByRole('option', { name: label, exact: false }).filter({ hasText: label });
  await expect(entry.first()).toBeVisible();
  await moveActiveTo(page, paletteList(dialog), label);
  const active = dialog.locator('[role="option"][aria-selected="true"]');
  await expect(active).toContainText(label);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Gone for good, not only fading: while mounted, the palette takes every Enter for itself.
  await expect(page.locator('.palette-scrim')).toHaveCount(0);
}

/**
 * Ctrl+K "Go to <label>" from a project's page: lands on that page (its path is the label in lower
 * case unless `slug` says otherwise, e.g. Cuts → edl).
 */
export async function goToProjectPage(
  page: Page,
  projectId: string,
  label: string,
  slug: string = label.toLowerCase(),
): Promise<void> {
  await runCommand(page, `Go to ${label}`);
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${slug}$`));
}

/** In a dialog whose Name field has the focus: select the name, type `name` over it, Enter; it closes. */
export async function renameInDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** The signed-in page's token, for the few calls the UI has no faster way to make (shots, assets). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  if (!token) throw new Error('no auth token in the signed-in page');
  return token;
}

/** Request options that call the API as the user whose token this is. */
export function asUser(token: string): { headers: { authorization: string } } {
  return { headers: { authorization: `Bearer ${token}` } };
}

/** POSTs `data` to the API path as the token's user and expects it created (201). */
export async function apiCreate(page: Page, token: string, path: string, data: unknown): Promise<void> {
  const response = await page.request.post(path, { ...asUser(token), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
}

/**
 * A new signed-in user's project named `name` with `shots` (each a name and a duration in seconds)
 * added through the API, in order: the project's id and the user's token.
 */
export async function projectWithApiShots(
  page: Page,
  name: string,
  shots: readonly (readonly [name: string, duration: number])[],
): Promise<{ projectId: string; token: string }> {
  await register(page);
  const projectId = await createProjectFromPalette(page, name);
  const token = await tokenOf(page);
  for (const [shot, duration] of shots) {
    await apiCreate(page, token, `/api/projects/${projectId}/shots`, { name: shot, duration });
  }
  return { projectId, token };
}

/** Ctrl+K "New Project", the name, Enter: lands on the new project's script page. Returns its id. */
export async function createProjectFromPalette(page: Page, name: string): Promise<string> {
  await runCommand(page, 'New Project');
  const modal = page.getByRole('dialog', { name: 'New project' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/project\/[^/]+\/script$/, { timeout: 20_000 });
  await expect(modal).toBeHidden();
  const match = /\/project\/([^/]+)\/script$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`No project id in ${page.url()}`);
  return match[1];
}

/** The toast whose title is `title`. */
export function toast(page: Page, title: string): Locator {
  return page.locator('li.toast').filter({ has: page.locator('.toast__title', { hasText: title }) });
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** axe-core's serious and critical violations on the page as it is now (the palette or a dialog included). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: the server's Content-Security-Policy (script-src 'self')
  // stays in force, so the suite also sees what it would block.
  if (!loaded) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: AxeViolation[];
    };
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target,
        failureSummary: (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim(),
      })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Fails on any serious or critical axe violation, naming the rules and their targets. */
/**
 * Waits (up to 3 s) for the finite CSS transitions and animations under way to end: a theme switch
 * or an overlay's fade measured half-way gives axe colours that no one sees for long.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([
      Promise.allSettled(running.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
}

export async function expectAxeClean(page: Page, name: string, soft = false): Promise<void> {
  await settleAnimations(page);
  const violations = await axeViolations(page);
  const report = violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
          .slice(0, 8)
          .map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`)
          .join('\n    ')}`,
    )
    .join('\n');
  (soft ? expect.soft : expect)(violations, `axe on ${name} (${page.url()}):\n${report}`).toEqual([]);
}

type Theme = 'dark' | 'light';

/** Sets the theme the way the app does (local storage, a class and a data attribute on the root). */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((next) => {
    localStorage.setItem('reelbench-theme', next);
    const root = document.documentElement;
    root.classList.toggle('dark', next === 'dark');
    root.classList.toggle('light', next === 'light');
    root.dataset.theme = next;
  }, theme);
  await page.waitForFunction((next) => document.documentElement.dataset.theme === next, theme);
  // Two frames: the new colours are painted.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The page in both themes: test-results/screens/<name>-dark.png and -light.png; it ends in dark. */
export async function screens(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await setTheme(page, 'dark');
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-dark.png`), animations: 'disabled' });
  await setTheme(page, 'light');
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-light.png`), animations: 'disabled' });
  await setTheme(page, 'dark');
}

/** Nothing sticks out of the window on the right (a page wider than the window). */
export async function expectFitsWindow(page: Page, name: string, soft = true): Promise<void> {
  const overflow = await page.evaluate(() => {
    // The shell's own parts end at the window's edge; a page whose content is too wide pushes them out.
    const parts = ['.top-bar', '.app-shell__main', '.status-line', '.login__panel', '.public-page__main'];
    const wide = parts
      .map(
        (selector) =>
          [selector, document.querySelector(selector)?.getBoundingClientRect().right ?? 0] as const,
      )
      .filter(([, right]) => right > window.innerWidth + 1)
      .map(([selector, right]) => `${selector} ends at ${Math.round(right)} px`);
    const width = document.documentElement.scrollWidth;
    if (width > window.innerWidth) wide.push(`the document is ${width} px wide`);
    return { viewport: window.innerWidth, wide };
  });
  (soft ? expect.soft : expect)(
    overflow.wide,
    `${name}: wider than the ${overflow.viewport} px window: ${overflow.wide.join('; ')}`,
  ).toEqual([]);
}

export async function checkPage(page: Page, name: string, { soft = true } = {}): Promise<void> {
  await setTheme(page, 'dark');
  await expectAxeClean(page, `${name} (dark)`, soft);
  await setTheme(page, 'light');
  await expectAxeClean(page, `${name} (light)`, soft);
  await expectFitsWindow(page, name, soft);
  await screens(page, name);
}

/** The script page's CodeMirror editor. */
export function scriptEditor(page: Page): Locator {
  return page.getByLabel('Script editor', { exact: true });
}

/**
 * Types as a person would: Enter for a new line, and "?" with Shift held (the key that also opens the
 * shortcut help outside text fields).
 */
export async function typeLikeAPerson(page: Page, text: string): Promise<void> {
  for (const part of text.split(/(\n|\?)/)) {
    if (part === '\n') await page.keyboard.press('Enter');
    else if (part === '?') await page.keyboard.press('Shift+?');
    else if (part !== '') await page.keyboard.type(part);
  }
}

/** A fixture file of e2e/fixtures. */
export function fixture(name: string): string {
  return path.join(FIXTURES_DIR, name);
}

/**
 * Imports a fixture through the script page's file input and waits for the "Script imported" toast;
 * `replace`: over a script that has text, Tab to "Replace script" in the question and Enter.
 */
export async function importScript(page: Page, name: string, { replace = false } = {}): Promise<void> {
  await expect(scriptEditor(page)).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Import script file').setInputFiles(fixture(name));
  if (replace) {
    const ask = page.getByRole('dialog', { name: 'Replace the script?' });
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ask.getByRole('button', { name: 'Replace script' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
  }
  // This file's toast: an earlier import's may still be on screen.
  await expect(toast(page, 'Script imported').filter({ hasText: name }).last()).toBeVisible();
}

/** Ctrl+S from the editor, and the "Saved" toast. */
export async function saveWithKeyboard(page: Page): Promise<void> {
  await scriptEditor(page).focus();
  await page.keyboard.press('Control+s');
  await expect(toast(page, 'Saved').first()).toBeVisible();
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
}

/** Focus moved to a button (as Tab would), then Enter. */
export async function pressButton(page: Page, button: Locator): Promise<void> {
  await expect(button).toBeEnabled();
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

/** The Generate First Pass modal, opened from the palette. */
export async function openFirstPass(page: Page): Promise<Locator> {
  await runCommand(page, 'Generate First Pass');
  const modal = page.getByRole('dialog', { name: 'Generate First Pass' });
  await expect(modal).toBeVisible();
  // The dialog has taken focus (Radix moves it in once open).
  await expect(modal.locator(':focus')).toHaveCount(1);
  return modal;
}

/** Generate First Pass with the defaults; returns the number of shots the toast reports. */
export async function generateFirstPass(page: Page): Promise<number> {
  const modal = await openFirstPass(page);
  await pressButton(page, modal.getByRole('button', { name: 'Generate First Pass' }));
  const ready = toast(page, 'First Pass Ready');
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect(modal).toBeHidden();
  const message = (await ready.locator('.toast__message').textContent()) ?? '';
  const match = /Created (\d+) shots with gritty-filmic style/.exec(message);
  expect(match, `toast message: ${message}`).not.toBeNull();
  return Number(match?.[1]);
}

/**
 * A new signed-in user's project named `name` with `script` (a fixture) saved and its first pass
 * made: the project's id and how many shots the first pass made.
 */
export async function projectWithShots(
  page: Page,
  name: string,
  script = 'three-scenes.fountain',
): Promise<{ id: string; shots: number }> {
  await register(page);
  const id = await createProjectFromPalette(page, name);
  await importScript(page, script);
  await saveWithKeyboard(page);
  const shots = await generateFirstPass(page);
  return { id, shots };
}

/** A second browser (its own context) signed in as the same user. */
export async function secondBrowser(
  page: Page,
  token: string,
): Promise<{ context: BrowserContext; other: Page }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, reducedMotion: 'reduce' });
  await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  return { context, other: await context.newPage() };
}

/** Timeline → Create Cut → the name → Enter: lands on the new cut's page. Returns its id. */
export async function createCutFromTimeline(page: Page, projectId: string, name: string): Promise<string> {
  await goToProjectPage(page, projectId, 'Timeline');
  await pressButton(page, page.getByRole('button', { name: 'Create Cut', exact: true }));
  const dialog = page.getByRole('dialog', { name: 'Create cut' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/edl/[0-9a-f-]{36}$`), { timeout: 20_000 });
  await expect(dialog).toBeHidden();
  const match = /\/edl\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`No cut id in ${page.url()}`);
  return match[1];
}

/**
 * Render All Images from the palette, its toast seen, then waits until every shot of the project has
 * its still (read over the API): the frames the rough cut, the timeline and the prints show.
 */
export async function renderAllImages(
  page: Page,
  projectId: string,
  token: string,
  timeout = 60_000,
): Promise<void> {
  await runCommand(page, 'Render All Images');
  await expect(toast(page, 'Render All Images started')).toBeVisible();
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/projects/${projectId}/shots`, asUser(token));
        const { shots } = (await response.json()) as { shots: { image_url: string | null }[] };
        return shots.length > 0 && shots.every((shot) => shot.image_url);
      },
      { timeout },
    )
    .toBe(true);
}
