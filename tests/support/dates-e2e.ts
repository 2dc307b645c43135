/** A day as the kit's date field shows it in `locale` (en-US is the test browser's): 05/01/2026. */
export const shownDay = (date: Date, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    date,
  );
