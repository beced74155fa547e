import { useLanguageStore } from '../../messages/language-store';
import { formattersFor } from '../../messages/formatters';
import { deskLocaleOf, type LanguageSettings } from '../../messages/locale';
import { isolate, systemLanguages } from '../../messages/intl';
import { useSay } from '../../messages/use-say';

/** A moment to show the date orders with: the day is over 12, so the order reads at a glance. */
const sampleMoment = '2026-11-26T09:30:00';

/**
 * The clerk's language settings on this computer (docs/decisions/106-the-clerks-language.md): the
 * language (the operating system's by default), the digits and the date order, each shown as it reads.
 */
export function SettingsScreen() {
  const say = useSay();
  const { settings, locale, change } = useLanguageStore();
  const systemLanguage = deskLocaleOf({ ...settings, language: 'system' }, systemLanguages()).language;
  const example = (changes: Partial<LanguageSettings>): string =>
    isolate.ltr(
      formattersFor(deskLocaleOf({ ...settings, ...changes }, systemLanguages())).time(sampleMoment),
    );
  const formatters = formattersFor(locale);
  return (
    <section className="settings">
      <p className="muted">{say('shell.settings.intro')}</p>
      <div className="settings-fields">
        <label>
          {say('shell.settings.language')}
          <select
            value={settings.language}
            onChange={(event) => change({ language: event.target.value as LanguageSettings['language'] })}
          >
            <option value="system">
              {say('shell.settings.language.system', {
                language: say(`shell.settings.language.${systemLanguage}`),
              })}
            </option>
            <option value="en" lang="en">
              {say('shell.settings.language.en')}
            </option>
            <option value="ar" lang="ar">
              {say('shell.settings.language.ar')}
            </option>
          </select>
        </label>
        <label>
          {say('shell.settings.digits')}
          <select
            value={settings.digits}
            onChange={(event) => change({ digits: event.target.value as LanguageSettings['digits'] })}
          >
            <option value="latn">{say('shell.settings.digits.latn')}</option>
            <option value="arab">{say('shell.settings.digits.arab')}</option>
          </select>
        </label>
        <label>
          {say('shell.settings.dates')}
          <select
            value={settings.dates}
            onChange={(event) => change({ dates: event.target.value as LanguageSettings['dates'] })}
          >
            <option value="iso">
              {say('shell.settings.dates.iso', { example: example({ dates: 'iso' }) })}
            </option>
            <option value="day-first">
              {say('shell.settings.dates.day-first', { example: example({ dates: 'day-first' }) })}
            </option>
          </select>
        </label>
      </div>
      <p className="settings-sample">
        {say('shell.settings.sample', {
          amount: isolate.ltr(formatters.cents(-123450)),
          time: isolate.ltr(formatters.time(sampleMoment)),
        })}
      </p>
    </section>
  );
}
