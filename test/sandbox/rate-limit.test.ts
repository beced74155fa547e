import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { call, expectError, readMe, type Answer } from './platform-support';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 0, rateLimit: 5 });
});
afterAll(async () => {
  await sandbox.dispose();
});

function rateHeaders(answer: Answer) {
  return {
    limit: answer.headers.get('x-ratelimit-limit'),
    remaining: answer.headers.get('x-ratelimit-remaining'),
    reset: Number(answer.headers.get('x-ratelimit-reset')),
  };
}

/** Moves the sandbox clock to the start of its next minute, so a test's calls share one window. */
async function startNextWindow(): Promise<void> {
  const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: 0 });
  const intoMinuteMs = Date.parse(now) % 60_000;
  await sandbox.admin('POST', '/clock', { advance_seconds: (60_000 - intoMinuteMs) / 1000 + 0.05 });
}

describe('rate limit per client per minute (spec, Limits)', () => {
  it('sends the rate-limit headers on every answer and refuses the call over the limit with 429 and Retry-After', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Limited',
      system: 'OTHER',
      scopes: [],
    });
    await startNextWindow();
    const answers: Answer[] = [];
    // Successes and errors alike count and carry the headers: /me, an unknown kind (404), an unknown path (404).
    for (const path of ['/me', '/reference/nope', '/nope', '/me', '/reference/currencies']) {
      answers.push(await call(`${sandbox.baseUrl}${path}`, 'GET', { token }));
    }
    expect(answers.map((a) => [a.status, rateHeaders(a).limit, rateHeaders(a).remaining])).toEqual([
      [200, '5', '4'],
      [404, '5', '3'],
      [404, '5', '2'],
      [200, '5', '1'],
      [200, '5', '0'],
    ]);
    for (const a of answers) {
      expect(a.headers.get('x-request-id')).toMatch(/^req_/);
      expect(rateHeaders(a).reset).toBeGreaterThanOrEqual(1);
      expect(rateHeaders(a).reset).toBeLessThanOrEqual(60);
    }

    const over = await call(`${sandbox.baseUrl}/me`, 'GET', { token });
    expectError(over, 429, 'RATE_LIMITED');
    expect(rateHeaders(over).remaining).toBe('0');
    expect(over.headers.get('retry-after')).toBe(String(rateHeaders(over).reset));

    // Another client has its own budget.
    expect((await call(`${sandbox.baseUrl}/me`, 'GET', { token: sandbox.token })).status).toBe(200);

    // When the window resets (the sandbox clock passes the minute), calls are taken again.
    await sandbox.admin('POST', '/clock', { advance_seconds: rateHeaders(over).reset });
    const next = await call(`${sandbox.baseUrl}/me`, 'GET', { token });
    expect([next.status, rateHeaders(next).remaining]).toEqual([200, '4']);
  });

  it('takes a per-client limit from the console, shown in /me and applied at once', async () => {
    const { client_id: clientId, token } = await sandbox.admin<{ client_id: string; token: string }>(
      'POST',
      '/clients',
      {
        name: 'Raised',
        system: 'OTHER',
        scopes: [],
      },
    );
    await startNextWindow();
    for (let i = 0; i < 5; i += 1) await call(`${sandbox.baseUrl}/me`, 'GET', { token });
    expectError(await call(`${sandbox.baseUrl}/me`, 'GET', { token }), 429, 'RATE_LIMITED');

    await sandbox.admin('PATCH', `/clients/${clientId}`, { rate_limit_per_minute: 8 });
    const raised = await call(`${sandbox.baseUrl}/me`, 'GET', { token });
    expect([raised.status, rateHeaders(raised).limit, rateHeaders(raised).remaining]).toEqual([
      200,
      '8',
      '2',
    ]);
    expect(readMe(raised).data.client.rate_limit_per_minute).toBe(8);
  });

  it('gives a client created with an explicit limit that limit instead of the --rate-limit default', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Explicit',
      system: 'OTHER',
      scopes: [],
      rate_limit_per_minute: 300,
    });
    const answer = await call(`${sandbox.baseUrl}/me`, 'GET', { token });
    expect(rateHeaders(answer).limit).toBe('300');
  });
});
