import { describe, expect, it, vi } from 'vitest';
import { hasProject } from '../src/actions/action.js';
import { actionOn, pageAction } from '../src/actions/action-on.js';
import { definePageContext } from '../src/actions/page-context.js';
import { reloadAction } from '../src/actions/reload-action.js';
import { contextAt, offlineServices } from './action-context.js';

describe('actionOn', () => {
  it('is available while there is a target and its own condition holds, and performs on the target', () => {
    const services = offlineServices();
    let target: { name: string } | null = null;
    const perform = vi.fn((found: { name: string }) => found.name);
    const action = actionOn(
      () => target,
      { id: 'test.on', label: 'On', section: 'Selection', available: hasProject },
      perform,
    );
    const inProject = contextAt(services, '/project/p1/styles');
    const home = contextAt(services, '/');

    expect(action.available?.(inProject)).toBe(false);
    expect(action.perform(inProject)).toBeUndefined();
    expect(perform).not.toHaveBeenCalled();

    target = { name: 'Noir' };
    expect(action.available?.(inProject)).toBe(true);
    expect(action.available?.(home)).toBe(false);
    expect(action.perform(inProject)).toBe('Noir');
    expect(perform).toHaveBeenCalledWith(target, inProject);
  });
});

describe('pageAction', () => {
  it("gives the page's scope and section, lets a definition name another section, and acts on the page", () => {
    const services = offlineServices();
    const page = definePageContext<{ run: () => string }>('test-page');
    const testAction = pageAction(page, { scope: 'timeline-page', section: 'Shots' });
    const plain = testAction({ id: 'test.plain', label: 'Plain' }, (shown) => shown.run());
    const viewed = testAction({ id: 'test.viewed', label: 'Viewed', section: 'View' }, (shown) =>
      shown.run(),
    );
    const here = contextAt(services, '/project/p1/timeline');

    expect([plain.scope, plain.section, viewed.scope, viewed.section]).toEqual([
      'timeline-page',
      'Shots',
      'timeline-page',
      'View',
    ]);
    expect(plain.available?.(here)).toBe(false);
    page.store(services).set({ run: () => 'ran' });
    expect(plain.available?.(here)).toBe(true);
    expect(plain.perform(here)).toBe('ran');
  });
});

describe('reloadAction', () => {
  it("fetches again the project's queries it names, with a project only", async () => {
    const services = offlineServices();
    const invalidate = vi.spyOn(services.queryClient, 'invalidateQueries').mockResolvedValue();
    const action = reloadAction({ id: 'test.reload', label: 'Reload', section: 'Project' }, (projectId) => [
      ['a', projectId],
      ['b', projectId],
    ]);

    expect(action.available?.(contextAt(services, '/'))).toBe(false);
    await action.perform(contextAt(services, '/'));
    expect(invalidate).not.toHaveBeenCalled();

    const here = contextAt(services, '/project/p1/dashboard');
    expect(action.available?.(here)).toBe(true);
    await action.perform(here);
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['a', 'p1'] }], [{ queryKey: ['b', 'p1'] }]]);
  });
});
