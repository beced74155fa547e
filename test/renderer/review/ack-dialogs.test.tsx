import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AckDraft } from '../../../src-shared/domain/acks';
import { rejectReasons } from '../../../src-shared/domain/acks';
import { AcceptDialog } from '../../../src-renderer/features/review/AcceptDialog';
import { RejectDialog } from '../../../src-renderer/features/review/RejectDialog';
import { row } from './fixtures';

describe('AcceptDialog', () => {
  it('takes typed and pasted ERP numbers and accepts every selected invoice', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_drafts: AckDraft[]) => null);
    render(
      <AcceptDialog
        kind="invoices"
        rows={[row('a'), row('b'), row('c')]}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Accept 3 documents' })).toBeTruthy();
    await user.type(screen.getByLabelText('ERP number for INV-a'), 'ERP-1');
    await user.type(
      screen.getByLabelText('Paste id,number pairs'),
      'b,ERP-2{enter}INV-c,ERP-3{enter}INV-zz,ERP-9',
    );
    await user.click(screen.getByRole('button', { name: 'Apply pasted numbers' }));
    expect(screen.getByRole('status').textContent).toBe(
      '2 number(s) applied, 1 line(s) name no selected document.',
    );
    await user.click(screen.getByRole('button', { name: 'Accept 3' }));
    expect(onSubmit).toHaveBeenCalledWith([
      { id: 'a', outcome: 'ACCEPTED', externalNumber: 'ERP-1' },
      { id: 'b', outcome: 'ACCEPTED', externalNumber: 'ERP-2' },
      { id: 'c', outcome: 'ACCEPTED', externalNumber: 'ERP-3' },
    ]);
  });

  it('says which invoices still lack a number and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => null);
    render(
      <AcceptDialog
        kind="invoices"
        rows={[row('a'), row('b')]}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText('ERP number for INV-a'), 'ERP-1');
    await user.click(screen.getByRole('button', { name: 'Accept 2' }));
    expect(screen.getByRole('alert').textContent).toBe('1 document(s) still need an ERP number.');
    expect(screen.getByLabelText('ERP number for INV-b').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('RejectDialog', () => {
  it('needs a reason, then rejects every selected document with it and the message', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_drafts: AckDraft[]) => null);
    const reasons = [{ code: 'DAMAGED', name: { en: 'Damaged', ar: 'تالف' } }, ...rejectReasons];
    render(
      <RejectDialog
        rows={[row('p1'), row('p2')]}
        reasons={reasons}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Reject 2' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a reason for the rejection.');
    // The reason's name in the clerk's language only, beside its code.
    expect(screen.getByRole('option', { name: 'DAMAGED — Damaged' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Reason'), 'DAMAGED');
    await user.type(screen.getByLabelText('Message'), 'Crushed cartons');
    await user.click(screen.getByRole('button', { name: 'Reject 2' }));
    expect(onSubmit).toHaveBeenCalledWith([
      { id: 'p1', outcome: 'REJECTED', reasonCode: 'DAMAGED', message: 'Crushed cartons' },
      { id: 'p2', outcome: 'REJECTED', reasonCode: 'DAMAGED', message: 'Crushed cartons' },
    ]);
  });
});
