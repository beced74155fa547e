import type { ReactNode } from 'react';
import type { MessageId } from '../../messages/catalogue';
import { deskIntl } from '../../messages/intl';

/** The values of a message with elements in it: text or elements, and a function for each tag. */
export type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * A message whose pieces are elements (`Remove <b>{label}</b>?`, a token prefix in <code>), in the
 * desk's language now. Like <FormattedMessage>, but needs no provider around the component, so a
 * screen shown alone (a test) says it too; call `useSay()` in the component so it re-renders on a
 * language switch.
 */
export function sayRich(id: MessageId, values: RichValues): ReactNode {
  return deskIntl().formatMessage(
    { id },
    values as Parameters<ReturnType<typeof deskIntl>['formatMessage']>[1],
  );
}
