import type { PushResponseData, UnitBody } from '../../../src-shared/wire';
import type { RecordStore } from './records';
import { adoptByCode } from './references';

/** The canonical stored body of a unit: every known field, absent ones as null. */
function unitRecord(body: UnitBody) {
  return { name: body.name };
}

/** Unit pushes (spec, Push master data: `PUT /units/{ref}`); a unit with the key as its code is adopted. */
export function createUnitStore(records: RecordStore) {
  function pushUnit(companyId: string, ref: string, body: UnitBody): PushResponseData {
    return records.upsert({
      companyId,
      entity: 'unit',
      parentId: '',
      ref,
      body: unitRecord(body),
      sourceVersion: body.source_version,
      adopt: adoptByCode(records, companyId, 'unit', ref),
    });
  }

  return { pushUnit };
}
