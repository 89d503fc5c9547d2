import '@testing-library/jest-dom/vitest';
import type { Job, Reelbench } from '@reelbench/sdk';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActionRegistry } from '../src/actions/index.js';
import { JobsTracker } from '../src/app/jobs-tracker.js';
import { RecentActions } from '../src/app/recent-actions.js';
import type { AppServices } from '../src/app/services.js';
import { ServicesProvider } from '../src/app/services-context.js';
import { JobsPage } from '../src/pages/jobs/jobs-page.js';
import { ActivityCounter } from '../src/state/activity.js';
import { createStore } from '../src/state/store.js';
import { ToastStore } from '../src/state/toasts.js';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

function job(id: string, extra: Partial<Job>): Job {
  return {
    id,
    projectId: PROJECT,
    type: 'shot:generate-batch',
    status: 'running',
    progress: 0,
    createdAt: '2026-11-25T11:00:00.000Z',
    updatedAt: '2026-11-25T11:00:00.000Z',
    ...extra,
  };
}

const JOBS: Job[] = [
  job('j-done', {
    status: 'completed',
    progress: 100,
    message: '8/8 shots',
    updatedAt: '2026-11-25T11:20:00.000Z',
  }),
  job('j-run', { status: 'running', progress: 42, message: 'Shot 3 of 8', shotIds: ['a', 'b', 'c'] }),
  job('j-video', {
    type: 'shot:generate-video-batch',
    status: 'queued',
    createdAt: '2026-11-25T11:05:00.000Z',
  }),
  job('j-other', { projectId: OTHER, type: 'composition:create-batch' }),
];

function setup(cancel: (jobId: string) => Promise<Job>) {
  const client = {
    jobs: {
      list: vi.fn(async () => ({ jobs: JOBS, counts: { waiting: 1, running: 1 } })),
      cancel: vi.fn(cancel),
    },
  } as unknown as Reelbench;
  const services = {
    client,
    jobs: new JobsTracker(client),
    toasts: new ToastStore(),
    activity: new ActivityCounter(),
    registry: createActionRegistry(),
    recent: new RecentActions(),
    connection: { state: createStore('connected') },
  } as unknown as AppServices;
  const rootRoute = createRootRoute({ component: Outlet });
  const jobsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/project/$projectId/jobs',
    component: JobsPage,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([jobsRoute]),
    history: createMemoryHistory({ initialEntries: [`/project/${PROJECT}/jobs`] }),
  });
  render(
    <ServicesProvider services={services}>
      <RouterProvider router={router} />
    </ServicesProvider>,
  );
  return { services, client };
}

describe('JobsPage', () => {
  it('lists this project’s jobs live, active first, with labels, progress and a cancel button per active job', async () => {
    const { client } = setup(async (id) => ({
      ...(JOBS.find((j) => j.id === id) as Job),
      status: 'cancelled',
    }));
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    expect(client.jobs.list).toHaveBeenCalled();
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-job-id'))).toEqual(['j-run', 'j-video', 'j-done']);
    expect(rows[0]).toHaveTextContent('Render images');
    expect(rows[0]).toHaveTextContent('Shot 3 of 8');
    expect(
      within(rows[0] as HTMLElement).getByRole('progressbar', { name: 'Render images progress' }),
    ).toHaveAttribute('aria-valuenow', '42');
    expect(rows[1]).toHaveTextContent('Render videos');
    expect(screen.getByRole('button', { name: 'Cancel job Render images' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel job Render videos' })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('cancels the row’s job through the registered action, and moves the selection with the arrows', async () => {
    const { client } = setup(async (id) => ({
      ...(JOBS.find((j) => j.id === id) as Job),
      status: 'cancelled',
    }));
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    const rows = within(grid).getAllByRole('row').slice(1) as HTMLElement[];
    await waitFor(() => expect(rows[0]).toHaveAttribute('aria-selected', 'true'));
    act(() => rows[0]?.focus());
    fireEvent.keyDown(rows[0] as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(rows[1]).toHaveAttribute('aria-selected', 'true'));
    expect(rows[1]).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel job Render images' }));
    await waitFor(() => expect(client.jobs.cancel).toHaveBeenCalledWith('j-run'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel job Render images' })).not.toBeInTheDocument(),
    );
  });

  it('toasts "Failed to cancel job" when the server refuses', async () => {
    const { services } = setup(async () => {
      throw new Error('Job already finished');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel job Render videos' }));
    await waitFor(() =>
      expect(services.toasts.store.get()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'error',
            title: 'Failed to cancel job',
            message: 'Job already finished',
          }),
        ]),
      ),
    );
  });
});
