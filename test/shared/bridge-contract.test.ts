import { describe, expect, expectTypeOf, it } from 'vitest';
import { deskOperations, type DeskApi, type DeskOperation } from '../../src-shared/bridge/contract';
import { operationArguments } from '../../src-shared/bridge/arguments';

type ApiOperations = {
  [A in keyof DeskApi]: `${A & string}.${keyof DeskApi[A] & string}`;
}[keyof DeskApi];

describe('the bridge contract', () => {
  it('lists exactly the operations of DeskApi', () => {
    expectTypeOf<DeskOperation>().toEqualTypeOf<ApiOperations>();
    expect(new Set(deskOperations).size).toBe(deskOperations.length);
  });

  it('has an argument schema for every operation', () => {
    expect(Object.keys(operationArguments).sort()).toEqual([...deskOperations].sort());
  });
});
