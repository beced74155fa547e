import type { RejectReason } from '../../../src-shared/domain/acks';
import { nameLabel } from '../../../src-shared/domain/names';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';

/**
 * The options of a rejection's reason select: `CODE — name`, one a reason (an option holds text only,
 * so the code and the name are set apart by isolates rather than <bdi>).
 */
export function ReasonOptions({ reasons }: { reasons: readonly RejectReason[] }) {
  const say = useSay();
  return (
    <>
      {reasons.map((reason) => (
        <option key={reason.code} value={reason.code}>
          {say('review.ui.reasonOption', {
            code: isolate.ltr(reason.code),
            name: isolate.name(nameLabel(reason.name)),
          })}
        </option>
      ))}
    </>
  );
}
