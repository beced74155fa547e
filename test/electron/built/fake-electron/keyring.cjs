'use strict';
// A stand-in for @napi-rs/keyring where no keychain answers (a headless box): the built main bundle
// then keeps tokens in memory, and the test never touches this machine's keyrings.
class Entry {
  constructor() {
    throw new Error('no keychain in the built-output test');
  }
}
exports.Entry = Entry;
