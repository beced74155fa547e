/**
 * The audit trail as the core keeps it (`audit.calls`, docs/decisions/110-audit-trail.md): a page of
 * calls, or every call of a query page by page (an export). Nothing of it is kept in the renderer.
 */
import type { AuditCall, AuditPage, AuditQuery, DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';

type AuditDesk = { audit: Pick<DeskApi['audit'], 'calls'> };

/** A page of the trail, or why it could not be read. */
export async function readAuditPage(
  desk: AuditDesk,
  query: AuditQuery,
): Promise<{ ok: true; page: AuditPage } | { ok: false; error: DeskError }> {
  const result = await desk.audit.calls(query);
  return result.ok ? { ok: true, page: result.value } : { ok: false, error: result.error };
}

/** Every call of a query, newest first, or why a page could not be read. */
export async function readAllAuditCalls(
  desk: AuditDesk,
  query: AuditQuery,
): Promise<{ ok: true; calls: AuditCall[] } | { ok: false; error: DeskError }> {
  const calls: AuditCall[] = [];
  let after: string | undefined;
  for (;;) {
    const read = await readAuditPage(desk, after === undefined ? query : { ...query, after });
    if (!read.ok) return read;
    calls.push(...read.page.calls);
    if (read.page.next === null) return { ok: true, calls };
    after = read.page.next;
  }
}
