import type { RejectReason } from '../../../src-shared/domain/acks';
import { nameIn } from '../../../src-shared/domain/names';
import { isolate } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';

/**
 * The options of a rejection's reason select: `CODE — name`, one a reason, the name in the clerk's
 * language (docs/decisions/107-names-not-codes.md), the code alone when the list names it not (an
 * option holds text only, so the code and the name are set apart by isolates rather than <bdi>).
 */
export function ReasonOptions({ reasons }: { reasons: readonly RejectReason[] }) {
  const say = useSay();
  const { language } = useDeskLocale();
  return (
    <>
      {reasons.map((reason) => {
        const name = nameIn(reason.name, language);
        return (
          <option key={reason.code} value={reason.code}>
            {name
              ? say('review.ui.reasonOption', { code: isolate.ltr(reason.code), name: isolate.name(name) })
              : reason.code}
          </option>
        );
      })}
    </>
  );
}
