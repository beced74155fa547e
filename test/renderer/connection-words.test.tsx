import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { TokenStorage } from '../../src-shared/bridge/contract';
import { ActiveConnection } from '../../src-renderer/features/connections/ActiveConnection';
import { AddConnectionForm } from '../../src-renderer/features/connections/AddConnectionForm';
import { describeConnection, expiryWarning } from '../../src-renderer/features/connections/connection-words';
import { useLanguageStore } from '../../src-renderer/messages/language-store';
import { connectionProblems, describeProblem, deskErrorWords } from '../../src-renderer/words/problem-words';

describe('the words of the Connections feature', () => {
  it('has plain words and a next step for every 401 and 403 code of the spec and for a network failure', () => {
    const codes = [
      'TOKEN_REVOKED',
      'TOKEN_EXPIRED',
      'COMPANY_SUSPENDED',
      'TOKEN_INVALID',
      'SCOPE_MISSING',
      'IP_NOT_ALLOWED',
      'NETWORK_UNREACHABLE',
    ];
    expect(
      Object.fromEntries(codes.map((code) => [code, describeProblem({ code, message: 'service words' })])),
    ).toEqual({
      TOKEN_REVOKED: {
        title: 'The token was revoked.',
        next: 'Paste a new one in Connections (Rotate token).',
      },
      TOKEN_EXPIRED: {
        title: 'The token has expired.',
        next: "Make a new token with Rotate in the service's console and paste it in Connections (Rotate token).",
      },
      COMPANY_SUSPENDED: {
        title: 'The company is suspended on the service.',
        next: 'Its administrator must contact the service to have it restored; until then nothing can be synced.',
      },
      TOKEN_INVALID: {
        title: 'The service does not know this token.',
        next: 'Check that it was copied whole, or make a new one in the console.',
      },
      SCOPE_MISSING: {
        title: 'The client lacks a permission (scope) this needs.',
        next: "An administrator adds the scope to the client in the service's console.",
      },
      IP_NOT_ALLOWED: {
        title: "This computer's address is not on the client's IP allow-list.",
        next: 'An administrator adds this address (or its block) to the allow-list in the console.',
      },
      NETWORK_UNREACHABLE: {
        title: 'The service did not answer.',
        next: "Check the address and this computer's network connection, then try again.",
      },
    });
    for (const words of Object.values(connectionProblems)) {
      expect(words.title).toMatch(/\.$/);
      expect(words.next).toMatch(/\.$/);
    }
  });

  it("keeps the service's own message for a code it has no words for", () => {
    expect(describeProblem({ code: 'ERP_MODE_NOT_API', message: 'The company is not in API mode.' })).toEqual(
      { title: 'The company is not in API mode.', next: '' },
    );
  });

  it('describes each connection state for the header', () => {
    expect(describeConnection(null)).toEqual({ tone: 'idle', text: 'Checking the connection…' });
    // The demo company is offered beside Connections (decision 099): the header says both ways on.
    expect(describeConnection({ connection: null, state: 'not-configured' })).toEqual({
      tone: 'warn',
      text: "No connection yet. Open the demo company to try the desk, or add your service's address and token in Connections.",
    });
    expect(
      describeConnection({
        connection: null,
        state: 'error',
        error: { code: 'IP_NOT_ALLOWED', message: 'x' },
      }),
    ).toEqual({
      tone: 'error',
      text: "This computer's address is not on the client's IP allow-list. An administrator adds this address (or its block) to the allow-list in the console.",
    });
    expect(expiryWarning(30)).toBe('The token expires in 30 days: rotate it soon.');
    expect(expiryWarning(1)).toBe('The token expires in 1 day: rotate it soon.');
    expect(expiryWarning(0)).toBe('The token expires today: rotate it now.');
  });

  it('shows a refused token as the problem and what to do, with the service message and request id', () => {
    render(
      <ActiveConnection
        status={{
          connection: {
            id: 'c',
            label: 'Live',
            baseUrl: 'https://s.example/api/integration/v1',
            isActive: true,
            tokenStorage: 'memory',
            start: { mode: 'everything' },
            identity: null,
          },
          state: 'error',
          error: {
            code: 'SCOPE_MISSING',
            message: 'The client lacks the scope invoices:read.',
            requestId: 'req-9',
          },
        }}
        isChecking={false}
        onCheck={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      "The client lacks a permission (scope) this needs. An administrator adds the scope to the client in the service's console.The client lacks the scope invoices:read. (request req-9)",
    );
    expect(screen.getByText(/memory only/).textContent).toContain('forgotten when the app closes');
  });
});

describe('the words for where tokens are kept', () => {
  const connection = {
    id: 'c',
    label: 'Live',
    baseUrl: 'https://s.example/api/integration/v1',
    isActive: true,
    start: { mode: 'everything' },
    identity: null,
  } as const;

  function renderScreen(tokenStorage: TokenStorage): string {
    render(
      <>
        <ActiveConnection
          status={{ connection: { ...connection, tokenStorage }, state: 'connected' }}
          isChecking={false}
          onCheck={() => undefined}
        />
        <AddConnectionForm
          tokenStorage={tokenStorage}
          activeId="c"
          onAdd={() => new Promise(() => undefined)}
        />
      </>,
    );
    return document.body.textContent ?? '';
  }

  // Linux without a Secret Service: the keyring library would have used the kernel's session keyring,
  // which the core reports as memory (docs/decisions/095-keychain-that-outlives-the-session.md).
  it('says memory only, and how to get a keychain, where no keychain outlives the session', () => {
    const text = renderScreen('memory');
    expect(text).not.toContain("this computer's keychain");
    expect(screen.getByText(/^memory only/).textContent).toBe(
      'memory only: no keychain on this computer keeps tokens across restarts, so the token is forgotten when the app closes. On Linux, install or unlock a Secret Service (GNOME Keyring or KeePassXC), then restart the app.',
    );
    expect(text).toContain(
      'It is checked with the service first, then kept in memory only: no keychain on this computer keeps tokens across restarts, so it is forgotten when the app closes. On Linux, install or unlock a Secret Service (GNOME Keyring or KeePassXC), then restart the app.',
    );
  });

  it("says this computer's keychain where one keeps tokens", () => {
    const text = renderScreen('os-keychain');
    expect(text).toContain(
      "It is checked with the service first, then kept in this computer's keychain, never in a file.",
    );
    expect(screen.getByText("this computer's keychain")).toBeTruthy();
    expect(text).not.toContain('memory only');
    expect(text).not.toContain('Secret Service');
  });
});

describe('the words of the Connections feature in Arabic', () => {
  it('says each code, the header and the expiry warning in Arabic, days in their Arabic plural', async () => {
    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));
    expect(describeProblem({ code: 'TOKEN_REVOKED', message: 'x' })).toEqual({
      title: 'أُلغي رمز الوصول.',
      next: 'الصق رمزًا جديدًا في الاتصالات (تجديد رمز الوصول).',
    });
    for (const words of Object.values(connectionProblems)) {
      expect(words.title).toMatch(/\p{Script=Arabic}/u);
      expect(words.next).toMatch(/\p{Script=Arabic}/u);
    }
    // An answer's code, and a code the desk has no words for (the service's own message stays).
    expect(deskErrorWords({ code: 'ERP_MODE_NOT_API', message: 'x', retryable: false })).toContain(
      'وضع نظام ERP للشركة على الخدمة ليس API.',
    );
    expect(deskErrorWords({ code: 'ODD', message: 'Odd.', retryable: false })).toBe(
      'Odd. حاول مرة أخرى؛ وإذا تكرر فأبلغ الدعم برقم الطلب (request id).',
    );
    expect([1, 2, 3, 11, 100].map(expiryWarning)).toEqual([
      'تنتهي صلاحية رمز الوصول خلال يوم واحد: جدّده قريبًا.',
      'تنتهي صلاحية رمز الوصول خلال يومين: جدّده قريبًا.',
      'تنتهي صلاحية رمز الوصول خلال 3 أيام: جدّده قريبًا.',
      'تنتهي صلاحية رمز الوصول خلال 11 يومًا: جدّده قريبًا.',
      'تنتهي صلاحية رمز الوصول خلال 100 يوم: جدّده قريبًا.',
    ]);
    // The company, its code and the client are set apart from the Arabic sentence around them.
    expect(
      describeConnection({
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
      }).text,
    ).toBe('متصل بـ \u2068Demo Trading Company\u2069 (\u2066DEMO\u2069) باسم \u2068Demo ERP\u2069');
  });
});
