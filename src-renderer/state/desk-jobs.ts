/**
 * The sync/ jobs the features start, on this renderer's bridge. sync/ takes the bridge as an argument
 * (its jobs also run in Node against a real core), and features/ may not import it: lint lets only the
 * two doors, features/files and features/commands, reach bridge/ (eslint.config.js). Jobs, never the
 * bridge itself, are handed out here.
 */
import type { AuditQuery } from '../../src-shared/bridge/contract';
import type { CustomerKeys } from '../../src-shared/domain/reconcile';
import type { PushPlan, PushRunSummary } from '../../src-shared/domain/master-data';
import type { ReferenceEntry, ReferenceKind } from '../../src-shared/wire';
import { desk } from '../bridge/desk';
import {
  compareRunBalances,
  controlRun,
  followPushProgress,
  readRunStatus,
  refreshRunSummaries,
  refusedFollow,
  startKeptRun,
  syncResults,
} from '../sync/push-runs';
import { readAllAuditCalls } from '../sync/audit-trail';
import { refreshReferenceList } from '../sync/reference-lists';
import { askRegisterKeys } from '../sync/register-keys';

/** Master data's push runs (sync/push-runs.ts). */
export const pushRunJobs = {
  start(plan: PushPlan, files: string[]) {
    return startKeptRun(desk, plan, files);
  },
  syncResults(summary: PushRunSummary) {
    return syncResults(desk, summary);
  },
  refreshSummaries() {
    return refreshRunSummaries(desk);
  },
  followProgress(listener: (summary: PushRunSummary) => void) {
    return followPushProgress(desk, listener);
  },
  readStatus(runId: string) {
    return readRunStatus(desk, runId);
  },
  control(runId: string, action: 'pause' | 'resume') {
    return controlRun(desk, runId, action);
  },
  compareBalances(runId: string) {
    return compareRunBalances(desk, runId);
  },
  refusedFollow,
};

/** The audit trail the core keeps (sync/audit-trail.ts). */
export const auditTrailJobs = {
  page(query: AuditQuery) {
    return desk.audit.calls(query);
  },
  all(query: AuditQuery) {
    return readAllAuditCalls(desk, query);
  },
};

/** Code lists, the cached one first and then the service's (sync/reference-lists.ts). */
export const referenceListJobs = {
  refresh(kind: ReferenceKind, show: (entries: ReferenceEntry[]) => void) {
    return refreshReferenceList(desk, kind, show);
  },
};

/** A reconciliation's register keys, asked of the service and kept (sync/register-keys.ts). */
export const registerKeyJobs = {
  ask(id: string, unknown: readonly string[], known: CustomerKeys) {
    return askRegisterKeys(desk, id, unknown, known);
  },
};
