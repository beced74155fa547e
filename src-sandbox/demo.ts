import type { Database } from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scopes } from '../src-shared/wire';
import type { SandboxClock } from './clock';
import { seedDemoCompany } from './simulator/seed';
import { createClient, createCompany } from './store/platform';

/** Flags that shape the demo company on first start. */
export interface DemoOptions {
  seed: number;
  docs: number;
  rateLimitPerMinute: number;
}

/**
 * On an empty store: seeds the demo company (code DEMO) with its master data and `docs` documents of
 * each kind, creates the client "Demo ERP" (system OTHER, every scope) and writes its token to
 * `DIR/demo-token` (mode 0600). Writes a random admin secret to `DIR/admin-secret` (mode 0600) if there
 * is none. Returns the admin secret.
 */
export function ensureDemo(db: Database, clock: SandboxClock, dataDir: string, options: DemoOptions): string {
  const secretFile = join(dataDir, 'admin-secret');
  if (!existsSync(secretFile))
    writeFileSync(secretFile, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  const adminSecret = readFileSync(secretFile, 'utf8').trim();

  const hasCompany = db.prepare('SELECT 1 FROM companies LIMIT 1').get();
  if (!hasCompany) {
    const { token } = db.transaction(() => {
      const company = createCompany(db, clock, 'DEMO', 'Demo Trading Company');
      db.prepare("INSERT INTO meta(key, value) VALUES ('seed', ?)").run(String(options.seed));
      seedDemoCompany(db, clock, company.id, { seed: options.seed, docs: options.docs });
      return createClient(db, clock, {
        companyId: company.id,
        name: 'Demo ERP',
        system: 'OTHER',
        scopes: [...scopes],
        ipAllow: [],
        rateLimitPerMinute: options.rateLimitPerMinute,
      });
    })();
    writeFileSync(join(dataDir, 'demo-token'), `${token}\n`, { mode: 0o600 });
  }
  return adminSecret;
}
