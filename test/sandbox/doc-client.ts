import { randomUUID } from 'node:crypto';
import type { RunningSandbox } from '../support/sandbox';

/** An answer read over loopback: status, headers and the parsed JSON body. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A feed page as the tests read it (the wire schema is checked where a test says so). */
export interface Page<T = Doc> {
  data: T[];
  meta: {
    has_more: boolean;
    high_water: number;
    next_version_after: number;
    per_page: number;
    last_seq?: number;
  };
}

/** A served document, read loosely: tests look at the members they assert. */
export interface Doc {
  id: string;
  version: number;
  status: string;
  updated_at: string;
  number?: string | null;
  seq?: number | null;
  ack?: {
    acked_version: number;
    outcome: string;
    external_number?: string | null;
    external_ref?: string | null;
  } | null;
  external_number?: string | null;
  external_ref?: string | null;
  [member: string]: unknown;
}

/** Calls the interface of a running sandbox with a token (the demo token unless given). */
export function client(sandbox: RunningSandbox, token = sandbox.token) {
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    key: string | null = randomUUID(),
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && key !== null) headers['idempotency-key'] = key;
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  }
  return {
    call,
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, body: unknown, key?: string | null) => call<T>('POST', path, body, key),
    /** Every document of a feed, paging by version. */
    async all(feed: string, perPage = 500): Promise<Doc[]> {
      const docs: Doc[] = [];
      let after = 0;
      for (;;) {
        const page = await call<Page>('GET', `/${feed}?per_page=${perPage}&filter[version_after]=${after}`);
        if (page.status !== 200) throw new Error(`GET /${feed} answered ${page.status}`);
        docs.push(...page.body.data);
        if (!page.body.meta.has_more) return docs;
        after = page.body.meta.next_version_after;
      }
    },
  };
}
