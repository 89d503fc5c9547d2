import { describe, expect, it } from 'vitest';
import { SOCKET_DEFAULT_TIMEOUT_MS } from '../../src/contract/constants.js';
import { listSocketActions, SOCKET_ACTIONS } from '../../src/contract/socket.js';
import { ACTION_TIMING, actionTiming } from '../../src/contract/socket-events.js';

describe('ACTION_TIMING', () => {
  it("gives every socket action the action table's own timeout and dedupe", () => {
    for (const { domain, action } of listSocketActions()) {
      const spec = (
        SOCKET_ACTIONS as Record<string, Record<string, { timeoutMs: number; dedupe?: boolean }>>
      )[domain]?.[action];
      expect(spec, `${domain}:${action}`).toBeDefined();
      expect(actionTiming(domain, action), `${domain}:${action}`).toEqual({
        timeoutMs: spec?.timeoutMs,
        ...(spec?.dedupe ? { dedupe: true } : {}),
      });
    }
  });

  it('names only actions of the table, each with a timing other than the default', () => {
    const names = new Set(listSocketActions().map(({ domain, action }) => `${domain}:${action}`));
    for (const [event, timing] of Object.entries(ACTION_TIMING)) {
      expect(names.has(event), event).toBe(true);
      expect(timing.timeoutMs !== SOCKET_DEFAULT_TIMEOUT_MS || timing.dedupe === true, event).toBe(true);
    }
  });

  it('answers the default for an unknown action', () => {
    expect(actionTiming('nope', 'never')).toEqual({ timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS });
  });
});
