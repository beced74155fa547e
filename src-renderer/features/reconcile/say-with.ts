// A message whose values are elements (a file name in <bdi dir="ltr">, a count in its own span), in the
// desk's language: react-intl's rich formatting from the desk's IntlShape, so it needs no provider above
// it. Call it during the render of a component that calls useSay(), so it is said again on a switch.
import type { ReactNode } from 'react';
import type { MessageId } from '../../messages/catalogue';
import { deskIntl } from '../../messages/intl';

/** `say`, with elements among the values. */
export function sayWith(id: MessageId, values: Record<string, ReactNode>): ReactNode {
  return deskIntl().formatMessage({ id }, values);
}
