import type { RejectReason } from '../../../src-shared/domain/acks';
import { nameLabel } from '../../../src-shared/domain/names';

/** The options of a rejection's reason select: `CODE — name`, one a reason. */
export function ReasonOptions({ reasons }: { reasons: readonly RejectReason[] }) {
  return (
    <>
      {reasons.map((reason) => (
        <option key={reason.code} value={reason.code}>
          {reason.code} — {nameLabel(reason.name)}
        </option>
      ))}
    </>
  );
}
