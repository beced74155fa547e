/**
 * Makes IndexedDB refuse writes as a full disk does (a `QuotaExceededError` DOMException), after
 * `allowed` more writes to the object stores `stores` accepts (every store when omitted); answers the
 * undo, which frees the disk.
 */
export function fillDiskAfter(allowed: number, stores: (name: string) => boolean = () => true): () => void {
  const prototype = globalThis.IDBObjectStore.prototype;
  const { put, add } = prototype;
  let left = allowed;
  const refuse = (write: typeof put) =>
    function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (stores(this.name) && left-- <= 0)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return write.apply(this, args);
    };
  prototype.put = refuse(put);
  prototype.add = refuse(add);
  return () => {
    prototype.put = put;
    prototype.add = add;
  };
}
