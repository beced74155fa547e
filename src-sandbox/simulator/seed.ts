import type { Database } from 'better-sqlite3';
import type { SandboxClock } from '../clock';

/**
 * Seeds a company's master data (units, catalogue with prices, customers with branches, sales reps,
 * warehouses) and `docs` documents of each kind through the activity simulator, deterministically
 * from `seed`.
 */
export function seedDemoCompany(
  _db: Database,
  _clock: SandboxClock,
  _companyId: string,
  _options: { seed: number; docs: number },
): void {
  // Filled in by the activity simulator.
}
