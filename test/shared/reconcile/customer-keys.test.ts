import { describe, expect, it } from 'vitest';
import {
  defaultReconcileSettings,
  reconcile,
  unknownCustomers,
  withCustomerKeys,
} from '../../../src-shared/domain/reconcile';
import { doc, line, view } from './support';

describe('customers a register names by an ERP key no staged document carries', () => {
  const documents = [
    doc('i1'),
    doc('i2', { customerId: 'cus_2', customerCode: 'C2', customerErpKey: null }),
    doc('i3', { customerId: 'cus_3', customerCode: 'C3', customerErpKey: null }),
  ];

  it('lists each unknown customer once, however written, leaving out codes, known keys and keys asked', () => {
    const register = {
      isTaxIncluded: true,
      lines: [
        line('a', { customer: 'C1' }),
        line('b', { customer: ' k1 ' }),
        line('c', { customer: 'ERP-2' }),
        line('d', { customer: 'erp-2' }),
        line('e', { customer: 'ERP-9' }),
        line('f', { customer: null }),
        line('g', { customer: 'c3' }),
      ],
    };
    expect(unknownCustomers(register, documents, [])).toEqual(['ERP-2', 'ERP-9']);
    expect(unknownCustomers(register, documents, ['Erp-9'])).toEqual(['ERP-2']);
  });

  it('matches the lines of a customer by the key the service answered for it, and only where a document has none', () => {
    const register = { isTaxIncluded: true, lines: [line('L2', { customer: 'ERP-2', serviceRef: 'I2' })] };
    const input = (docs: typeof documents) => ({
      documents: docs.filter((d) => d.id === 'i2'),
      register,
      settings: defaultReconcileSettings,
      decisions: [],
    });
    expect(view(reconcile(input(documents)))[0]).toMatchObject({
      state: 'differs',
      docs: ['i2'],
      lines: ['L2'],
    });
    const keyed = withCustomerKeys(documents, { cus_2: 'ERP-2', cus_1: 'OTHER' });
    expect(keyed.map((d) => d.customerErpKey)).toEqual(['K1', 'ERP-2', null]);
    expect(view(reconcile(input(keyed)))[0]).toMatchObject({ state: 'matched', docs: ['i2'], lines: ['L2'] });
  });
});
