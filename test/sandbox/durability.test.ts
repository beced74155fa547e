import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { client, type Doc, type Page } from './doc-client';

// The crash test (sandbox contract: "After SIGKILL, a restart on the same DIR has lost no answered
// write"): a stream of idempotent ack writes, SIGKILL in the middle, restart on the same data
// folder; every answered write is there and every key replays its first answer.

let sandbox: RunningSandbox;

interface Write {
  key: string;
  path: string;
  body: string;
  feed: string;
  id: string;
}
interface Answered extends Write {
  text: string;
}

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 60, rateLimit: 1_000_000 });
});
afterAll(async () => {
  await sandbox?.dispose();
});

async function send(write: Write): Promise<Response> {
  return fetch(`${sandbox.baseUrl}${write.path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.token}`,
      'content-type': 'application/json',
      'idempotency-key': write.key,
    },
    body: write.body,
  });
}

describe('SIGKILL under a stream of ack writes', () => {
  it('loses no answered write, and every key still replays after the restart', async () => {
    const api = client(sandbox);
    const writes: Write[] = [];
    for (const feed of ['invoices', 'payments', 'returns', 'orders']) {
      const pending = (await api.get<Page>(`/${feed}?filter[ack]=pending&per_page=500`)).body.data;
      for (const doc of pending) {
        const answer =
          feed === 'orders'
            ? { outcome: 'ACCEPTED', external_number: `ERP-${doc.id}` }
            : { outcome: 'ACCEPTED', external_ref: `ERP-${doc.id}` };
        writes.push({
          key: `crash-${writes.length}`,
          path: `/${feed}/${doc.id}/ack`,
          body: JSON.stringify(answer),
          feed,
          id: doc.id,
        });
      }
    }
    expect(writes.length).toBeGreaterThan(200);

    const answered: Answered[] = [];
    const unanswered: Write[] = [];
    let next = 0;
    let killed = false;
    const killAfter = 80;
    const worker = async (): Promise<void> => {
      while (next < writes.length) {
        const write = writes[next++]!;
        if (killed) {
          unanswered.push(write);
          continue;
        }
        try {
          const response = await send(write);
          const text = await response.text();
          if (response.status !== 200) throw new Error(`${write.path} answered ${response.status}: ${text}`);
          answered.push({ ...write, text });
          if (answered.length === killAfter && !killed) {
            killed = true;
            await sandbox.stop('SIGKILL');
          }
        } catch (error) {
          if (!killed) throw error;
          unanswered.push(write); // in flight when the process died: it may or may not have been applied
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(killed).toBe(true);
    expect(answered.length).toBeGreaterThanOrEqual(killAfter);
    expect(unanswered.length).toBeGreaterThan(0);

    await sandbox.restart();

    for (const write of answered) {
      const replay = await send(write);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.text()).toBe(write.text);
      const doc = (await api.get<{ data: Doc }>(`/${write.feed}/${write.id}`)).body.data;
      expect(doc.ack?.outcome).toBe('ACCEPTED');
    }
    // A write that got no answer is simply sent again with its key: applied once, either way.
    for (const write of unanswered.slice(0, 40)) {
      const again = await send(write);
      expect(again.status).toBe(200);
      const result = ((await again.json()) as { data: { result: string } }).data.result;
      expect(result).toBe('applied');
      expect((await send(write)).headers.get('idempotent-replayed')).toBe('true');
    }
  });
});
