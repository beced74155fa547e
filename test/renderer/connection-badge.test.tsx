import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConnectionBadge } from '../../src-renderer/features/connections/ConnectionBadge';

describe('ConnectionBadge', () => {
  it('says which company the app is connected to', () => {
    render(
      <ConnectionBadge
        status={{
          connection: null,
          state: 'connected',
          company: { code: 'DEMO', name: 'Demo Trading Company' },
          client: {
            name: 'Demo ERP',
            system: 'OTHER',
            rateLimitPerMinute: 120,
            tokenExpiresAt: '2027-01-01T00:00:00Z',
            tokenPrefix: 'svc_test_abcdefgh',
          },
        }}
      />,
    );
    expect(screen.getByRole('status', { name: 'Connection' }).textContent).toBe(
      'Connected to Demo Trading Company (DEMO) as Demo ERP',
    );
  });

  it('tells what to do when nothing is configured', () => {
    render(<ConnectionBadge status={{ connection: null, state: 'not-configured' }} />);
    expect(screen.getByRole('status').textContent).toContain(
      "No connection yet. Open the demo company to try the desk, or add your service's address and token in Connections.",
    );
  });
});
