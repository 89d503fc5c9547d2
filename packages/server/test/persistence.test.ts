import type { Project } from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, newProject, newUser } from './support/factories.js';
import { acrossRestart } from './support/harness.js';

describe.each(testDatabases())('restart on %s', (database) => {
  it('keeps users, tokens and projects when a new server starts on the same data', async () => {
    await acrossRestart(
      database,
      async (first) => {
        const user = await newUser(first);
        const project = await newProject(first, user, {
          name: 'Survives restarts',
          settings: { scenes: [], shotOrder: [] },
        });
        return { user, project };
      },
      async (second, { user, project }) => {
        const fetched = await api<Project>(second, 'GET', `/api/projects/${project.id}`, {
          token: user.token,
        });
        expect(fetched).toMatchObject({ status: 200, body: project });
        const login = await api(second, 'POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
        });
        expect(login.status).toBe(200);
      },
    );
  });
});
