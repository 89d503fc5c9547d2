import { SERVER_MESSAGES } from '@reelbench/sdk/contract';
import { rateLimited, type Throttles } from '../common/throttles.js';

/**
 * Login attempts, counted BEFORE the password is checked (so a burst cannot have every attempt
 * hashed while the count catches up), in three counters (common/throttles.ts; limits in the config):
 * per account and address, per address whatever the accounts, and per account across addresses. The
 * last refuses only addresses that already tried the account, so someone guessing from elsewhere
 * cannot lock the owner out: the owner's own address still logs in. A successful login gives its
 * attempt back and clears the account-and-address count.
 */
export class LoginRateLimiter {
  constructor(private readonly throttles: Throttles) {}

  /** Counts one attempt; throws RATE_LIMIT_ERROR (with retryAfterSeconds) when it is one too many. */
  async attempt(account: string, address: string): Promise<void> {
    const pair = await this.throttles.take('login-account-address', pairKey(account, address));
    const fromAddress = await this.throttles.take('login-address', address);
    const forAccount = await this.throttles.take('login-account', account);
    // Past the per-account limit, an address that never tried this account still gets in.
    const triedBefore = pair.consumed > 1;
    const refused = [pair, fromAddress, ...(triedBefore ? [forAccount] : [])].filter(
      (taken) => !taken.allowed,
    );
    if (refused.length > 0) {
      throw rateLimited(
        SERVER_MESSAGES.tooManyLoginAttempts,
        Math.max(...refused.map((taken) => taken.retryAfterMs)),
      );
    }
  }

  /** The attempt was the right password: it does not count against the address or the account. */
  async succeeded(account: string, address: string): Promise<void> {
    await Promise.all([
      this.throttles.forget('login-account-address', pairKey(account, address)),
      this.throttles.giveBack('login-address', address),
      this.throttles.giveBack('login-account', account),
    ]);
  }
}

function pairKey(account: string, address: string): string {
  return `${address}|${account}`;
}
