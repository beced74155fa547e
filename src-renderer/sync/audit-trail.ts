/**
 * The audit trail as the core keeps it (`audit.calls`, docs/decisions/110-audit-trail.md): every call of
 * a query, page by page (an export). Nothing of it is kept in the renderer.
 */
import type { AuditCall, AuditQuery, DeskApi } from '../../src-shared/bridge/contract';
import { ok, type Result } from '../../src-shared/bridge/result';

/** Every call of a query, newest first, or why a page could not be read. */
export async function readAllAuditCalls(
  desk: { audit: Pick<DeskApi['audit'], 'calls'> },
  query: AuditQuery,
): Promise<Result<AuditCall[]>> {
  const calls: AuditCall[] = [];
  let after: string | undefined;
  for (;;) {
    const read = await desk.audit.calls(after === undefined ? query : { ...query, after });
    if (!read.ok) return read;
    calls.push(...read.value.calls);
    if (read.value.next === null) return ok(calls);
    after = read.value.next;
  }
}
