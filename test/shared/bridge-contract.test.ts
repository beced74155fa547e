import { describe, expect, expectTypeOf, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  deskEventNames,
  deskOperations,
  type DeskApi,
  type DeskEventName,
  type DeskEvents,
  type DeskOperation,
  type OperationArgs,
} from '../../src-shared/bridge/contract';
import { operationArguments, type CheckedArguments } from '../../src-shared/bridge/arguments';

type ApiOperations = {
  [A in keyof DeskApi]: `${A & string}.${keyof DeskApi[A] & string}`;
}[keyof DeskApi];

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Operations whose argument schema reads differently from their DeskApi signature (should be none). */
type SchemaMismatch = {
  [O in DeskOperation]: Equal<CheckedArguments<O>, OperationArgs<O>> extends true ? never : O;
}[DeskOperation];

const token = `svc_live_${'Ab3_-'.repeat(8)}xyz`;

describe('the bridge contract', () => {
  it('lists exactly the operations of DeskApi and the events of DeskEvents', () => {
    expectTypeOf<DeskOperation>().toEqualTypeOf<ApiOperations>();
    expect(new Set(deskOperations).size).toBe(deskOperations.length);
    expectTypeOf<(typeof deskEventNames)[number]>().toEqualTypeOf<keyof DeskEvents>();
    expectTypeOf<DeskEventName>().toEqualTypeOf<'connection.state' | 'push.progress' | 'menu.command'>();
    expect([...deskEventNames]).toEqual(['connection.state', 'push.progress', 'menu.command']);
  });

  it('has an argument schema for every operation, reading as its signature', () => {
    expect(Object.keys(operationArguments).sort()).toEqual([...deskOperations].sort());
    expectTypeOf<SchemaMismatch>().toEqualTypeOf<never>();
  });

  it('bounds the connections arguments: labels, http(s) addresses, tokens, ids, and nothing extra', () => {
    const add = Compile(operationArguments['connections.add']);
    const good = { label: 'Live', baseUrl: 'https://service.example.com/api/integration/v1', token };
    expect(token).toHaveLength(52);
    expect(add.Check([good])).toBe(true);
    expect(
      add.Check([
        {
          ...good,
          baseUrl: 'http://127.0.0.1:8787/api/integration/v1',
          token: token.replace('live', 'test'),
        },
      ]),
    ).toBe(true);
    for (const bad of [
      { ...good, token: token.slice(0, -1) },
      { ...good, token: `${token}x` },
      { ...good, token: token.replace('svc_live_', 'svc_prod_') },
      { ...good, token: `${token.slice(0, -1)}!` },
      { ...good, label: '' },
      { ...good, label: '   ' },
      { ...good, label: 'x'.repeat(81) },
      { ...good, baseUrl: 'service.example.com' },
      { ...good, baseUrl: 'ftp://service.example.com' },
      { ...good, baseUrl: 'https://service example.com' },
      { ...good, baseUrl: `https://service.example.com/${'a'.repeat(2048)}` },
      { ...good, extra: 1 },
      { label: 'Live', baseUrl: good.baseUrl },
    ]) {
      expect(add.Check([bad]), JSON.stringify(bad).slice(0, 120)).toBe(false);
    }
    expect(add.Check([good, good])).toBe(false);

    const rotate = Compile(operationArguments['connections.rotate']);
    expect(rotate.Check([{ id: '0b7c3c1e-7a53-4bb3-9f0a-3c1d1e2f4a5b', token }])).toBe(true);
    expect(rotate.Check([{ id: '../x', token }])).toBe(false);
    expect(rotate.Check([{ id: 'x'.repeat(65), token }])).toBe(false);
    const activate = Compile(operationArguments['connections.activate']);
    expect(activate.Check(['0b7c3c1e-7a53-4bb3-9f0a-3c1d1e2f4a5b'])).toBe(true);
    expect(activate.Check([42])).toBe(false);
    expect(activate.Check([])).toBe(false);
  });
});
