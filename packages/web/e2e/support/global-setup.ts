import { ServerProcess, STATE_ENV } from './server.js';

/**
 * Starts one real server for the whole run (PGlite needs several seconds to initialise, so it is
 * not restarted when a failed test replaces its worker) and stops it at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await ServerProcess.create();
  process.env[STATE_ENV] = server.file;
  try {
    await server.start();
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return async () => {
    await ServerProcess.attach(server.file).dispose();
  };
}
