// The audit trail's words (docs/decisions/110-audit-trail.md): what the clerk did that made a call,
// and a call's status, in the clerk's language.
import type { AuditCall } from '../../../src-shared/bridge/contract';
import type { MessageId } from '../../messages/catalogue';
import { catalogues } from '../../messages/catalogue';
import { say } from '../../messages/intl';

/** The catalogue's words for an action (a bridge operation, or `desk`), or the action's own name. */
export function actionWords(action: string): string {
  const id = `audit.action.${action}`;
  return id in catalogues.en ? say(id as MessageId) : action;
}

/** A call's status as read: the HTTP status, "no answer", and whether the service replayed a key. */
export function statusWords(call: Pick<AuditCall, 'status' | 'replayed'>): string {
  if (call.status === null) return say('audit.status.none');
  return call.replayed ? say('audit.status.replayed', { status: call.status }) : String(call.status);
}
