// The one message catalogue (docs/decisions/106-the-clerks-language.md): every word a clerk reads, in
// English and Arabic, as ICU messages keyed by an id namespaced by feature (`review.accept.title`). It is
// kept in one JSON file per feature and language (en/review.json, ar/review.json) so that features move
// in apart; each Arabic file is typed from its English one, so a key missing from either fails the
// typecheck, and test/renderer/messages/catalogue.test.ts checks that each pair parses, takes the same
// arguments, and that Arabic plurals have their six forms. The menu's words live in src-shared/messages
// (menu.en.json, menu.ar.json): the desktop shell reads the English file for the menu it shows before the
// window has said its language.
import menuAr from '../../src-shared/messages/menu.ar.json';
import menuEn from '../../src-shared/messages/menu.en.json';
import arAudit from './ar/audit.json';
import arBalances from './ar/balances.json';
import arCashUp from './ar/cash-up.json';
import arCheques from './ar/cheques.json';
import arConnections from './ar/connections.json';
import arDayEnd from './ar/day-end.json';
import arMasterData from './ar/master-data.json';
import arNames from './ar/names.json';
import arReconcile from './ar/reconcile.json';
import arReps from './ar/reps.json';
import arReview from './ar/review.json';
import arShell from './ar/shell.json';
import enAudit from './en/audit.json';
import enBalances from './en/balances.json';
import enCashUp from './en/cash-up.json';
import enCheques from './en/cheques.json';
import enConnections from './en/connections.json';
import enDayEnd from './en/day-end.json';
import enMasterData from './en/master-data.json';
import enNames from './en/names.json';
import enReconcile from './en/reconcile.json';
import enReps from './en/reps.json';
import enReview from './en/review.json';
import enShell from './en/shell.json';
import type { Language } from './locale';

/** Arabic messages of a feature, typed from its English ones: the same keys, no more, no fewer. */
type Same<English> = { [Id in keyof English]: string };

const arabic = {
  audit: arAudit satisfies Same<typeof enAudit>,
  balances: arBalances satisfies Same<typeof enBalances>,
  cashUp: arCashUp satisfies Same<typeof enCashUp>,
  cheques: arCheques satisfies Same<typeof enCheques>,
  connections: arConnections satisfies Same<typeof enConnections>,
  dayEnd: arDayEnd satisfies Same<typeof enDayEnd>,
  masterData: arMasterData satisfies Same<typeof enMasterData>,
  menu: menuAr satisfies Same<typeof menuEn>,
  names: arNames satisfies Same<typeof enNames>,
  reconcile: arReconcile satisfies Same<typeof enReconcile>,
  reps: arReps satisfies Same<typeof enReps>,
  review: arReview satisfies Same<typeof enReview>,
  shell: arShell satisfies Same<typeof enShell>,
};

const english = {
  ...enAudit,
  ...enBalances,
  ...enCashUp,
  ...enCheques,
  ...enConnections,
  ...enDayEnd,
  ...enMasterData,
  ...menuEn,
  ...enNames,
  ...enReconcile,
  ...enReps,
  ...enReview,
  ...enShell,
};

/** A message's id: a key of the English catalogue. */
export type MessageId = keyof typeof english;

/** One language's messages, complete. */
export type Messages = Record<MessageId, string>;

/** The catalogue, per language. */
export const catalogues: Record<Language, Messages> = {
  en: english,
  ar: Object.assign({}, ...Object.values(arabic)) as Messages,
};

/** The catalogue's files, per feature and language (its checks read them one by one). */
export const catalogueFiles = {
  en: {
    enAudit,
    enBalances,
    enCashUp,
    enCheques,
    enConnections,
    enDayEnd,
    enMasterData,
    menuEn,
    enNames,
    enReconcile,
    enReps,
    enReview,
    enShell,
  },
  ar: arabic,
};
