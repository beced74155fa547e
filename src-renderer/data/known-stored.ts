/**
 * What one sync run knows the small tables written with every page hold: the records documents name
 * (`recordRefs`), each customer's search keys (`customerTokens`) and the words of numbers
 * (`numberWords`). A page of 500 documents names a few hundred of them, nearly all stored by an earlier
 * page; reading each back again cost a 100,000-document sync some 26,000 IndexedDB reads, about a
 * quarter of its requests. With this, a page reads back only what it names that the run has not seen
 * stored, and writes what it adds as before (always after reading it, so nothing another writer added
 * is overwritten).
 *
 * It can only be wrong in the safe direction: what it holds was read or written in a transaction that
 * committed (`commit`), and it forgets everything when anything else wrote these tables or cleared
 * them in between (`begin`: every writer counts its writes through `smallTablesWritten`). Forgetting
 * costs a read, never a record.
 */

let generation = 0;

/** Counts a write (or clear) of the small tables; `known` is the run whose own write it is, if any. */
export function smallTablesWritten(known?: KnownStored): void {
  generation += 1;
  known?.countOwnWrite();
}

interface Seen {
  refs: Map<string, string>;
  customers: Map<string, ReadonlySet<string>>;
  words: Set<string>;
}

function emptySeen(): Seen {
  return { refs: new Map(), customers: new Map(), words: new Set() };
}

export class KnownStored {
  #known = emptySeen();
  #pending = emptySeen();
  /** The generation the known facts are true at (-1: none yet). */
  #at = -1;
  #startedAt = -1;
  #own = 0;

  /** Before a transaction that uses it: forgets what it knew if another writer wrote since. */
  begin(): void {
    if (this.#at !== generation) this.#known = emptySeen();
    this.#pending = emptySeen();
    this.#startedAt = generation;
    this.#own = 0;
  }

  /** After that transaction committed: keeps what it saw, unless another writer wrote meanwhile. */
  commit(): void {
    if (generation === this.#startedAt + this.#own) {
      for (const [key, value] of this.#pending.refs) this.#known.refs.set(key, value);
      for (const [id, keys] of this.#pending.customers) this.#known.customers.set(id, keys);
      for (const word of this.#pending.words) this.#known.words.add(word);
      this.#at = generation;
    } else {
      this.#known = emptySeen();
      this.#at = -1;
    }
    this.#pending = emptySeen();
  }

  /** After that transaction failed: what it saw is not kept. */
  discard(): void {
    this.#pending = emptySeen();
  }

  countOwnWrite(): void {
    this.#own += 1;
  }

  /** Whether the record `key` is known stored with `value` (its code and ERP key). */
  hasRef(key: string, value: string): boolean {
    return this.#known.refs.get(key) === value;
  }

  sawRef(key: string, value: string): void {
    this.#pending.refs.set(key, value);
  }

  /** Whether the customer `id` is known stored with every one of `keys`. */
  hasCustomerKeys(id: string, keys: Iterable<string>): boolean {
    const known = this.#known.customers.get(id);
    if (!known) return false;
    for (const key of keys) if (!known.has(key)) return false;
    return true;
  }

  sawCustomerKeys(id: string, keys: ReadonlySet<string>): void {
    this.#pending.customers.set(id, keys);
  }

  hasWord(word: string): boolean {
    return this.#known.words.has(word);
  }

  sawWord(word: string): void {
    this.#pending.words.add(word);
  }
}
