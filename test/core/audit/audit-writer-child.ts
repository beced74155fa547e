// A desk core's audit trail writing calls until it is killed (audit-trail.test.ts): after each call
// the trail took, its number is printed, so the test knows what the trail said it kept before the kill.
import { AuditTrail } from '../../../src-main/core/audit/audit-trail';

const dir = process.argv[2]!;
const trail = new AuditTrail({ dir, clock: { now: () => Date.now() } });
let seq = 0;
const writeOne = (): void => {
  seq += 1;
  trail.append({
    at: new Date().toISOString(),
    connectionId: 'c-1',
    connection: 'Live',
    action: 'feeds.pull',
    method: 'GET',
    path: `/invoices?filter[version_after]=${seq}&per_page=500`,
    attempt: 1,
    status: 200,
    code: null,
    requestId: `req-${seq}`,
    idempotencyKey: null,
    replayed: false,
    durationMs: 3,
  });
  process.stdout.write(`${seq}\n`);
  setImmediate(writeOne);
};
writeOne();
