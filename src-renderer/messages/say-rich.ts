// A message whose pieces are elements (`Remove <b>{label}</b>?`, a file name in <bdi dir="ltr">), in the
// desk's language now. It needs no provider around the component, so a screen shown alone (a test) says
// it too; call `useSay()` in the component so it is said again on a language switch.
import { createElement, Fragment, type ReactNode } from 'react';
import type { MessageId } from './catalogue';
import { deskIntl } from './intl';

/** The values of a message with elements in it: text or elements, and a function for each tag. */
export type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** `say`, with elements among the values or tags in the message. */
export function sayRich(id: MessageId, values: RichValues): ReactNode {
  const said: unknown = deskIntl().formatMessage(
    { id },
    values as Parameters<ReturnType<typeof deskIntl>['formatMessage']>[1],
  );
  // The pieces as children of one fragment: no list, so no keys to give.
  return Array.isArray(said) ? createElement(Fragment, null, ...(said as ReactNode[])) : (said as ReactNode);
}
