import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

describe('GET /me over loopback', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
  });
  afterAll(() => sandbox?.dispose());

  it('names the demo client and its company', async () => {
    const response = await fetch(`${sandbox.baseUrl}/me`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const body = (await response.json()) as {
      data: { client: { name: string; token_prefix: string }; company: { code: string } };
    };
    expect(body.data.company.code).toBe('DEMO');
    expect(body.data.client.name).toBe('Demo ERP');
    expect(body.data.client.token_prefix).toBe(sandbox.token.slice(0, 17));
  });
});
