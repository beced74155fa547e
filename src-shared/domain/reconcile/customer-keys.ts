/**
 * Customers a register names by an ERP key that no staged document carries.
 *
 * A register names each customer as the ERP does: by its ERP key once the ERP pushed one, else by the
 * service's code (decision 027). A staged document carries the key only if the customer had it when
 * the document was staged: adopting a customer under the ERP's key later (spec, Push semantics:
 * `service_id`) does not move the document's version, so the desk never sees it again, and a grid row
 * keeps the customer's code alone. Such keys are asked of the service once
 * (`GET /lookup?entity=customer&ref=…`), and the customer's id it answers ties the key to the documents
 * (docs/reconciliation.md, "Customers named by ERP key").
 */
import type { Register } from './register';
import type { ServiceDocument } from './model';

/** ERP keys of customers the service answered for, by the service's customer id, and the keys asked. */
export interface CustomerKeys {
  /** The ERP key of each customer id the service named for a key asked. */
  byCustomerId: Record<string, string>;
  /** Every key asked, found or not, as the register writes it: not asked again. */
  asked: string[];
}

function fold(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * The customers the register names (trimmed, once each however written, in register order) that no
 * document names by its code or ERP key, leaving out those already asked.
 */
export function unknownCustomers(
  register: Register,
  documents: readonly ServiceDocument[],
  asked: readonly string[],
): string[] {
  const known = new Set<string>(asked.map(fold));
  for (const doc of documents) {
    known.add(fold(doc.customerCode));
    known.add(fold(doc.customerErpKey));
  }
  const unknown: string[] = [];
  for (const line of register.lines) {
    const folded = fold(line.customer);
    if (folded === '' || known.has(folded)) continue;
    known.add(folded);
    unknown.push((line.customer ?? '').trim());
  }
  return unknown;
}

/** The documents with the ERP key the service answered for their customer, where they carry none. */
export function withCustomerKeys(
  documents: readonly ServiceDocument[],
  keys: Readonly<Record<string, string>>,
): ServiceDocument[] {
  if (Object.keys(keys).length === 0) return [...documents];
  return documents.map((doc) => {
    const key = keys[doc.customerId];
    return key !== undefined && !doc.customerErpKey ? { ...doc, customerErpKey: key } : doc;
  });
}
